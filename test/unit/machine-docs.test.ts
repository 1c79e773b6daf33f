/**
 * What an auditor reads: every state of every machine says what the customer sees there and which
 * part of the spec it implements; every transition says which rule it implements.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { balanceMachine } from '../../machines/balance.ts'
import { contactMachine } from '../../machines/contact.ts'
import { loginMachine } from '../../machines/login.ts'
import { notificationsMachine } from '../../machines/notifications.ts'
import { passwordChangeMachine } from '../../machines/passwordChange.ts'
import { photoMachine } from '../../machines/photo.ts'
import { pinResetMachine } from '../../machines/pinReset.ts'
import { profileMachine } from '../../machines/profile.ts'
import { sessionMachine } from '../../machines/session.ts'
import { statementMachine } from '../../machines/statement.ts'
import { transferMachine } from '../../machines/transfer.ts'

const machines: Record<string, AnyStateMachine> = {
  login: loginMachine,
  session: sessionMachine,
  transfer: transferMachine,
  balance: balanceMachine,
  statement: statementMachine,
  pinReset: pinResetMachine,
  notifications: notificationsMachine,
  passwordChange: passwordChangeMachine,
  contact: contactMachine,
  photo: photoMachine,
  profile: profileMachine,
}

const descendants = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).flatMap((child) => [child, ...descendants(child)])
const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
]

describe.each(Object.entries(machines))('%s machine', (_, machine) => {
  const states = descendants(machine.root)

  it('every state has a description and a spec reference', () => {
    const undocumented = states.filter((s) => !s.description || !/spec|rulings/.test(String(s.meta?.spec ?? '')))
    expect(undocumented.map((s) => s.id)).toEqual([])
  })

  it('every transition names the rule it implements', () => {
    const silent = [machine.root, ...states].flatMap(transitionsOf).filter((t) => !t.description)
    expect(silent.map((t) => `${t.source.id} ${t.eventType || 'always'}`)).toEqual([])
  })
})

/**
 * What an auditor reads: every state of every machine says what the customer sees there and which
 * part of the spec it implements; every transition says which rule it implements. The machines are
 * those of the registry, and the registry has every machine of `machines/`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machineRegistry } from '../../machines/registry.ts'

const descendants = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...descendants(child)])
const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]

describe('the machine registry', () => {
  it('has every machine of machines/ (each module that calls createMachine)', () => {
    const withMachine = readdirSync('machines', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `machines/${name}`)
      .filter((path) => /\bcreateMachine\s*\(/.test(readFileSync(path, 'utf8')))
    expect(machineRegistry.map((e) => e.source).sort()).toEqual(withMachine.sort())
  })

  it('names each machine by its id (the name of its document)', () => {
    expect(machineRegistry.map((e) => e.machine.id)).toEqual(machineRegistry.map((e) => e.id))
  })
})

describe.each(machineRegistry.map((entry) => [entry.id, entry.machine] as const))('%s machine', (_, machine) => {
  const states = descendants(machine.root)

  it('every state has a description and a spec reference', () => {
    const undocumented = states.filter((s) => !s.description || !/spec|rulings/.test(String(s.meta?.spec ?? '')))
    expect(undocumented.map((s) => s.id)).toEqual([])
  })

  it('every transition names the rule it implements', () => {
    const silent = [machine.root, ...states].flatMap(transitionsOf).filter((t) => !t.description)
    expect(silent.map((t) => `${t.source.id} ${t.eventType || 'always'}`)).toEqual([])
  })

  it('every transition cites its spec or rulings clause, or the recorded decision where the spec is silent', () => {
    const unsourced = [machine.root, ...states].flatMap(transitionsOf).filter((t) => !/\b(spec|rulings) §\d|docs\/decisions\.md/.test(t.description ?? ''))
    expect(unsourced.map((t) => `${t.source.id} ${t.eventType || 'always'}: ${t.description}`)).toEqual([])
  })
})

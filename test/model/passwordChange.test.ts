import { describe, expect, it } from 'vitest'
import { password as texts, temporaryPin } from '../../machines/messages.ts'
import { passwordChangeMachine } from '../../machines/passwordChange/passwordChange.machine.ts'
import { passwordChangeScreen } from '../../machines/passwordChange/passwordChange.screen.ts'
import type { ChangePasswordAnswer, PasswordChangeEvent, PasswordField } from '../../machines/passwordChange/passwordChange.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const type = (field: PasswordField, value: string): PasswordChangeEvent => ({ type: 'field.change', field, value })
const submit: PasswordChangeEvent = { type: 'password.submit' }
const answered = (answer: ChangePasswordAnswer) => doneEvent('changePassword', answer)
const fill = [type('oldPassword', 'ancien1'), type('password', 'nouveau1'), type('password2', 'autre12')] as const

const answers: Record<string, ChangePasswordAnswer> = {
  ok: { status: 200, body: { status: '0', code: '0' } },
  refused: { status: 200, body: { status: '1', description: 'Ancien mot de passe incorrect', code: '0' } },
  expired: { status: 403, body: { code: '2', message: 'Session expirée' } },
  http: { status: 500, body: null },
}

describe('password change machine — walk of every transition (spec §2 /app/update-password, §4, §8)', () => {
  const walk = createWalk(passwordChangeMachine, {
    // The same machine replaces the temporary PIN (rulings §9.5): both inputs walk every transition.
    inputs: { "the customer's own change": {}, 'the temporary PIN': { mode: 'temporaryPin' } },
    stubActions: ['pinChanged'],
    screen: passwordChangeScreen,
    events: [...fill, type('oldPassword', ''), submit, ...Object.values(answers).map(answered), errorEvent('changePassword', new TypeError('Failed to fetch'))],
    invariant: (snapshot) => {
      const c = snapshot.context
      if (!c.submitted) expect(c.errors).toEqual({})
      const screen = passwordChangeScreen(snapshot)
      expect(screen.success !== null && screen.error !== null).toBe(false)
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(passwordChangeMachine, { stubActions: ['pinChanged'] })
const play = (...events: Array<PasswordChangeEvent | SyntheticEvent>) => walk.play({}, events)
const playTemporary = (...events: Array<PasswordChangeEvent | SyntheticEvent>) => walk.play({ mode: 'temporaryPin' }, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])

describe('password change — the form (spec §5)', () => {
  it('no error before a submit attempt; a blank submit shows the three required messages', async () => {
    expect((await play(type('password', 'a'))).snapshot.context.errors).toEqual({})
    const { snapshot, calls } = await play(submit)
    expect(passwordChangeScreen(snapshot).errors).toEqual({
      oldPassword: "Saisir l'ancien mot de passe",
      password: 'Saisir le mot de passe',
      password2: 'Saisir le mot de passe',
    })
    expect(actorCalls(calls)).toEqual([])
  })

  it('fewer than 5 characters: "Saisir minimun 5 caracteres"; the errors follow the typing', async () => {
    const { snapshot } = await play(type('oldPassword', 'abcd'), type('password', 'abcd'), type('password2', 'abcd'), submit)
    expect(snapshot.context.errors).toEqual({
      oldPassword: 'Saisir minimun 5 caracteres',
      password: 'Saisir minimun 5 caracteres',
      password2: 'Saisir minimun 5 caracteres',
    })
    const after = await play(type('oldPassword', 'abcd'), submit, type('oldPassword', 'abcde'))
    expect(after.snapshot.context.errors.oldPassword).toBeUndefined()
  })

  it('different new passwords are sent as typed (spec §5: no equality check), once', async () => {
    const { snapshot, calls } = await play(...fill, submit, submit)
    expect(passwordChangeScreen(snapshot).busy).toBe(true)
    expect(actorCalls(calls)).toEqual([['changePassword', { oldPassword: 'ancien1', password: 'nouveau1', password2: 'autre12' }]])
  })
})

describe('password change — the answer (spec §4, §8)', () => {
  const wiped = { oldPassword: '', password: '', password2: '' }

  it("status '0': the success message, fields wiped", async () => {
    const { snapshot } = await play(...fill, submit, answered(answers.ok!))
    expect(passwordChangeScreen(snapshot)).toMatchObject({ busy: false, success: texts.success, error: null, values: wiped, errors: {} })
  })

  it('another status: the description', async () => {
    const { snapshot } = await play(...fill, submit, answered(answers.refused!))
    expect(passwordChangeScreen(snapshot)).toMatchObject({ success: null, error: 'Ancien mot de passe incorrect', values: wiped })
  })

  it.each([
    ['an HTTP error', answered(answers.http!)],
    ['no answer', errorEvent('changePassword')],
    ['a refusal without description', answered({ status: 200, body: { status: '1' } })],
  ])('%s: "Une erreur lors de la modification de votre mot de passe"', async (_, event) => {
    const { snapshot } = await play(...fill, submit, event)
    expect(passwordChangeScreen(snapshot)).toMatchObject({
      error: 'Une erreur lors de la modification de votre mot de passe',
      values: wiped,
    })
  })

  it('HTTP 403 / code 2: no message, fields wiped (the session signs out)', async () => {
    const { snapshot } = await play(...fill, submit, answered(answers.expired!))
    expect(passwordChangeScreen(snapshot)).toMatchObject({ success: null, error: null, values: wiped, busy: false })
  })

  it('a new submit clears the previous banner', async () => {
    const { snapshot } = await play(...fill, submit, answered(answers.refused!), ...fill, submit)
    expect(passwordChangeScreen(snapshot)).toMatchObject({ busy: true, error: null, success: null })
  })
})

describe('the temporary PIN — "Choisissez un nouveau code PIN" (rulings §9.5)', () => {
  it("the same form in the ruling's words: title, PIN reçu, nouveau PIN, confirmation", async () => {
    const { snapshot } = await playTemporary()
    const screen = passwordChangeScreen(snapshot)
    expect(screen.title).toBe('Choisissez un nouveau code PIN')
    expect(screen.intro).toBe(temporaryPin.intro)
    expect(screen.fields.map((f) => f.label)).toEqual([temporaryPin.oldPasswordLabel, temporaryPin.passwordLabel, temporaryPin.password2Label])
    expect(screen.submit).toBe(temporaryPin.submit)
    const own = passwordChangeScreen((await play()).snapshot)
    expect(own).toMatchObject({ title: texts.title, intro: null, submit: texts.submit })
    expect(own.fields.map((f) => f.label)).toEqual([texts.oldPasswordLabel, texts.passwordLabel, texts.password2Label])
  })

  it('the rules of /app/update-password, the required messages in its words', async () => {
    const { snapshot } = await playTemporary(submit)
    expect(passwordChangeScreen(snapshot).errors).toEqual({
      oldPassword: temporaryPin.oldPasswordRequired,
      password: temporaryPin.passwordRequired,
      password2: temporaryPin.passwordRequired,
    })
    const short = await playTemporary(type('oldPassword', '1234'), type('password', '12'), type('password2', '12345'), submit)
    expect(passwordChangeScreen(short.snapshot).errors).toEqual({ oldPassword: 'Saisir minimun 5 caracteres', password: 'Saisir minimun 5 caracteres' })
  })

  it("status '0': the app is told (pinChanged, with the message for the dashboard); the machine is done", async () => {
    const { snapshot, calls } = await playTemporary(
      type('oldPassword', '48213'),
      type('password', '24680'),
      type('password2', '24680'),
      submit,
      answered(answers.ok!),
    )
    expect(actorCalls(calls)).toEqual([['changePassword', { oldPassword: '48213', password: '24680', password2: '24680' }]])
    expect(calls).toContainEqual({ kind: 'action', name: 'pinChanged', params: { message: temporaryPin.changed } })
    expect(snapshot.status).toBe('done')
    expect(passwordChangeScreen(snapshot)).toMatchObject({ busy: true, values: { oldPassword: '', password: '', password2: '' }, success: null, error: null })
  })

  it('a refusal stays on the screen with its description, the app not told', async () => {
    const { snapshot, calls } = await playTemporary(...fill, submit, answered(answers.refused!))
    expect(calls.some((c) => c.kind === 'action' && c.name === 'pinChanged')).toBe(false)
    expect(passwordChangeScreen(snapshot)).toMatchObject({ busy: false, error: 'Ancien mot de passe incorrect', success: null })
  })

  it("the customer's own change never tells the app: its success shows on the page", async () => {
    const { calls } = await play(...fill, submit, answered(answers.ok!))
    expect(calls.some((c) => c.kind === 'action' && c.name === 'pinChanged')).toBe(false)
  })
})

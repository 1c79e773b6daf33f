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
  otherStatus: { status: 200, body: { status: '3', description: 'Autre' } },
  unreadable: { status: 200, body: null },
}
const continueOn: PasswordChangeEvent = { type: 'unknown.continue' }

describe('password change machine — walk of every transition (spec §2 /app/update-password, §4, §8)', () => {
  const walk = createWalk(passwordChangeMachine, {
    // The same machine replaces the temporary PIN (rulings §9.5): both inputs walk every transition.
    inputs: { "the customer's own change": {}, 'the temporary PIN': { mode: 'temporaryPin' } },
    stubActions: ['pinChanged', 'goToProfile', 'signOut'],
    screen: passwordChangeScreen,
    events: [
      ...fill,
      type('oldPassword', ''),
      submit,
      continueOn,
      ...Object.values(answers).map(answered),
      errorEvent('changePassword', new TypeError('Failed to fetch')),
    ],
    invariant: (snapshot) => {
      const c = snapshot.context
      if (!c.submitted) expect(c.errors).toEqual({})
      const screen = passwordChangeScreen(snapshot)
      expect(screen.success !== null && screen.error !== null).toBe(false)
      // rulings §6.2: the result unknown alone, no banner, the fields wiped.
      expect(screen.unknown !== null).toBe(snapshot.matches('resultUnknown'))
      if (screen.unknown) expect(screen).toMatchObject({ success: null, error: null, busy: false, values: { oldPassword: '', password: '', password2: '' } })
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(passwordChangeMachine, { stubActions: ['pinChanged', 'goToProfile', 'signOut'] })
const actionNames = (calls: Call[]) => calls.filter((c) => c.kind === 'action').map((c) => (c as { name: string }).name)
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
    ['an HTTP error with a description', answered({ status: 400, body: { status: '1', description: 'Requête invalide' } })],
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

describe('password change — a result unknown (rulings §6.2 over spec §4, §8)', () => {
  const unknownEvents: Array<[string, SyntheticEvent]> = [
    ['no answer (network failure, time-out, an answer lost after the change)', errorEvent('changePassword', new TypeError('Failed to fetch'))],
    ["a 2xx with another status ('3')", answered(answers.otherStatus!)],
    ['a 2xx without status', answered({ status: 200, body: { description: 'OK' } })],
    ['a 2xx whose body cannot be read', answered(answers.unreadable!)],
  ]

  it.each(unknownEvents)("%s, the customer's own change: the result unknown, no form; the button goes back to the profile", async (_, event) => {
    const { snapshot, calls } = await play(...fill, submit, event, submit, continueOn)
    expect(snapshot.value).toBe('resultUnknown')
    expect(passwordChangeScreen(snapshot)).toMatchObject({
      busy: false,
      success: null,
      error: null,
      values: { oldPassword: '', password: '', password2: '' },
      unknown: {
        title: 'Résultat inconnu',
        message:
          "Nous n'avons pas pu confirmer la modification de votre mot de passe. Elle a peut-être été effectuée : ne la refaites pas maintenant, et à votre prochaine connexion, essayez d'abord votre nouveau mot de passe.",
        continueLabel: 'Retour à mon profil',
      },
    })
    // Never sent twice, the app never told the PIN changed.
    expect(actorCalls(calls)).toHaveLength(1)
    expect(actionNames(calls)).toEqual(['goToProfile'])
  })

  it.each(unknownEvents)('%s, the temporary PIN: the result unknown says what to do; the button signs out', async (_, event) => {
    const { snapshot, calls } = await playTemporary(...fill, submit, event, submit, continueOn)
    expect(snapshot.value).toBe('resultUnknown')
    expect(passwordChangeScreen(snapshot).unknown).toEqual({
      title: temporaryPin.unknownTitle,
      message: temporaryPin.unknown,
      continueLabel: 'Se déconnecter',
    })
    expect(temporaryPin.unknown).toContain('connectez-vous avec votre nouveau code PIN')
    expect(actorCalls(calls)).toHaveLength(1)
    expect(actionNames(calls)).toEqual(['signOut'])
  })

  it('a session ended by a 2xx status "2" is not a result unknown (the session signs out)', async () => {
    const { snapshot } = await play(...fill, submit, answered({ status: 200, body: { status: '2', description: 'Session expirée' } }))
    expect(snapshot.value).toBe('editing')
    expect(passwordChangeScreen(snapshot)).toMatchObject({ unknown: null, error: null, success: null })
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

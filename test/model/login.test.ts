import { describe, expect, it } from 'vitest'
import { loginMachine } from '../../machines/login/login.machine.ts'
import { sessionUserOf } from '../../machines/login/login.rules.ts'
import type { AuthAnswer, LoginEvent } from '../../machines/login/login.types.ts'
import { api, login as texts, validation } from '../../machines/messages.ts'
import { loginScreen } from '../../machines/login/login.screen.ts'
import { createWalk, doneEvent, errorEvent } from '../support/walk.ts'

const provider = 'Banque Exemple'
const TOKEN = 'tok-3f9a1c'

const change = (field: 'username' | 'password', value: string): LoginEvent => ({ type: 'field.change', field, value })
const submit: LoginEvent = { type: 'login.submit' }
const answered = (answer: AuthAnswer) => doneEvent('authenticate', answer)

const accepted: AuthAnswer = {
  status: 200,
  body: {
    code: '0',
    token: TOKEN,
    name: 'Awa Mbuyi',
    kcode: 'K1234567',
    modules: [{ code: 'solde' }, { code: 'epargne' }, { code: 'transfert' }],
    idleSeconds: 240,
  },
}

const walk = createWalk(loginMachine, {
  inputs: { [provider]: { provider } },
  stubActions: ['startSession'],
  screen: loginScreen,
  events: [
    change('username', ''),
    change('username', 'K1234567'),
    change('password', ''),
    change('password', '123'),
    change('password', '12345'),
    submit,
    answered({ status: 403, body: { code: '1', message: 'refusé' } }),
    answered({ status: 401, body: { code: '1', message: api.pinBlocked } }),
    answered({ status: 401, body: null }),
    answered({ status: 500, body: null }),
    answered(accepted),
    answered({ status: 200, body: { code: '1', message: 'Compte suspendu' } }),
    answered({ status: 200, body: null }),
    errorEvent('authenticate', new TypeError('Failed to fetch')),
  ],
  invariant: (snapshot) => {
    // The token never enters the context; the PIN leaves it with the request.
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
    if (!snapshot.matches('editing')) expect(snapshot.matches('authenticating') || snapshot.context.values.password === '').toBe(true)
  },
})

describe('login machine — walk of every transition (spec §4 Login)', () => {
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const typed = [change('username', ' K1234567 '), change('password', '12345'), submit]
const play = (...events: Parameters<typeof walk.play>[1]) => walk.play({ provider }, events)

describe('login machine — banner message per answer (spec §4, §8)', () => {
  const cases: Array<[string, AuthAnswer | 'network', string]> = [
    ['HTTP 403', { status: 403, body: { code: '1', message: 'autre' } }, texts.wrongCredentials],
    ['HTTP 401 with a code', { status: 401, body: { code: '1', message: api.pinBlocked } }, api.pinBlocked],
    ['HTTP 401 with a code and no message', { status: 401, body: { code: '1' } }, texts.blocked(provider)],
    ['HTTP 401 without code', { status: 401, body: { message: api.webBankingBlocked } }, texts.blocked(provider)],
    ['HTTP 401 without body', { status: 401, body: null }, texts.blocked(provider)],
    ['HTTP 500', { status: 500, body: { message: 'boom' } }, texts.connectionError],
    ['HTTP 404', { status: 404, body: null }, texts.connectionError],
    ['network failure or timeout', 'network', texts.connectionError],
    ["code '1' with a message", { status: 200, body: { code: '1', message: 'Compte suspendu' } }, 'Compte suspendu'],
    ["code '1' with an empty message", { status: 200, body: { code: '1', message: ' ' } }, texts.unusableAnswer],
    ["code '0' without token", { status: 200, body: { code: '0' } }, texts.unusableAnswer],
    ['empty body', { status: 200, body: null }, texts.unusableAnswer],
    ['body without code or token', { status: 200, body: { message: 'ok' } }, texts.unusableAnswer],
  ]
  it.each(cases)('%s', async (_, answer, message) => {
    const { snapshot } = await play(...typed, answer === 'network' ? errorEvent('authenticate') : answered(answer))
    expect(snapshot.value).toBe('editing')
    expect(snapshot.context.error).toBe(message)
    expect(snapshot.context.values.password).toBe('')
  })

  it('the blocked message names the bank given as input', () => {
    expect(texts.blocked(provider)).toBe(`Accès web banking bloqué. Veuillez contacter ${provider}`)
  })

  it('the banner clears on the next submit', async () => {
    const { snapshot } = await play(...typed, answered({ status: 500, body: null }), submit)
    expect(snapshot.context.error).toBeNull()
    expect(snapshot.context.errors).toEqual({ password: validation.pinRequired })
  })
})

describe('login machine — success (spec §4)', () => {
  it("code '0' with a token signs in; the output carries the token and the known modules", async () => {
    const { snapshot } = await play(...typed, answered(accepted))
    expect(snapshot.status).toBe('done')
    expect(snapshot.value).toBe('signedIn')
    // The form stays busy until the app takes the page over.
    expect(loginScreen(snapshot).busy).toBe(true)
    expect(snapshot.output).toEqual({
      token: TOKEN,
      user: { name: 'Awa Mbuyi', kcode: 'K1234567', modules: ['solde', 'transfert'] },
      idleSeconds: 240,
      mustChangePin: false,
    })
  })

  it('rulings §9.5: an answer with mustChangePin says so in the output (the session opens only the new-PIN screen)', async () => {
    const { snapshot } = await play(...typed, answered({ status: 200, body: { code: '0', token: TOKEN, mustChangePin: true } }))
    expect(snapshot.output).toMatchObject({ token: TOKEN, mustChangePin: true })
  })

  it('a token without code signs in', async () => {
    const { snapshot } = await play(...typed, answered({ status: 200, body: { token: TOKEN } }))
    expect(snapshot.output).toEqual({ token: TOKEN, user: { name: '', kcode: '', modules: [] }, idleSeconds: null, mustChangePin: false })
  })

  it('the PIN is gone from the context after authentication, and the token never entered it', async () => {
    const { snapshot } = await play(...typed, answered(accepted))
    expect(snapshot.context.values).toEqual({ username: ' K1234567 ', password: '' })
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
  })

  it('sessionUserOf drops unknown and repeated module codes', () => {
    expect(sessionUserOf({ modules: [{ code: 'statement' }, { code: 'statement' }, { code: 'x' }] }).modules).toEqual(['statement'])
  })
})

describe('login machine — the request (spec §4, §7)', () => {
  it('sends the trimmed user code and the PIN as typed', async () => {
    const { calls } = await play(change('username', ' K1234567 '), change('password', ' 1234'), submit)
    expect(calls).toEqual([{ kind: 'actor', src: 'authenticate', id: 'authenticate', input: { username: 'K1234567', password: ' 1234' } }])
  })

  it('a second submit while authenticating sends no second request', async () => {
    const { snapshot, calls } = await play(...typed, submit, submit)
    expect(snapshot.value).toBe('authenticating')
    expect(calls.filter((c) => c.kind === 'actor')).toHaveLength(1)
  })

  it('an invalid form sends no request', async () => {
    const { snapshot, calls } = await play(change('username', 'K1234567'), change('password', '1234'), submit)
    expect(snapshot.value).toBe('editing')
    expect(calls).toEqual([])
  })
})

describe('login machine — field errors (spec §5)', () => {
  it('no error shows before a submit attempt', async () => {
    const { snapshot } = await play(change('username', ''), change('password', '12'))
    expect(snapshot.context.submitted).toBe(false)
    expect(snapshot.context.errors).toEqual({})
  })

  it('a submit attempt shows the first message of each invalid field', async () => {
    const { snapshot } = await play(submit)
    expect(snapshot.context.submitted).toBe(true)
    expect(snapshot.context.errors).toEqual({
      username: validation.userCodeRequired,
      password: validation.pinRequired,
    })
    expect(validation.userCodeRequired).toBe('Veuillez saisir le code')
    expect(validation.pinRequired).toBe('Veuillez saisir le mot de passe')
  })

  it('after a submit attempt, errors follow the typing', async () => {
    const { snapshot } = await play(submit, change('password', '1234'), change('username', 'K1'))
    expect(snapshot.context.errors).toEqual({ password: 'Veuillez saisir minimun 5 caractères' })
    const fixed = await play(submit, change('password', '12345'), change('username', 'K1'))
    expect(fixed.snapshot.context.errors).toEqual({})
  })
})

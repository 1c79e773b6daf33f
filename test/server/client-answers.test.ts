/**
 * The app's own call actors (src/) against the reference server: what the machines receive as an
 * answer, for successes and for HTTP errors. openapi-fetch parses an error body itself whatever
 * `parseAs` says; the body of a 401, 403 or 400 must still reach the machine, so that the
 * customer reads the server's message (spec §8 login 401 with a code, transfer submit error).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { loginMachine } from '../../machines/login/login.machine.ts'
import { api as apiTexts, login as loginTexts } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { MemoryStorage, startTestServer, type TestServer, stubServedPage } from './harness.ts'

let server: TestServer
let actors: typeof import('../../src/api/actors.ts')
let transferActors: typeof import('../../src/flows/transfer/actors.ts')

beforeAll(async () => {
  // Few holder lookups per address, so that the lookup actor meets the bank's 429 (rulings §8).
  server = await startTestServer({
    config: { addressLimits: { windowMinutes: 15, signIn: 100_000, pinResetAsk: 100_000, pinResetConfirm: 100_000, details: 2 } },
  })
  // The app's modules read their API base and session storage when they load.
  stubServedPage({ 'api-base-url': server.url })
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  actors = await import('../../src/api/actors.ts')
  transferActors = await import('../../src/flows/transfer/actors.ts')
})
afterAll(async () => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  await server?.close()
})

const run = <I, O>(logic: import('xstate').PromiseActorLogic<O, I>, input: I): Promise<O> =>
  waitFor(createActor(logic, { input }).start(), (s) => s.status !== 'active').then((s) => {
    if (s.status !== 'done') throw s.error
    return s.output as O
  })

describe('the call actors give the machines the body of every answer', () => {
  it('a success: the JSON body read from text', async () => {
    const answer = await run(actors.authenticate, { username: 'K7654321', password: '54321' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ code: '0', token: expect.any(String) })
  })

  it('HTTP 403 at sign-in: the body with its message', async () => {
    const answer = await run(actors.authenticate, { username: 'K7654321', password: '00000' })
    expect(answer).toEqual({ status: 403, body: { message: apiTexts.wrongCredentials } })
  })

  it('HTTP 401 of a blocked customer: the body with its code and message', async () => {
    const answer = await run(actors.authenticate, { username: 'K1111111', password: '11111' })
    expect(answer).toEqual({ status: 401, body: { message: apiTexts.webBankingBlocked } })
  })

  it('HTTP 400 of a transfer ask the server refuses: the body with its message', async () => {
    sessionStorage.setItem('auth-token', await server.signIn(mainCustomer))
    const answer = await run(transferActors.askTransfer, {
      kind: 'account',
      body: { debitAccount: 'x', creditAccount: 'y', description: 'Loyer', currency: '1', amount: '10' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: apiTexts.badRequest })
  })
})

describe('the holder lookup refused for too many tries (rulings §8)', () => {
  it('gives the machine the bank\'s message, not "holder not found"', async () => {
    sessionStorage.setItem('auth-token', await server.signIn(mainCustomer))
    const account = mainCustomer.accounts.usd.number
    expect(await run(transferActors.lookUpHolder, { kind: 'account', account })).toMatchObject({ found: true })
    expect(await run(transferActors.lookUpHolder, { kind: 'account', account: '0'.repeat(21) })).toEqual({ found: false })
    const refused = await run(transferActors.lookUpHolder, { kind: 'account', account })
    // The wait is what is left of the address's 15-minute window.
    const minutes = Number(/\d+/.exec(refused.found ? '' : (refused.message ?? ''))?.[0])
    expect(minutes).toBeGreaterThanOrEqual(1)
    expect(minutes).toBeLessThanOrEqual(15)
    expect(refused).toEqual({ found: false, message: apiTexts.tooManyTries(minutes) })
  })
})

describe('spec §8 login HTTP 401 with a code: the customer reads the message of the error body', () => {
  it('five wrong PINs: the sign-in form shows the server message telling to reset the PIN', async () => {
    for (let i = 0; i < 5; i++) await run(actors.authenticate, { username: 'K7654321', password: '99999' })
    const login = createActor(loginMachine.provide({ actors: { authenticate: actors.authenticate }, actions: { startSession: () => {} } }), {
      input: { provider: 'Banque Exemple' },
    }).start()
    login.send({ type: 'field.change', field: 'username', value: 'K7654321' })
    login.send({ type: 'field.change', field: 'password', value: '54321' })
    login.send({ type: 'login.submit' })
    const snapshot = await waitFor(login, (s) => s.matches('editing') && s.context.error !== null)
    expect(snapshot.context.error).toBe(apiTexts.pinBlocked)
    expect(snapshot.context.error).not.toBe(loginTexts.blocked('Banque Exemple'))
  })
})

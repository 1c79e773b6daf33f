/**
 * Spec §8 rows that the portal carries out in its glue code (src/), checked end to end without a
 * browser: the real contract client (`src/api/client.ts`, its session-expiry middleware), the real
 * session actor (`src/session/session.ts`, its toast and navigation) and the real call actors,
 * against the reference server with the demo data (test/server/harness.ts). Every answer is the
 * server's: a real call, or an error state reached through the demo-mode fault injector
 * (`POST /__dev/faults`, one use each). Only the browser's session storage is a stand-in.
 *
 * - Session expired (HTTP 403 or code '2'): sign out; warning toast "Deconnexion", "Votre session a
 *   expiré. Veuillez vous reconnecter", shown 3 seconds; go to /login.
 * - Accounts not loaded or empty: the screens show "Vos comptes n'ont pu être chargés, cliquez pour
 *   réessayer".
 * - Currency load failure: nothing is shown.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor, type AnyActorRef } from 'xstate'
import { balanceMachine } from '../../machines/balance/balance.machine.ts'
import { balanceScreen } from '../../machines/balance/balance.screen.ts'
import type { SessionUser } from '../../machines/shared/customer.ts'
import { accounts as accountTexts, api as apiTexts, session as sessionTexts } from '../../machines/messages.ts'
import type { Account } from '../../machines/shared/customer.ts'
import { transferMachine } from '../../machines/transfer/transfer.machine.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import type { Fault } from '../../server/demo/faults.ts'
import { MemoryStorage, customerPath as customer, startTestServer, type TestServer, stubServedPage } from './harness.ts'

const user: SessionUser = { name: mainCustomer.name, kcode: mainCustomer.kcode, modules: [...mainCustomer.modules] }

// ---------------------------------------------------------------------------------------------
// A browser's session storage; the reference server, its faults and what it received
// ---------------------------------------------------------------------------------------------

let server: TestServer
/** The session of the main customer that the tests' tabs hold (no fault here ends it on the server). */
let TOKEN: string
/** The main customer's accounts, as the server lists them. */
let accounts: Account[]

/** The next call of `method path` answers as the fault says (demo mode, one use). */
async function fault(method: 'GET' | 'POST', path: string, answer: Omit<Fault, 'method' | 'path' | 'times'>) {
  const res = await server.call('/__dev/faults', { body: { method, path, ...answer, times: 1 } })
  expect(res.status).toBe(200)
}

/** The requests as the server received them (its HTTP listener), from now on. */
interface Received {
  method: string
  path: string
  authorization: string | null
}
const received: Received[] = []
const record = (request: IncomingMessage) =>
  void received.push({
    method: request.method ?? '',
    path: new URL(request.url ?? '/', 'http://server').pathname,
    authorization: request.headers.authorization ?? null,
  })

// The modules read the page's API base when they load: they are imported once it is set.
let client: typeof import('../../src/api/client.ts')
let sessionModule: typeof import('../../src/session/session.ts')
let toasts: typeof import('../../src/ui/toasts.ts')
let transferActors: typeof import('../../src/flows/transfer/actors.ts')

beforeAll(async () => {
  server = await startTestServer()
  stubServedPage({ 'api-base-url': server.url })
  client = await import('../../src/api/client.ts')
  sessionModule = await import('../../src/session/session.ts')
  toasts = await import('../../src/ui/toasts.ts')
  transferActors = await import('../../src/flows/transfer/actors.ts')
  TOKEN = await server.signIn(mainCustomer)
  const listed = await server.call(customer('account'), { token: TOKEN, body: { code: mainCustomer.kcode, currency: '' } })
  accounts = listed.body.comptes
  expect(accounts.length).toBeGreaterThan(0)
  server.app.server.on('request', record)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  server?.app.server.off('request', record)
  await server?.close()
})

let storage: MemoryStorage
const started: AnyActorRef[] = []
beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('sessionStorage', storage)
  received.length = 0
})
afterEach(async () => {
  started.splice(0).forEach((actor) => actor.stop())
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // Every fault a test added was met by the call it was meant for.
  const left = await server.call('/__dev/faults')
  await server.call('/__dev/faults', { method: 'DELETE' })
  expect(left.body).toEqual([])
})

/** A signed-in tab: token and user in session storage, the session actor started as the app does. */
function signedInTab(token = TOKEN) {
  storage.setItem('auth-token', token)
  storage.setItem('user', JSON.stringify(user))
  const navigate = vi.fn<(to: string) => void>()
  const show = vi.spyOn(toasts.toaster, 'show')
  const actor = sessionModule.startSession({ navigate })
  started.push(actor)
  return { actor, navigate, show }
}

/** The shell's own calls at start (accounts and counter) are answered. */
const shellLoaded = (actor: ReturnType<typeof signedInTab>['actor']) =>
  waitFor(actor, (s) => s.matches({ signedIn: { counter: 'counted' } }) && (s.context.accounts.length > 0 || s.context.accountsFailed), {
    timeout: 5000,
  })

const settled = () => new Promise((resolve) => setTimeout(resolve, 10))

// ---------------------------------------------------------------------------------------------
// Session expired
// ---------------------------------------------------------------------------------------------

describe('spec §8 session expired (HTTP 403 or code 2): sign out, warning toast, /login', () => {
  const expiredToast = {
    kind: 'warning',
    title: 'Deconnexion',
    text: 'Votre session a expiré. Veuillez vous reconnecter',
    durationMs: 3000,
  }

  it('a customer call answered HTTP 403 signs out: storage cleared, warning toast "Deconnexion" for 3 s, /login', async () => {
    // A session of its own: the server really ends it and answers its own expiry (HTTP 403, code '2').
    const token = await server.signIn(mainCustomer)
    await fault('GET', customer('notification-size'), { expireSession: true })
    const { actor, navigate, show } = signedInTab(token)
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 5000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledTimes(1)
    expect(show).toHaveBeenCalledWith(expiredToast)
    expect(sessionTexts).toMatchObject({ expiredTitle: expiredToast.title, expiredText: expiredToast.text })
    expect(toasts.EXPIRY_TOAST_MS).toBe(3000)
    expect(storage.length).toBe(0)
    expect(actor.getSnapshot().context.user).toBeNull()
    // What the counter was answered: the session is over on the server.
    expect(await server.call(customer('notification-size'), { token })).toMatchObject({
      status: 403,
      body: { code: '2', message: apiTexts.sessionExpired },
    })
  })

  it("a customer call answered code '2' in a 200 body signs out the same way", async () => {
    await fault('GET', customer('notification-size'), { status: 200, body: { code: '2', message: 'Session expirée' } })
    const { actor, navigate, show } = signedInTab()
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 5000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledWith(expiredToast)
    expect(storage.length).toBe(0)
  })

  it("a customer call answered status '2' (the field of transfer, statement and password answers) signs out too", async () => {
    await fault('GET', customer('notification-size'), { status: 200, body: { status: '2', message: 'Session expirée' } })
    const { actor, navigate, show } = signedInTab()
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 5000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledWith(expiredToast)
  })

  it('a customer call answered HTTP 500, or code 1, does not end the session', async () => {
    await fault('GET', customer('notification-size'), { status: 500, body: { message: 'Erreur interne' } })
    const { actor, navigate, show } = signedInTab()
    await shellLoaded(actor)
    // A real refusal of the server: the balance of an account that is not the customer's answers code '1'.
    const { data } = await client.api.POST('/api/rest/customer/v1/balance', { body: { code: payeeAccounts[0].number, currency: '1' } })
    expect(data).toMatchObject({ code: '1' })
    await settled()
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
    expect(show).not.toHaveBeenCalled()
    expect(storage.getItem('auth-token')).toBe(TOKEN)
    expect(received.find((r) => r.path === customer('notification-size'))).toBeDefined()
  })

  it('a public call answered HTTP 403 (a wrong PIN at login) is not a session expiry', async () => {
    const { actor, navigate, show } = signedInTab()
    await shellLoaded(actor)
    const { response } = await client.api.POST('/auth/login', { body: { username: mainCustomer.kcode, password: '99999' } })
    await settled()
    expect(response.status).toBe(403)
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
    expect(show).not.toHaveBeenCalled()
  })

  it('customer calls carry the bearer token, public calls do not', async () => {
    const { actor } = signedInTab()
    await shellLoaded(actor)
    await client.api.POST('/auth/login', { body: { username: mainCustomer.kcode, password: mainCustomer.pin } })
    // As the server received them; it answered the counter, so it took the token for a session.
    const auth = (path: string) => received.find((r) => r.path === path)?.authorization
    expect(auth(customer('notification-size'))).toBe(`Bearer ${TOKEN}`)
    expect(auth(customer('account'))).toBe(`Bearer ${TOKEN}`)
    expect(auth('/auth/login')).toBeNull()
    expect(actor.getSnapshot().context.notificationSize).toEqual(expect.any(Number))
  })
})

// ---------------------------------------------------------------------------------------------
// Accounts not loaded or empty
// ---------------------------------------------------------------------------------------------

describe('spec §8 accounts not loaded or empty: "Vos comptes n\'ont pu être chargés, cliquez pour réessayer"', () => {
  /** The balance screen opened with the session's accounts, as BalancePage does. */
  async function balanceScreenAfterSession() {
    const { actor } = signedInTab()
    // The list was answered: stored (spec §3), or marked failed.
    await waitFor(actor, (s) => s.context.accountsFailed || storage.getItem('accounts') !== null, { timeout: 5000 })
    const { accounts, accountsFailed } = actor.getSnapshot().context
    const screen = createActor(balanceMachine, { input: { accounts, accountsFailed } })
    started.push(screen.start())
    return { session: actor.getSnapshot().context, screen: balanceScreen(screen.getSnapshot()) }
  }

  it.each<[string, Omit<Fault, 'method' | 'path' | 'times'>]>([
    ["a code other than '0'", { status: 200, body: { code: '1', message: 'Indisponible' } }],
    ['an HTTP error', { status: 500, body: { message: 'Erreur interne' } }],
    ['no answer', { dropConnection: true }],
  ])('POST account answered with %s: the session marks the accounts failed; the screen shows the message', async (_, answer) => {
    await fault('POST', customer('account'), answer)
    const { session, screen } = await balanceScreenAfterSession()
    expect(session.accountsFailed).toBe(true)
    expect(screen.accountsMessage).toBe("Vos comptes n'ont pu être chargés, cliquez pour réessayer")
    expect(screen.accountOptions).toEqual([])
  })

  it('POST account answered with an empty list: the same message', async () => {
    await fault('POST', customer('account'), { status: 200, body: { code: '0', comptes: [] } })
    const { session, screen } = await balanceScreenAfterSession()
    expect(session).toMatchObject({ accounts: [], accountsFailed: false })
    expect(screen.accountsMessage).toBe(accountTexts.notLoaded)
  })

  it('POST account answered with accounts: no message, the accounts are offered', async () => {
    const { screen } = await balanceScreenAfterSession()
    expect(screen.accountsMessage).toBeNull()
    expect(screen.accountOptions.map((option) => option.value)).toEqual(accounts.map((account) => account.compte))
    expect(screen.accountOptions).toContainEqual(expect.objectContaining({ value: mainCustomer.accounts.usd.number }))
  })
})

// ---------------------------------------------------------------------------------------------
// Currency load failure
// ---------------------------------------------------------------------------------------------

describe('spec §8 currency load failure: nothing is shown', () => {
  /** The prepaid-card screen (it loads only the b2c currencies) with the real actors. */
  async function cardScreen() {
    const machine = transferMachine.provide({
      actors: { loadCurrencies: transferActors.loadCurrencies },
      actions: { reloadPage: () => undefined },
    })
    const usd = accounts.find((a) => a.currency === '1')!
    const actor = createActor(machine, { input: { kind: 'card', accounts: [usd], accountsFailed: false } })
    started.push(actor.start())
    return waitFor(actor, (s) => (s.value as { editing?: { currencies?: string } }).editing?.currencies === 'idle', { timeout: 5000 })
  }

  it.each<[string, Omit<Fault, 'method' | 'path' | 'times'>]>([
    ["a code other than '0'", { status: 200, body: { code: '1', currencies: ['1'] } }],
    ['an HTTP error', { status: 500, body: { message: 'Erreur interne' } }],
    ['no answer', { dropConnection: true }],
  ])('GET currencies/b2c answered with %s: no currency offered, no message, the form stays', async (_, answer) => {
    await fault('GET', '/auth/v1/currencies/b2c', answer)
    const snapshot = await cardScreen()
    expect(snapshot.context.currencies).toEqual([])
    expect(snapshot.context.error).toBeNull()
    expect(snapshot.context.holderError).toBeNull()
    expect(snapshot.matches({ editing: { form: 'filling' } })).toBe(true)
  })

  it('GET currencies/b2c answered: the currencies are offered', async () => {
    const offered = await server.call('/auth/v1/currencies/b2c')
    expect(offered.body).toMatchObject({ code: '0', currencies: expect.arrayContaining(['1']) })
    const snapshot = await cardScreen()
    expect(snapshot.context.currencies).toEqual(offered.body.currencies)
  })
})

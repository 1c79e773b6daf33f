/**
 * spec §4 Session ("a response code '2' or an HTTP 403 on any customer call signs the user out,
 * shows a warning toast and goes to /login") and spec §4 Login ("on success the token and user are
 * saved and the user goes to /app/dashboard"), checked on the app's real wiring without a browser:
 * the contract client (`src/api/client.ts`, its expiry middleware), the app's session actor
 * (`src/session/session.ts`: storage, toast, navigation) and the login machine with its real
 * `authenticate` actor, against the reference server with the demo data (test/server/harness.ts).
 * Every answer is the server's: a real call, or an answer it was told to give through the
 * demo-mode fault injector (`POST /__dev/faults`, one use each). Only the browser's session storage
 * is a stand-in.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { loginMachine } from '../../machines/login/login.machine.ts'
import type { SessionUser } from '../../machines/shared/customer.ts'
import { api as apiTexts, session as texts } from '../../machines/messages.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import type { Fault } from '../../server/demo/faults.ts'
import { MemoryStorage, customerPath, startTestServer, type TestServer, stubServedPage } from './harness.ts'

const user: SessionUser = { name: mainCustomer.name, kcode: mainCustomer.kcode, modules: [...mainCustomer.modules] }

const storage = new MemoryStorage()

// ---------------------------------------------------------------------------------------------
// The reference server: its faults (each test says how a call answers) and what it received.
// ---------------------------------------------------------------------------------------------

let server: TestServer
/** The main customer's session that the tests' tabs hold (no fault here ends it on the server). */
let TOKEN: string

type Answer = Omit<Fault, 'method' | 'path' | 'times'>

/** The next call of `method path` answers as told (demo mode, one use). */
async function fault(method: 'GET' | 'POST', path: string, answer: Answer) {
  const res = await server.call('/__dev/faults', { body: { method, path, ...answer, times: 1 } })
  expect(res.status).toBe(200)
}

/** The requests as the server received them (its HTTP listener). */
const requests: Array<{ method: string; path: string; authorization: string | null }> = []
const record = (request: IncomingMessage) =>
  void requests.push({
    method: request.method ?? '',
    path: new URL(request.url ?? '/', 'http://server').pathname,
    authorization: request.headers.authorization ?? null,
  })

// ---------------------------------------------------------------------------------------------
// The app's modules, imported once the API base address and the globals are in place.
// ---------------------------------------------------------------------------------------------

let app: {
  api: (typeof import('../../src/api/client.ts'))['api']
  startSession: (typeof import('../../src/session/session.ts'))['startSession']
  authenticate: (typeof import('../../src/api/actors.ts'))['authenticate']
  toaster: (typeof import('../../src/ui/toasts.ts'))['toaster']
  EXPIRY_TOAST_MS: number
}

beforeAll(async () => {
  server = await startTestServer()
  stubServedPage({ 'api-base-url': server.url })
  vi.stubGlobal('sessionStorage', storage)
  const [client, session, actors, toasts] = await Promise.all([
    import('../../src/api/client.ts'),
    import('../../src/session/session.ts'),
    import('../../src/api/actors.ts'),
    import('../../src/ui/toasts.ts'),
  ])
  app = {
    api: client.api,
    startSession: session.startSession,
    authenticate: actors.authenticate,
    toaster: toasts.toaster,
    EXPIRY_TOAST_MS: toasts.EXPIRY_TOAST_MS,
  }
  TOKEN = await server.signIn(mainCustomer)
  server.app.server.on('request', record)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  server?.app.server.off('request', record)
  await server?.close()
})

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>
let toast: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  storage.clear()
  requests.length = 0
  navigate = vi.fn<(to: string) => void>()
  toast = vi.spyOn(app.toaster, 'show')
})
afterEach(async () => {
  toast.mockRestore()
  // Every fault a test added was met by the call it was meant for.
  const left = await server.call('/__dev/faults')
  await server.call('/__dev/faults', { method: 'DELETE' })
  expect(left.body).toEqual([])
})

/** A customer signed in before (token and user in session storage), whose shell has loaded. */
async function signedInCustomer(token = TOKEN) {
  storage.setItem('auth-token', token)
  storage.setItem('user', JSON.stringify(user))
  const actor = app.startSession({ navigate })
  await waitFor(actor, (s) => s.matches({ signedIn: { counter: 'counted' } }) && s.context.accounts.length > 0, { timeout: 5000 })
  return actor
}

/** Any call of the contract, by method and path; answers the status and the body as the client read them. */
async function call(method: 'GET' | 'POST', path: string, init: object = {}): Promise<{ status: number; body: unknown }> {
  const client = app.api as unknown as Record<'GET' | 'POST', (path: string, init: object) => Promise<{ response: Response; data?: unknown; error?: unknown }>>
  const { response, data, error } = await client[method](path, init)
  return { status: response.status, body: data ?? error }
}

const expectSignedOutByExpiry = async (actor: Awaited<ReturnType<typeof signedInCustomer>>) => {
  await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 5000 })
  expect(storage.length).toBe(0)
  expect(toast).toHaveBeenCalledTimes(1)
  expect(toast).toHaveBeenCalledWith({ kind: 'warning', title: texts.expiredTitle, text: texts.expiredText, durationMs: app.EXPIRY_TOAST_MS })
  expect(app.EXPIRY_TOAST_MS).toBe(3_000)
  expect(navigate.mock.calls).toEqual([['/login']])
}

// ---------------------------------------------------------------------------------------------
// spec §4 Session
// ---------------------------------------------------------------------------------------------

describe("spec §4 Session: code '2' or HTTP 403 on any customer call signs out, warns and goes to /login", () => {
  const customer = '/api/rest/customer/v1'
  const cases: Array<[string, 'GET' | 'POST', string, object, Answer]> = [
    ['HTTP 403 without body, on the shell counter (GET notification-size)', 'GET', `${customer}/notification-size`, {}, { status: 403 }],
    [
      "code '2' in a 200 answer, on a statement (POST statements)",
      'POST',
      `${customer}/statements`,
      { body: {} },
      { status: 200, body: { code: '2', message: 'Session expirée' } },
    ],
    [
      'HTTP 403 with an error body, on a transfer ask (POST transfer/ask)',
      'POST',
      `${customer}/transfer/ask`,
      { body: {} },
      { status: 403, body: { message: 'Interdit' } },
    ],
    ["code '2' on a contact update (POST update-contact)", 'POST', `${customer}/update-contact`, { body: {} }, { status: 200, body: { code: '2' } }],
    ['HTTP 403 on a file download (GET download/pdf/{id})', 'GET', `${customer}/download/pdf/releve-1.pdf`, { parseAs: 'blob' }, { status: 403 }],
  ]

  it.each(cases)('%s', async (_, method, path, init, answer) => {
    const actor = await signedInCustomer()
    expect(navigate).not.toHaveBeenCalled()
    await fault(method, path, answer)
    const answered = await call(method, path, init)
    expect(answered.status).toBe(answer.status)
    await expectSignedOutByExpiry(actor)
    actor.stop()
  })

  it("rulings §9.5: HTTP 403 with code '3' does not sign out: the session learns that the PIN a reset sent must be changed", async () => {
    const actor = await signedInCustomer()
    await fault('GET', `${customer}/notification-size`, { status: 403, body: { code: '3', message: 'Vous devez choisir un nouveau code pin.' } })
    expect((await call('GET', `${customer}/notification-size`)).status).toBe(403)
    await waitFor(actor, (s) => s.context.mustChangePin, { timeout: 5000 })
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(storage.getItem('auth-token')).toBe(TOKEN)
    expect(toast).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    actor.stop()
  })

  it("a 403 whose caller dropped the call while its body came (a screen left) neither signs out nor is read as code '3'", async () => {
    const actor = await signedInCustomer()
    await fault('GET', `${customer}/notification-size`, { status: 403, body: { code: '3', message: 'Vous devez choisir un nouveau code pin.' } })
    // The screen goes away as the answer's headers arrive: its actor aborts the call, so the body
    // the session check reads fails. (A middleware added last sees the answer first.)
    const leaving = new AbortController()
    const leave = { onResponse: () => leaving.abort() }
    app.api.use(leave)
    try {
      await call('GET', `${customer}/notification-size`, { signal: leaving.signal }).catch(() => undefined)
    } finally {
      app.api.eject(leave)
    }
    expect(leaving.signal.aborted).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(actor.getSnapshot().context.mustChangePin).toBe(false)
    expect(storage.getItem('auth-token')).toBe(TOKEN)
    expect(toast).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    actor.stop()
  })

  it('the expiry found by the shell itself at start (its counter answers 403) signs out the same way', async () => {
    // A session of its own, which the server really ends: the counter gets the server's own expiry answer.
    const token = await server.signIn(mainCustomer)
    storage.setItem('auth-token', token)
    storage.setItem('user', JSON.stringify(user))
    await fault('GET', customerPath('notification-size'), { expireSession: true })
    const actor = app.startSession({ navigate })
    await expectSignedOutByExpiry(actor)
    expect(requests.find((r) => r.path === customerPath('notification-size'))?.authorization).toBe(`Bearer ${token}`)
    expect(await server.call(customerPath('notification-size'), { token })).toMatchObject({
      status: 403,
      body: { code: '2', message: apiTexts.sessionExpired },
    })
    actor.stop()
  })

  // Each answer is the server's: a real one where the server gives it for a real reason, else a fault.
  const realBalance = (compte: string): [string, object] => [`${customer}/balance`, { body: { code: compte, currency: '1' } }]
  it.each([
    ["code '1' (a refusal)", ...realBalance(payeeAccounts[0].number), null, { status: 200, body: { code: '1', message: apiTexts.notYourAccount } }],
    ["code '0'", ...realBalance(mainCustomer.accounts.usd.number), null, { status: 200, body: { code: '0' } }],
    ['HTTP 401', `${customer}/transfer/ask`, { body: {} }, { status: 401, body: { code: '1', message: 'Non autorisé' } }, { status: 401 }],
    ['HTTP 500', `${customer}/transfer/ask`, { body: {} }, { status: 500 }, { status: 500 }],
    [
      "a 200 answer whose status (not code) is '1'",
      `${customer}/transfer/ask`,
      {
        body: {
          debitAccount: mainCustomer.accounts.usd.number,
          creditAccount: payeeAccounts[0].number,
          description: 'Loyer de mars',
          currency: '1',
          amount: '999999.00',
        },
      },
      null,
      { status: 200, body: { status: '1' } },
    ],
  ] as Array<[string, string, object, Answer | null, object]>)(
    'any other answer of a customer call (%s) keeps the customer signed in',
    async (_, path, init, answer, expected) => {
      const actor = await signedInCustomer()
      if (answer) await fault('POST', path, answer)
      const answered = await call('POST', path, init)
      expect(answered).toMatchObject(expected)
      expect(answered.body).not.toMatchObject({ code: '2' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(actor.getSnapshot().matches('signedIn')).toBe(true)
      expect(storage.getItem('auth-token')).toBe(TOKEN)
      expect(toast).not.toHaveBeenCalled()
      expect(navigate).not.toHaveBeenCalled()
      actor.stop()
    },
  )

  it("an HTTP 403 or code '2' on a public call (the sign-in) is not a session expiry", async () => {
    const actor = await signedInCustomer()
    await fault('POST', '/auth/login', { status: 403, body: { code: '2', message: 'Code utilisateur ou code pin incorrect' } })
    const answered = await call('POST', '/auth/login', { body: { username: mainCustomer.kcode, password: '99999' } })
    expect(answered).toEqual({ status: 403, body: { code: '2', message: 'Code utilisateur ou code pin incorrect' } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(toast).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    actor.stop()
  })
})

// ---------------------------------------------------------------------------------------------
// spec §4 Login, last sentence
// ---------------------------------------------------------------------------------------------

describe('spec §4 Login: on success the token and user are saved and the user goes to /app/dashboard', () => {
  it('a sign-in accepted by the bank saves the token and the user in session storage, then opens /app/dashboard', async () => {
    const session = app.startSession({ navigate })
    expect(session.getSnapshot().matches('signedOut')).toBe(true)

    // As the sign-in screen does: the login machine with the app's real actor, its output to the session.
    const login = createActor(loginMachine.provide({ actors: { authenticate: app.authenticate }, actions: { startSession: () => {} } }), {
      input: { provider: 'Banque' },
    }).start()
    login.send({ type: 'field.change', field: 'username', value: mainCustomer.kcode })
    login.send({ type: 'field.change', field: 'password', value: mainCustomer.pin })
    login.send({ type: 'login.submit' })
    const done = await waitFor(login, (s) => s.status === 'done', { timeout: 5000 })
    session.send({ type: 'session.start', ...done.output! })

    const token = done.output!.token
    expect(token).toEqual(expect.any(String))
    expect(storage.getItem('auth-token')).toBe(token)
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user)
    expect(navigate.mock.calls).toEqual([['/app/dashboard']])
    expect(session.getSnapshot().matches('signedIn')).toBe(true)
    // The saved token is what the customer calls carry from then on (as the server received them),
    // and the server took it for the customer's session: it answered the accounts.
    await waitFor(session, (s) => s.context.accounts.length > 0, { timeout: 5000 })
    const customerCalls = requests.filter((r) => r.path.startsWith('/api/rest/customer/'))
    expect(customerCalls.length).toBeGreaterThan(0)
    for (const r of customerCalls) expect(r.authorization).toBe(`Bearer ${token}`)
    expect(requests.find((r) => r.path === '/auth/login')?.authorization).toBeNull()
    session.stop()
  })

  it('a refused sign-in saves nothing and stays on /login', async () => {
    await fault('POST', '/auth/login', { status: 200, body: { code: '1', message: 'Compte suspendu' } })
    const session = app.startSession({ navigate })
    const login = createActor(loginMachine.provide({ actors: { authenticate: app.authenticate }, actions: { startSession: () => {} } }), {
      input: { provider: 'Banque' },
    }).start()
    login.send({ type: 'field.change', field: 'username', value: mainCustomer.kcode })
    login.send({ type: 'field.change', field: 'password', value: mainCustomer.pin })
    login.send({ type: 'login.submit' })
    const after = await waitFor(login, (s) => s.matches('editing') && s.context.error !== null, { timeout: 5000 })
    expect(after.context.error).toBe('Compte suspendu')
    expect(storage.length).toBe(0)
    expect(navigate).not.toHaveBeenCalled()
    expect(session.getSnapshot().matches('signedOut')).toBe(true)
    session.stop()
  })
})

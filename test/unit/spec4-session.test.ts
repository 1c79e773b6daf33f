/**
 * spec §4 Session ("a response code '2' or an HTTP 403 on any customer call signs the user out,
 * shows a warning toast and goes to /login") and spec §4 Login ("on success the token and user are
 * saved and the user goes to /app/dashboard"), checked on the app's real wiring without a browser:
 * the contract client (`src/api/client.ts`, its expiry middleware), the app's session actor
 * (`src/session/session.ts`: storage, toast, navigation) and the login machine with its real
 * `authenticate` actor. Only the network (`fetch`) and the browser's session storage are stand-ins.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { loginMachine, type SessionUser } from '../../machines/login.ts'
import { session as texts } from '../../machines/messages.ts'

const BASE = 'http://portail.test'
const TOKEN = 'tok-5c1e9a'
const user: SessionUser = { name: 'Awa Mbuyi', kcode: 'K1234567', modules: ['solde', 'statement'] }
const usd = { id: '1', compte: '000110000000000000012', currency: '1' }

/** The browser's session storage, for Node. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(key)
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value))
  }
}
const storage = new MemoryStorage()

// ---------------------------------------------------------------------------------------------
// The network: each test says how the bank answers; every request is recorded.
// ---------------------------------------------------------------------------------------------

type Answer = { status: number; body?: unknown }
const json = (status: number, body: unknown): Answer => ({ status, body })
let answerFor: (method: string, path: string) => Answer
const requests: Request[] = []

const okAnswers = (method: string, path: string): Answer => {
  if (path.endsWith('/account')) return json(200, { code: '0', comptes: [usd] })
  if (path.endsWith('/notification-size')) return json(200, { code: '0', size: 3 })
  return json(200, { code: '0' })
}

async function fakeFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init)
  requests.push(request)
  const { status, body } = answerFor(request.method, new URL(request.url).pathname)
  if (body === undefined) return new Response(null, { status })
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

// ---------------------------------------------------------------------------------------------
// The app's modules, imported once the API base address and the globals are in place.
// ---------------------------------------------------------------------------------------------

let app: {
  api: typeof import('../../src/api/client.ts')['api']
  startSession: typeof import('../../src/session/session.ts')['startSession']
  authenticate: typeof import('../../src/api/actors.ts')['authenticate']
  toaster: typeof import('../../src/ui/toasts.ts')['toaster']
  EXPIRY_TOAST_MS: number
}

beforeAll(async () => {
  vi.stubEnv('VITE_API_BASE_URL', BASE)
  vi.stubGlobal('sessionStorage', storage)
  vi.stubGlobal('fetch', fakeFetch)
  const [client, session, actors, toasts] = await Promise.all([
    import('../../src/api/client.ts'),
    import('../../src/session/session.ts'),
    import('../../src/api/actors.ts'),
    import('../../src/ui/toasts.ts'),
  ])
  app = { api: client.api, startSession: session.startSession, authenticate: actors.authenticate, toaster: toasts.toaster, EXPIRY_TOAST_MS: toasts.EXPIRY_TOAST_MS }
})
afterAll(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})

let navigate: ReturnType<typeof vi.fn<(to: '/login' | '/app/dashboard') => void>>
let toast: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  storage.clear()
  requests.length = 0
  answerFor = okAnswers
  navigate = vi.fn<(to: '/login' | '/app/dashboard') => void>()
  toast = vi.spyOn(app.toaster, 'show')
})
afterEach(() => {
  toast.mockRestore()
})

/** A customer signed in before (token and user in session storage), whose shell has loaded. */
async function signedInCustomer() {
  storage.setItem('auth-token', TOKEN)
  storage.setItem('user', JSON.stringify(user))
  const actor = app.startSession(navigate)
  await waitFor(actor, (s) => s.matches({ signedIn: { counter: 'counted' } }) && s.context.accounts.length > 0)
  return actor
}

/** Any call of the contract, by method and path (the tests choose the answer, not the body sent). */
function call(method: 'GET' | 'POST', path: string, init: object = {}): Promise<unknown> {
  const client = app.api as unknown as Record<'GET' | 'POST', (path: string, init: object) => Promise<unknown>>
  return client[method](path, init)
}

const expectSignedOutByExpiry = async (actor: Awaited<ReturnType<typeof signedInCustomer>>) => {
  await waitFor(actor, (s) => s.matches('signedOut'))
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
    ["code '2' in a 200 answer, on a statement (POST statements)", 'POST', `${customer}/statements`, { body: {} }, json(200, { code: '2', message: 'Session expirée' })],
    ['HTTP 403 with an error body, on a transfer ask (POST transfer/ask)', 'POST', `${customer}/transfer/ask`, { body: {} }, json(403, { message: 'Interdit' })],
    ["code '2' on a contact update (POST update-contact)", 'POST', `${customer}/update-contact`, { body: {} }, json(200, { code: '2' })],
    ['HTTP 403 on a file download (GET download/pdf/{id})', 'GET', `${customer}/download/pdf/releve-1.pdf`, { parseAs: 'blob' }, { status: 403 }],
  ]

  it.each(cases)('%s', async (_, method, path, init, answer) => {
    const actor = await signedInCustomer()
    expect(navigate).not.toHaveBeenCalled()
    answerFor = (m, p) => (m === method && p === path ? answer : okAnswers(m, p))
    await call(method, path, init)
    await expectSignedOutByExpiry(actor)
    actor.stop()
  })

  it('the expiry found by the shell itself at start (its counter answers 403) signs out the same way', async () => {
    storage.setItem('auth-token', TOKEN)
    storage.setItem('user', JSON.stringify(user))
    answerFor = (m, p) => (p.endsWith('/notification-size') ? json(403, { code: '2', message: 'Session expirée' }) : okAnswers(m, p))
    const actor = app.startSession(navigate)
    await expectSignedOutByExpiry(actor)
    actor.stop()
  })

  it.each([
    ["code '1' (a refusal)", json(200, { code: '1', message: 'Refusé' })],
    ["code '0'", json(200, { code: '0' })],
    ['HTTP 401', json(401, { code: '1', message: 'Non autorisé' })],
    ['HTTP 500', { status: 500 }],
    ["a 200 answer whose status (not code) is '1'", json(200, { status: '1', message: 'Solde insuffisant' })],
  ] as Array<[string, Answer]>)('any other answer of a customer call (%s) keeps the customer signed in', async (_, answer) => {
    const actor = await signedInCustomer()
    answerFor = (m, p) => (p.endsWith('/transfer/ask') ? answer : okAnswers(m, p))
    await call('POST', '/api/rest/customer/v1/transfer/ask', { body: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(storage.getItem('auth-token')).toBe(TOKEN)
    expect(toast).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    actor.stop()
  })

  it("an HTTP 403 or code '2' on a public call (the sign-in) is not a session expiry", async () => {
    const actor = await signedInCustomer()
    answerFor = (m, p) => (p === '/auth/login' ? json(403, { code: '2', message: 'Code utilisateur ou code pin incorrect' }) : okAnswers(m, p))
    await call('POST', '/auth/login', { body: { username: 'K1234567', password: '99999' } })
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
    answerFor = (m, p) =>
      p === '/auth/login'
        ? json(200, { code: '0', token: TOKEN, name: user.name, kcode: user.kcode, modules: user.modules.map((code) => ({ code })) })
        : okAnswers(m, p)
    const session = app.startSession(navigate)
    expect(session.getSnapshot().matches('signedOut')).toBe(true)

    // As the sign-in screen does: the login machine with the app's real actor, its output to the session.
    const login = createActor(loginMachine.provide({ actors: { authenticate: app.authenticate } }), { input: { provider: 'Banque' } }).start()
    login.send({ type: 'field.change', field: 'username', value: 'K1234567' })
    login.send({ type: 'field.change', field: 'password', value: '12345' })
    login.send({ type: 'login.submit' })
    const done = await waitFor(login, (s) => s.status === 'done')
    session.send({ type: 'session.start', ...done.output! })

    expect(storage.getItem('auth-token')).toBe(TOKEN)
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user)
    expect(navigate.mock.calls).toEqual([['/app/dashboard']])
    expect(session.getSnapshot().matches('signedIn')).toBe(true)
    // The saved token is what the customer calls carry from then on.
    await waitFor(session, (s) => s.context.accounts.length > 0)
    const customerCalls = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/rest/customer/'))
    expect(customerCalls.length).toBeGreaterThan(0)
    for (const r of customerCalls) expect(r.headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    session.stop()
  })

  it('a refused sign-in saves nothing and stays on /login', async () => {
    answerFor = (m, p) => (p === '/auth/login' ? json(200, { code: '1', message: 'Compte suspendu' }) : okAnswers(m, p))
    const session = app.startSession(navigate)
    const login = createActor(loginMachine.provide({ actors: { authenticate: app.authenticate } }), { input: { provider: 'Banque' } }).start()
    login.send({ type: 'field.change', field: 'username', value: 'K1234567' })
    login.send({ type: 'field.change', field: 'password', value: '12345' })
    login.send({ type: 'login.submit' })
    const after = await waitFor(login, (s) => s.matches('editing') && s.context.error !== null)
    expect(after.context.error).toBe('Compte suspendu')
    expect(storage.length).toBe(0)
    expect(navigate).not.toHaveBeenCalled()
    expect(session.getSnapshot().matches('signedOut')).toBe(true)
    session.stop()
  })
})

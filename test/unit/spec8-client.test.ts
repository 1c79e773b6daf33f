/**
 * Spec §8 rows that the portal carries out in its glue code (src/), checked end to end without a
 * browser: the real contract client (`src/api/client.ts`, its session-expiry middleware), the real
 * session actor (`src/session/session.ts`, its toast and navigation) and the real call actors, over
 * a fake `fetch` that answers as the bank would, and an in-memory session storage.
 *
 * - Session expired (HTTP 403 or code '2'): sign out; warning toast "Deconnexion", "Votre session a
 *   expiré. Veuillez vous reconnecter", shown 3 seconds; go to /login.
 * - Accounts not loaded or empty: the screens show "Vos comptes n'ont pu être chargés, cliquez pour
 *   réessayer".
 * - Currency load failure: nothing is shown.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor, type AnyActorRef } from 'xstate'
import { balanceMachine, balanceScreen } from '../../machines/balance.ts'
import type { SessionUser } from '../../machines/login.ts'
import { session as sessionTexts, transfer as transferTexts } from '../../machines/messages.ts'
import type { Account } from '../../machines/session.ts'
import { transferMachine } from '../../machines/transfer.ts'

const BANK = 'http://banque.test'
const TOKEN = 'tok-spec8-0c1e'
const user: SessionUser = { name: 'Awa Mbuyi', kcode: 'K1234567', modules: ['solde', 'card-visa'] }
const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }

// ---------------------------------------------------------------------------------------------
// A browser's session storage and a bank answering by path
// ---------------------------------------------------------------------------------------------

class MemoryStorage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value))
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
}

type Answer = { status: number; body: unknown } | 'network'
/** path (without the base) → answer; a path not listed answers 404. */
let bank: Record<string, Answer> = {}
const requests: Request[] = []

function fakeFetch(request: Request): Promise<Response> {
  requests.push(request)
  const answer = bank[new URL(request.url).pathname] ?? { status: 404, body: { message: 'introuvable' } }
  if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'))
  return Promise.resolve(
    new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
  )
}

const customer = (path: string) => `/api/rest/customer/v1/${path}`

// The modules read `import.meta.env` when they load: they are imported once the base is set.
let client: typeof import('../../src/api/client.ts')
let sessionModule: typeof import('../../src/session/session.ts')
let toasts: typeof import('../../src/ui/toasts.ts')
let transferActors: typeof import('../../src/flows/transfer/actors.ts')

beforeAll(async () => {
  vi.stubEnv('VITE_API_BASE_URL', BANK)
  client = await import('../../src/api/client.ts')
  sessionModule = await import('../../src/session/session.ts')
  toasts = await import('../../src/ui/toasts.ts')
  transferActors = await import('../../src/flows/transfer/actors.ts')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

let storage: MemoryStorage
const started: AnyActorRef[] = []
beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('sessionStorage', storage)
  vi.stubGlobal('fetch', vi.fn(fakeFetch))
  requests.length = 0
  bank = {
    [customer('account')]: { status: 200, body: { code: '0', comptes: [usd] } },
    [customer('notification-size')]: { status: 200, body: { code: '0', size: 2 } },
  }
})
afterEach(() => {
  started.splice(0).forEach((actor) => actor.stop())
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A signed-in tab: token and user in session storage, the session actor started as the app does. */
function signedInTab() {
  storage.setItem('auth-token', TOKEN)
  storage.setItem('user', JSON.stringify(user))
  const navigate = vi.fn<(to: '/login' | '/app/dashboard') => void>()
  const show = vi.spyOn(toasts.toaster, 'show')
  const actor = sessionModule.startSession(navigate)
  started.push(actor)
  return { actor, navigate, show }
}

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
    bank[customer('notification-size')] = { status: 403, body: { code: '2', message: 'Session expirée' } }
    const { actor, navigate, show } = signedInTab()
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 1000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledTimes(1)
    expect(show).toHaveBeenCalledWith(expiredToast)
    expect(sessionTexts).toMatchObject({ expiredTitle: expiredToast.title, expiredText: expiredToast.text })
    expect(toasts.EXPIRY_TOAST_MS).toBe(3000)
    expect(storage.length).toBe(0)
    expect(actor.getSnapshot().context.user).toBeNull()
  })

  it("a customer call answered code '2' in a 200 body signs out the same way", async () => {
    bank[customer('notification-size')] = { status: 200, body: { code: '2', message: 'Session expirée' } }
    const { actor, navigate, show } = signedInTab()
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 1000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledWith(expiredToast)
    expect(storage.length).toBe(0)
  })

  it("a customer call answered status '2' (the field of transfer, statement and password answers) signs out too", async () => {
    bank[customer('notification-size')] = { status: 200, body: { status: '2', message: 'Session expirée' } }
    const { actor, navigate, show } = signedInTab()
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 1000 })
    await settled()
    expect(navigate).toHaveBeenLastCalledWith('/login')
    expect(show).toHaveBeenCalledWith(expiredToast)
  })

  it('a customer call answered HTTP 500, or code 1, does not end the session', async () => {
    bank[customer('notification-size')] = { status: 500, body: { message: 'Erreur interne' } }
    bank[customer('balance')] = { status: 200, body: { code: '1', message: 'Refusé' } }
    const { actor, navigate, show } = signedInTab()
    await settled()
    await client.api.POST('/api/rest/customer/v1/balance', { body: { code: usd.compte, currency: '1' } })
    await settled()
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
    expect(show).not.toHaveBeenCalled()
    expect(storage.getItem('auth-token')).toBe(TOKEN)
  })

  it('a public call answered HTTP 403 (a wrong PIN at login) is not a session expiry', async () => {
    bank['/auth/login'] = { status: 403, body: { message: 'Code utilisateur ou code pin incorrect' } }
    const { actor, navigate, show } = signedInTab()
    await settled()
    const { response } = await client.api.POST('/auth/login', { body: { username: 'K1234567', password: '99999' } })
    await settled()
    expect(response.status).toBe(403)
    expect(actor.getSnapshot().matches('signedIn')).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
    expect(show).not.toHaveBeenCalled()
  })

  it('customer calls carry the bearer token, public calls do not', async () => {
    signedInTab()
    await settled()
    await client.api.POST('/auth/login', { body: { username: 'K1234567', password: '12345' } })
    const auth = (path: string) => requests.find((r) => new URL(r.url).pathname === path)?.headers.get('authorization')
    expect(auth(customer('notification-size'))).toBe(`Bearer ${TOKEN}`)
    expect(auth('/auth/login')).toBeNull()
  })
})

// ---------------------------------------------------------------------------------------------
// Accounts not loaded or empty
// ---------------------------------------------------------------------------------------------

describe("spec §8 accounts not loaded or empty: \"Vos comptes n'ont pu être chargés, cliquez pour réessayer\"", () => {
  /** The balance screen opened with the session's accounts, as BalancePage does. */
  async function balanceScreenAfterSession() {
    const { actor } = signedInTab()
    // The list was answered: stored (spec §3), or marked failed.
    await waitFor(actor, (s) => s.context.accountsFailed || storage.getItem('accounts') !== null, { timeout: 1000 })
    const { accounts, accountsFailed } = actor.getSnapshot().context
    const screen = createActor(balanceMachine, { input: { accounts, accountsFailed } })
    started.push(screen.start())
    return { session: actor.getSnapshot().context, screen: balanceScreen(screen.getSnapshot()) }
  }

  it.each<[string, Answer]>([
    ["a code other than '0'", { status: 200, body: { code: '1', message: 'Indisponible' } }],
    ['an HTTP error', { status: 500, body: { message: 'Erreur interne' } }],
    ['no answer', 'network'],
  ])('POST account answered with %s: the session marks the accounts failed; the screen shows the message', async (_, answer) => {
    bank[customer('account')] = answer
    const { session, screen } = await balanceScreenAfterSession()
    expect(session.accountsFailed).toBe(true)
    expect(screen.accountsMessage).toBe("Vos comptes n'ont pu être chargés, cliquez pour réessayer")
    expect(screen.accounts).toEqual([])
  })

  it('POST account answered with an empty list: the same message', async () => {
    bank[customer('account')] = { status: 200, body: { code: '0', comptes: [] } }
    const { session, screen } = await balanceScreenAfterSession()
    expect(session).toMatchObject({ accounts: [], accountsFailed: false })
    expect(screen.accountsMessage).toBe(transferTexts.accountsNotLoaded)
  })

  it('POST account answered with accounts: no message, the accounts are offered', async () => {
    const { screen } = await balanceScreenAfterSession()
    expect(screen.accountsMessage).toBeNull()
    expect(screen.accounts).toEqual([usd])
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
    const actor = createActor(machine, { input: { kind: 'card', accounts: [usd], accountsFailed: false } })
    started.push(actor.start())
    return waitFor(actor, (s) => (s.value as { editing?: { currencies?: string } }).editing?.currencies === 'idle', { timeout: 1000 })
  }

  it.each<[string, Answer]>([
    ["a code other than '0'", { status: 200, body: { code: '1', currencies: ['1'] } }],
    ['an HTTP error', { status: 500, body: { message: 'Erreur interne' } }],
    ['no answer', 'network'],
  ])('GET currencies/b2c answered with %s: no currency offered, no message, the form stays', async (_, answer) => {
    bank['/auth/v1/currencies/b2c'] = answer
    const snapshot = await cardScreen()
    expect(snapshot.context.currencies).toEqual([])
    expect(snapshot.context.error).toBeNull()
    expect(snapshot.context.holderError).toBeNull()
    expect(snapshot.matches({ editing: { form: 'filling' } })).toBe(true)
  })

  it('GET currencies/b2c answered: the currencies are offered', async () => {
    bank['/auth/v1/currencies/b2c'] = { status: 200, body: { code: '0', currencies: ['1', '2'] } }
    const snapshot = await cardScreen()
    expect(snapshot.context.currencies).toEqual(['1', '2'])
  })
})

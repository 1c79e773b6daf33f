import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from '../../openapi/schema'
import { apiBaseUrl, requestTimeoutMs } from '../config'
import { sessionStore } from './sessionStore'

const CUSTOMER_PREFIX = '/api/rest/customer/'

/**
 * What the client tells the session, as named outward actions (like a machine's): the session's door
 * (src/session/session.ts) provides them once, when it starts the session. Until then nobody listens.
 */
export interface ClientSignals {
  /** A customer call answered HTTP 403 or code '2': the session ended on the server (spec §4 Session). */
  sessionExpired: () => void
  /** A customer call was answered: the server moved its idle window (rulings §6.4). */
  sessionActive: () => void
  /**
   * rulings §9.5: a customer call answered HTTP 403 code '3': the session is alive but opened with the
   * PIN a reset sent, which must be changed first (the session opens only that screen).
   */
  pinChangeRequired: () => void
}

let signals: ClientSignals = { sessionExpired: () => {}, sessionActive: () => {}, pinChangeRequired: () => {} }

/** The session's door provides the client's outward actions (the one place that wires them). */
export function provideClientSignals(provided: ClientSignals): void {
  signals = provided
}

function isCustomerCall(request: Request): boolean {
  return new URL(request.url).pathname.startsWith(CUSTOMER_PREFIX)
}

const bearerToken: Middleware = {
  onRequest({ request }) {
    const token = sessionStore.token()
    if (token && isCustomerCall(request)) request.headers.set('Authorization', `Bearer ${token}`)
    return request
  },
}

/**
 * The JSON bodies the session check below has already read, by answer: an actor that asks for the
 * body as a stream takes it from here instead of reading and parsing it a second time (a
 * 10,000-line statement is 2 MB of JSON: each read costs a phone hundreds of milliseconds).
 */
const bodiesRead = new WeakMap<Response, unknown>()

/** The body the session check parsed, or `undefined` when it did not (not a customer call, not JSON, unreadable). */
export const bodyAlreadyRead = (response: Response): unknown => bodiesRead.get(response)

/**
 * spec §4 Session / §7: HTTP 403 or a body code '2' on any customer call signs the customer out —
 * but a 403 with code '3' (rulings §9.5) only says the PIN must be changed first.
 */
const sessionExpiry: Middleware = {
  async onResponse({ request, response }) {
    if (!isCustomerCall(request)) return response
    if (response.status === 403) {
      // rulings §9.5: code '3' is not an expiry: the PIN a reset sent must be changed first.
      const refusal: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if (refusal && typeof refusal === 'object' && (refusal as { code?: unknown }).code === '3') {
        signals.pinChangeRequired()
        signals.sessionActive()
        // A body that could not be read because its caller dropped the call (a screen left while
        // its 403 was arriving, as the PIN-change gate does) says neither expiry nor code '3': no
        // one waits for it, and the screen's next call answers for the session.
      } else if (!(refusal === null && request.signal.aborted)) signals.sessionExpired()
      return response
    }
    if (response.headers.get('content-type')?.includes('application/json')) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null)
      if (body !== null) bodiesRead.set(response, body)
      // The answers that carry their result in `status` (transfers, statement, password change)
      // say '2' there: the machines read both fields the same way, and so must the sign-out.
      const { code, status } = (body && typeof body === 'object' ? body : {}) as { code?: unknown; status?: unknown }
      if (code === '2' || status === '2') {
        signals.sessionExpired()
        return response
      }
    }
    // A 5xx may come from a gateway that never reached the server: no proof of a moved window.
    if (response.status < 500) signals.sessionActive()
    return response
  },
}

/** Every request ends: the browser's fetch with a time limit. */
function fetchWithTimeout(request: Request): Promise<Response> {
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(requestTimeoutMs)])
  return fetch(new Request(request, { signal }))
}

export const api = createClient<paths>({ baseUrl: apiBaseUrl, fetch: fetchWithTimeout })
api.use(bearerToken, sessionExpiry)

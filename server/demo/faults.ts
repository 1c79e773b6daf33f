/**
 * Demo-mode fault injector (rulings §5): POST /__dev/faults makes a chosen call answer as told, so
 * that QA and tests reach every state of every flow (errors, slowness, an expired session, no
 * answer at all, an answer lost after the call was carried out). Faults act in an onRequest hook,
 * before the token check and the validation of the call. They are kept in memory, applied in the
 * order they were added, and never touch /__dev/* itself.
 *
 * A fault may be scoped to one customer (rulings §9.8, `customer`: a user code), so that testers
 * sharing one demo server do not collide: it then applies only to the calls of that customer's
 * sessions (the bearer token's), to the sign-ins and PIN-reset asks naming that user code, and to
 * the PIN-reset confirms of that customer's resets. Those three public calls name the customer in
 * their body: when a scoped fault waits for one of them, the call is matched in a preValidation
 * hook instead, once its body is read (and checked there against every fault, in order).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../openapi/schema.d.ts'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/db.ts'
import { endSession, hashToken } from '../domain/sessions.ts'
import { bearerToken } from '../http/auth.ts'
import { pathOf } from '../http/headers.ts'

export type Fault = components['schemas']['Fault']

/**
 * How long a dropped call stays dropped. Chromium resends a request, whatever its method, when a
 * kept-alive connection closes before the first byte of the answer (it takes the close for the
 * server's idle timeout); the resend comes a few milliseconds later on another connection. Without
 * this, `times: 1` would drop the first try and let the resend reach the real handler: the page
 * would never see the network failure (and a lost answer's call would be carried out twice).
 * Wall-clock time, not the app's clock: it is the browser's.
 */
export const RESEND_WINDOW_MS = 1000

/** A user code as the portal's customers have them (spec §4: the letter K followed by digits). */
export const USER_CODE_FORMAT = /^K[0-9]{1,31}$/

/** A user code as typed: trimmed and upper-cased, as sign-in and PIN reset read it. */
export const normalUserCode = (value: string) => value.trim().toUpperCase()

interface Dropped {
  method: string
  path: string
  /** The customer of the dropped call, when its fault was scoped: only that customer's resend is dropped. */
  customer?: string
  until: number
}

/** Whether a fault (or a dropped call) of this scope applies to a call of this customer. */
const inScope = (scope: string | undefined, customer: string | undefined) => scope === undefined || scope === customer

export class FaultStore {
  #faults: Fault[] = []
  #dropped: Dropped[] = []

  list(): Fault[] {
    return this.#faults.map((f) => structuredClone(f))
  }

  add(fault: Fault): Fault {
    this.#faults.push(structuredClone(fault))
    return fault
  }

  /** Clears every fault, or (with a user code) only the faults scoped to that customer. */
  clear(customer?: string): void {
    if (customer === undefined) {
      this.#faults = []
      this.#dropped = []
      return
    }
    this.#faults = this.#faults.filter((f) => f.customer !== customer)
    this.#dropped = this.#dropped.filter((d) => d.customer !== customer)
  }

  /** The first fault for this call of this customer (undefined: a caller nobody named), counted as used once. */
  take(method: string, path: string, customer?: string): Fault | undefined {
    const index = this.#faults.findIndex((f) => matches(f, method, path) && inScope(f.customer, customer))
    if (index === -1) return undefined
    const fault = this.#faults[index]!
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.#faults.splice(index, 1)
      else fault.times -= 1
    }
    return structuredClone(fault)
  }

  /** Whether a scoped fault, or a scoped dropped call, waits for this call: its customer must then be known. */
  needsCustomer(method: string, path: string, now: number = performance.now()): boolean {
    return (
      this.#faults.some((f) => f.customer !== undefined && matches(f, method, path)) ||
      this.#dropped.some((d) => d.customer !== undefined && d.until > now && d.method === method && d.path === path)
    )
  }

  /** Nothing to apply: no fault waiting and no dropped call whose resend must be closed too. */
  isIdle(): boolean {
    return this.#faults.length === 0 && this.#dropped.length === 0
  }

  /** Remembers a call whose connection was just closed, so that its resend is closed too. */
  dropped(method: string, path: string, now: number = performance.now(), customer?: string): void {
    this.#dropped.push({ method, path, until: now + RESEND_WINDOW_MS, ...(customer === undefined ? {} : { customer }) })
  }

  /** Whether this call is the resend of one dropped less than RESEND_WINDOW_MS ago (it does not renew the window). */
  isResend(method: string, path: string, now: number = performance.now(), customer?: string): boolean {
    this.#dropped = this.#dropped.filter((d) => d.until > now)
    return this.#dropped.some((d) => d.method === method && d.path === path && inScope(d.customer, customer))
  }
}

const matches = (f: Fault, method: string, path: string) => (f.method === undefined || f.method === method) && f.path === path

/**
 * The public calls that name their customer in the body, and how: the user code typed at sign-in
 * and in a PIN-reset ask, the reference of a PIN reset in its confirm.
 */
const NAMED_IN_BODY: Record<string, (db: Queryable, body: Record<string, unknown>) => Promise<string | undefined>> = {
  'POST /auth/login': async (_db, body) => (typeof body.username === 'string' ? normalUserCode(body.username) : undefined),
  'POST /auth/v1/password/ask': async (_db, body) => (typeof body.compte === 'string' ? normalUserCode(body.compte) : undefined),
  'POST /auth/v1/password/confirm': async (db, body) => {
    if (typeof body.code !== 'string' || body.code.length > 64) return undefined
    const [row] = await db.query<{ kcode: string }>('select c.kcode from pin_resets r join customers c on c.id = r.customer_id where r.reference = $1', [
      body.code,
    ])
    return row?.kcode
  },
}

/** The customer of a bearer token's session (ended or not: an expired session's call is still hers). */
async function customerOfToken(db: Queryable, authorization: string | undefined): Promise<string | undefined> {
  const token = bearerToken(authorization)
  if (!token || token.length > 200) return undefined
  const [row] = await db.query<{ kcode: string }>('select c.kcode from sessions s join customers c on c.id = s.customer_id where s.token_hash = $1', [
    hashToken(token),
  ])
  return row?.kcode
}

/** Whether a customer has this user code (a scoped fault must name one). */
export async function customerExists(db: Queryable, userCode: string): Promise<boolean> {
  const rows = await db.query('select 1 from customers where kcode = $1', [userCode])
  return rows.length > 0
}

/** What the faults decided for one call, kept until its answer: a lost answer, and whose call it was. */
interface Pending {
  customer?: string
  loseAnswer?: boolean
}

export function registerFaults(app: FastifyInstance, ctx: AppContext, store: FaultStore): void {
  // Delays end early when the server closes, so that a stop is never held up by a fault.
  const closing = new AbortController()
  app.addHook('onClose', async () => closing.abort())
  const pending = new WeakMap<FastifyRequest, Pending>()
  /** Calls whose customer is named in their body, to be matched once it is read. */
  const deferred = new WeakSet<FastifyRequest>()

  // Most calls meet no fault: they go on at once (callback style, no promise per call); the others
  // are answered by applyFault's promise, as an async hook would be.
  app.addHook('onRequest', (request, reply, done) => {
    if (store.isIdle()) return done()
    return onRequest(request, reply)
  })

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url)
    if (path.startsWith('/__dev/')) return
    const named = NAMED_IN_BODY[`${request.method} ${path}`]
    const needsCustomer = store.needsCustomer(request.method, path)
    if (named && needsCustomer) {
      deferred.add(request)
      return
    }
    const customer = needsCustomer ? await customerOfToken(ctx.db, request.headers.authorization) : undefined
    return applyFault(request, reply, path, customer)
  }

  // As onRequest: callback style for the calls nobody deferred, a promise for the others.
  app.addHook('preValidation', (request, reply, done) => {
    if (!deferred.has(request)) return done()
    return onNamedCall(request, reply)
  })

  async function onNamedCall(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url)
    const body = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
    const customer = await NAMED_IN_BODY[`${request.method} ${path}`]!(ctx.db, body)
    return applyFault(request, reply, path, customer)
  }

  async function applyFault(request: FastifyRequest, reply: FastifyReply, path: string, customer: string | undefined) {
    if (store.isResend(request.method, path, undefined, customer)) {
      request.log.info({ fault: { method: request.method, path, dropConnection: true } }, 'demo fault: resend dropped')
      return dropConnection(request, reply)
    }
    const fault = store.take(request.method, path, customer)
    if (!fault) return
    const scope = fault.customer
    request.log.info(
      {
        fault: {
          method: fault.method,
          path: fault.path,
          status: fault.status,
          dropConnection: fault.dropConnection,
          loseAnswer: fault.loseAnswer,
          customer: scope,
        },
      },
      'demo fault applied',
    )
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: closing.signal }).catch(() => {})
    if (fault.expireSession) {
      const token = bearerToken(request.headers.authorization)
      if (token) await endSession(ctx.db, token, 'fault', ctx.now())
    }
    if (fault.dropConnection) {
      store.dropped(request.method, path, undefined, scope)
      return dropConnection(request, reply)
    }
    // The real handler carries the call out; its answer is lost in onSend below.
    if (fault.loseAnswer) {
      pending.set(request, { loseAnswer: true, ...(scope === undefined ? {} : { customer: scope }) })
      return
    }
    // With neither status nor body the real handler answers (after the delay, if any).
    if (fault.status === undefined && !('body' in fault)) return
    reply.code(fault.status ?? 200)
    if ('body' in fault) return reply.type('application/json; charset=utf-8').send(JSON.stringify(fault.body ?? null))
    return reply.send()
  }

  // A lost answer: the handler has answered (its transaction committed), the answer is never sent.
  app.addHook('onSend', (request, reply, payload, done) => {
    const lost = pending.get(request)
    if (!lost?.loseAnswer) return done(null, payload)
    store.dropped(request.method, pathOf(request.url), undefined, lost.customer)
    request.log.info({ fault: { method: request.method, path: pathOf(request.url), loseAnswer: true } }, 'demo fault: answer lost')
    dropConnection(request, reply)
    return done(null, payload)
  })
}

/**
 * Closes the connection without writing a byte: the browser sees it fail, as when a network does.
 * hijack() stops Fastify's lifecycle here, so the real handler never runs (before the handler), or
 * its answer is never written (in onSend).
 */
function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack()
  request.raw.socket.destroy()
}

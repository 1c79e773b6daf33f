/**
 * Demo-mode fault injector (rulings §5): POST /__dev/faults makes a chosen call answer as told, so
 * that QA and tests reach every state of every flow (errors, slowness, an expired session, no
 * answer at all). Faults act in an onRequest hook, before the token check and the validation of
 * the call. They are kept in memory, applied in the order they were added, and never touch
 * /__dev/* itself.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../openapi/schema.d.ts'
import type { AppContext } from '../context.ts'
import { endSession } from '../domain/sessions.ts'
import { bearerToken } from '../http/auth.ts'
import { pathOf } from '../http/headers.ts'

export type Fault = components['schemas']['Fault']

/**
 * How long a dropped call stays dropped. Chromium resends a request, whatever its method, when a
 * kept-alive connection closes before the first byte of the answer (it takes the close for the
 * server's idle timeout); the resend comes a few milliseconds later on another connection. Without
 * this, `times: 1` would drop the first try and let the resend reach the real handler: the page
 * would never see the network failure. Wall-clock time, not the app's clock: it is the browser's.
 */
export const RESEND_WINDOW_MS = 1000

interface Dropped {
  method: string
  path: string
  until: number
}

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

  clear(): void {
    this.#faults = []
    this.#dropped = []
  }

  /** The first fault for this call, counted as used once. */
  take(method: string, path: string): Fault | undefined {
    const index = this.#faults.findIndex((f) => (f.method === undefined || f.method === method) && f.path === path)
    if (index === -1) return undefined
    const fault = this.#faults[index]!
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.#faults.splice(index, 1)
      else fault.times -= 1
    }
    return structuredClone(fault)
  }

  /** Nothing to apply: no fault waiting and no dropped call whose resend must be closed too. */
  isIdle(): boolean {
    return this.#faults.length === 0 && this.#dropped.length === 0
  }

  /** Remembers a call whose connection was just closed, so that its resend is closed too. */
  dropped(method: string, path: string, now: number = performance.now()): void {
    this.#dropped.push({ method, path, until: now + RESEND_WINDOW_MS })
  }

  /** Whether this call is the resend of one dropped less than RESEND_WINDOW_MS ago (it does not renew the window). */
  isResend(method: string, path: string, now: number = performance.now()): boolean {
    this.#dropped = this.#dropped.filter((d) => d.until > now)
    return this.#dropped.some((d) => d.method === method && d.path === path)
  }
}

export function registerFaults(app: FastifyInstance, ctx: AppContext, store: FaultStore): void {
  // Delays end early when the server closes, so that a stop is never held up by a fault.
  const closing = new AbortController()
  app.addHook('onClose', async () => closing.abort())

  // Most calls meet no fault: they go on at once (callback style, no promise per call); the others
  // are answered by applyFault's promise, as an async hook would be.
  app.addHook('onRequest', (request, reply, done) => {
    if (store.isIdle()) return done()
    return applyFault(request, reply)
  })

  async function applyFault(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url)
    if (path.startsWith('/__dev/')) return
    if (store.isResend(request.method, path)) {
      request.log.info({ fault: { method: request.method, path, dropConnection: true } }, 'demo fault: resend dropped')
      return dropConnection(request, reply)
    }
    const fault = store.take(request.method, path)
    if (!fault) return
    request.log.info({ fault: { method: fault.method, path: fault.path, status: fault.status, dropConnection: fault.dropConnection } }, 'demo fault applied')
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: closing.signal }).catch(() => {})
    if (fault.expireSession) {
      const token = bearerToken(request.headers.authorization)
      if (token) await endSession(ctx.db, token, 'fault', ctx.now())
    }
    if (fault.dropConnection) {
      store.dropped(request.method, path)
      return dropConnection(request, reply)
    }
    // With neither status nor body the real handler answers (after the delay, if any).
    if (fault.status === undefined && !('body' in fault)) return
    reply.code(fault.status ?? 200)
    if ('body' in fault) return reply.type('application/json; charset=utf-8').send(JSON.stringify(fault.body ?? null))
    return reply.send()
  }
}

/**
 * Closes the connection without writing a byte: the browser sees it fail, as when a network does.
 * hijack() stops Fastify's lifecycle here, so the real handler never runs.
 */
function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack()
  request.raw.socket.destroy()
}

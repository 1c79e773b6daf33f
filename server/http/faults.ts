/**
 * Demo-mode fault injector (rulings §5): POST /__dev/faults makes a chosen call answer as told, so
 * that QA and tests reach every state of every flow (errors, slowness, an expired session).
 * Faults act in an onRequest hook, before the token check and the validation of the call. They
 * are kept in memory, applied in the order they were added, and never touch /__dev/* itself.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../openapi/schema.d.ts'
import type { AppContext } from '../context.ts'
import { endSession } from '../domain/sessions.ts'
import { bearerToken } from './auth.ts'
import { pathOf } from './headers.ts'

export type Fault = components['schemas']['Fault']

export class FaultStore {
  #faults: Fault[] = []

  list(): Fault[] {
    return this.#faults.map((f) => structuredClone(f))
  }

  add(fault: Fault): Fault {
    this.#faults.push(structuredClone(fault))
    return fault
  }

  clear(): void {
    this.#faults = []
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
}

export function registerFaults(app: FastifyInstance, ctx: AppContext, store: FaultStore): void {
  // Delays end early when the server closes, so that a stop is never held up by a fault.
  const closing = new AbortController()
  app.addHook('onClose', async () => closing.abort())

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url)
    if (path.startsWith('/__dev/')) return
    const fault = store.take(request.method, path)
    if (!fault) return
    request.log.info({ fault: { method: fault.method, path: fault.path, status: fault.status } }, 'demo fault applied')
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: closing.signal }).catch(() => {})
    if (fault.expireSession) {
      const token = bearerToken(request.headers.authorization)
      if (token) await endSession(ctx.db, token, 'fault', ctx.now())
    }
    // With neither status nor body the real handler answers (after the delay, if any).
    if (fault.status === undefined && !('body' in fault)) return
    reply.code(fault.status ?? 200)
    if ('body' in fault) return reply.type('application/json; charset=utf-8').send(JSON.stringify(fault.body ?? null))
    return reply.send()
  })
}

/**
 * What stands in front of the database (docs/security.md, "In front of the database"):
 *
 * - load shedding (@fastify/under-pressure): when the event loop's mean delay over a second or the
 *   heap in use passes its threshold (SHED_EVENT_LOOP_DELAY_MS, SHED_HEAP_USED_MB), every call gets
 *   503 with Retry-After and the catalogue's "unavailable" message before any work, so that a
 *   process drowning in work sheds it instead of answering everyone late; the health checks and
 *   /metrics still answer (a supervisor must not restart a busy process, and its metrics say why);
 * - a per-address limit in memory (@fastify/rate-limit): RATE_LIMIT_PER_MINUTE calls per client
 *   address and minute, IPv6 addresses grouped by their /64 (one subscriber's whole network), for
 *   every route and the SPA's pages alike; beyond, rulings §8's 429 with Retry-After (REQ-SERVER-10). It runs at
 *   onRequest, before the body is read and before any route's work, so a flood costs no database
 *   write; the database-counted limits (address-limits.ts) stay behind it, shared by every process.
 *
 * Loopback callers (this machine: a local agent, the benchmark, a proxy on the same host without
 * TRUST_PROXY) are not counted by the in-memory limit; the database-counted limits still count them.
 */
import { isIPv4, isIPv6 } from 'node:net'
import { getHeapStatistics } from 'node:v8'
import rateLimit from '@fastify/rate-limit'
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '../../kernel/messages.ts'
import type { OpsSettings } from '../ops-settings.ts'
import { isLoopback } from '../deployment.ts'
import { tooManyTries } from './address-limits.ts'
import { securityEvent } from './security-log.ts'
import { RETRY_AFTER_SECONDS } from './unavailable.ts'

/** Answered whatever the load and the limit: supervisors, load balancers and Prometheus call them. */
export const OPERATIONS_PATHS = new Set(['/livez', '/readyz', '/metrics'])
/** The heap's default threshold: this share of V8's limit (past it, garbage collection takes over). */
const HEAP_SHARE = 0.9
const WINDOW_MS = 60_000
/** How often the plugin samples the event loop's delay and the heap (its default). */
const SAMPLE_MS = 1_000

/** The thrown marker of a call over the in-memory limit (caught below, never seen by the client). */
class OverLimit {
  constructor(readonly retryAfterSeconds: number) {}
}

export async function registerProtection(app: FastifyInstance, settings: OpsSettings): Promise<void> {
  const maxHeapUsedBytes = settings.shedHeapUsedBytes ?? Math.floor(getHeapStatistics().heap_size_limit * HEAP_SHARE)
  let lastShedLine = 0
  let readyAt: number | undefined
  app.addHook('onReady', async () => {
    readyAt = Date.now()
  })
  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    maxEventLoopDelay: settings.shedEventLoopDelayMs,
    maxHeapUsedBytes,
    // As the plugin documents it: a handler that sends nothing lets the call through.
    pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string) => {
      if (OPERATIONS_PATHS.has(pathOnly(request.url))) return
      // The start's own work (PGlite's WebAssembly, the first ANALYZE) blocks the loop for seconds:
      // not load. Its samples are over once two have been taken after the server was ready.
      if (type === TYPE_EVENT_LOOP_DELAY && (readyAt === undefined || Date.now() - readyAt < 2 * SAMPLE_MS)) return
      // One line a second at most while it lasts: a line per shed call would add to the load.
      if (Date.now() - lastShedLine >= 1_000) {
        lastShedLine = Date.now()
        request.log.warn({ pressure: type }, 'under pressure: calls shed')
      }
      void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: api.unavailable })
    },
  })

  await app.register(rateLimit, {
    global: false,
    // Headers on every answer would cost each customer's mobile data; a refusal says Retry-After.
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  })
  let warned = new Set<string>()
  const clear = setInterval(() => (warned = new Set()), WINDOW_MS)
  clear.unref()
  app.addHook('onClose', async () => clearInterval(clear))
  const limit = app.rateLimit({
    max: settings.rateLimitPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => addressKey(request.ip),
    allowList: (request) => isLoopback(request.ip.replace(/^::ffff:/i, '')) || OPERATIONS_PATHS.has(pathOnly(request.url)),
    onExceeded: (request, key) => {
      // One line per address and window, not one per refused call of a flood.
      if (warned.has(key)) return
      warned.add(key)
      securityEvent(request, 'limit.address', { scope: 'memory', limit: settings.rateLimitPerMinute })
    },
    errorResponseBuilder: (_request, context) => new OverLimit(Math.max(1, Math.ceil(context.ttl / 1000))) as never,
  })
  app.addHook('onRequest', async (request, reply) => {
    try {
      await limit.call(app, request, reply)
    } catch (error) {
      if (error instanceof OverLimit) return tooManyTries(reply, error.retryAfterSeconds)
      throw error
    }
  })
}

/**
 * The key an address is counted under: an IPv4 address as is (an IPv4-mapped IPv6 address as its
 * IPv4 form), an IPv6 address as its first 64 bits, since one subscriber is given a whole /64 and
 * can use any address of it.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '') // zone index (fe80::1%eth0)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (!isIPv6(address)) return address
  const groups = expandIPv6(address)
  return `${groups.slice(0, 4).join(':')}::/64`
}

/** Eight groups of four hex digits (an embedded IPv4 tail turned into its two groups). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase()
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16)
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => group.padStart(4, '0'))
}

function pathOnly(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

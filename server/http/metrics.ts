/**
 * Prometheus metrics (prom-client) at GET /metrics, answered before (and apart from) the SPA's
 * fallback, like /livez. What each metric means is in docs/operations.md; who may read them is a
 * decision (docs/decisions.md, "Metrics"): with METRICS_TOKEN set, only a scrape sending
 * `Authorization: Bearer <token>`; without it, nobody in production (404) and anyone in demo mode
 * (which listens on loopback only unless DEMO_ALLOW_EXPOSED says otherwise).
 *
 * Labels never carry a customer's data: the route is Fastify's template (`/…/{id}` as
 * `/…/:id`), never the URL; the method is one of a fixed few; the status a class or a 5xx code.
 * The outbox gauges are read from the database when scraped (two counts on partial indexes), so
 * that every process reports the same backlog whichever process queued or sends the messages.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/db.ts'
import type { OutgoingMessage } from '../delivery/channels.ts'
import { api } from '../../kernel/messages.ts'

/** A scrape must not wait on a slow database longer than Prometheus waits on the scrape. */
const DATABASE_READ_TIMEOUT_MS = 2_000
/** Requests answered by the not-found handler: the SPA's pages and unknown paths. */
const FALLBACK_ROUTE = '(fallback)'
/** The label of a status (by its hundreds), made once rather than on every answer. */
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx', '6xx', '7xx', '8xx', '9xx']
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export interface MetricsOptions {
  db: Db
  demoMode: boolean
  token: string | undefined
  /** Where GET /metrics is served: the operations listener (OPS_PORT), else the application. */
  routes?: FastifyInstance
}

export interface Metrics {
  /** Told by the outbox sender of each message's outcome in this process. */
  onOutboxOutcome(channel: OutgoingMessage['channel'], outcome: 'sent' | 'failed' | 'dead'): void
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route template, method and status class (its _count is the request count)',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [registry],
  })
  const serverErrors = new Counter({
    name: 'portal_http_server_errors_total',
    help: 'Answers with a 5xx status, by route template, method and status (503: database unreachable)',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  })
  // Callback style, not async: this hook runs after every answer, and a promise per call is a
  // measurable share of a small API call's CPU.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request)
    const method = METHODS.has(request.method) ? request.method : 'OTHER'
    const hundreds = Math.floor(reply.statusCode / 100)
    duration.observe({ route, method, status_class: STATUS_CLASSES[hundreds] ?? `${hundreds}xx` }, reply.elapsedTime / 1000)
    if (reply.statusCode >= 500) serverErrors.inc({ route, method, status: String(reply.statusCode) })
    done()
  })

  const outcomes = {
    sent: counter('portal_outbox_sent_total', 'Messages this process handed to the SMTP server or the SMS gateway'),
    failed: counter('portal_outbox_send_failures_total', 'Failed sends by this process that will be tried again'),
    dead: counter('portal_outbox_dead_total', 'Messages this process gave up on after OUTBOX_MAX_ATTEMPTS failures'),
  }
  function counter(name: string, help: string) {
    return new Counter({ name, help, labelNames: ['channel'] as const, registers: [registry] })
  }

  registerDatabaseGauges(registry, options.db, app)

  const routes = options.routes ?? app
  routes.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!options.token && !options.demoMode) return reply.code(404).send({ message: api.notFound })
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: api.metricsRefused })
    }
    const text = await registry.metrics()
    return reply.type(registry.contentType).send(text)
  })

  return { onOutboxOutcome: (channel, outcome) => outcomes[outcome].inc({ channel }) }
}

/** Fastify's template of the matched route; the not-found handler (SPA pages, unknown paths) has none. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? FALLBACK_ROUTE
}

/** Compared as digests of equal length in constant time, so that the answer's timing tells nothing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '')
  if (!match) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(match[1]!), digest(token))
}

/**
 * Gauges read at scrape time: the outbox backlog (pending, dead by channel), the age of the oldest
 * pending message, whether the database answered, and the `pg` pool's use (PostgreSQL only).
 */
function registerDatabaseGauges(registry: Registry, db: Db, app: FastifyInstance): void {
  // The three gauges are collected together at each scrape: they share one read of the outbox.
  let reading: Promise<OutboxState | undefined> | undefined
  const read = () =>
    (reading ??= withTimeout(readOutbox(db))
      .catch((error: unknown) => {
        app.log.warn({ err: { message: (error as Error).message } }, 'metrics: the outbox could not be read')
        return undefined
      })
      .finally(() => {
        reading = undefined
      }))

  new Gauge({
    name: 'portal_database_up',
    help: '1 when the database answered the scrape’s outbox queries, else 0 (the outbox gauges are then absent)',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0)
    },
  })
  new Gauge({
    name: 'portal_outbox_oldest_pending_seconds',
    help: 'Age of the oldest message not sent yet (0 when none): delivery is stuck when it keeps growing',
    registers: [registry],
    async collect() {
      this.reset()
      const state = await read()
      if (state) this.set(state.oldestSeconds)
    },
  })
  new Gauge({
    name: 'portal_outbox_messages',
    help: 'Messages of the outbox by state (pending: not sent yet; dead: given up, for the bank to look at) and channel',
    labelNames: ['state', 'channel'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const state = await read()
      if (!state) return
      for (const name of ['pending', 'dead']) for (const channel of ['sms', 'email']) this.set({ state: name, channel }, 0)
      for (const row of state.counts) this.set({ state: row.state, channel: row.channel }, row.n)
    },
  })

  const poolState = db.poolState?.bind(db)
  if (!poolState) return
  const pool = (name: string, help: string, pick: (s: PoolState) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(poolState()))
      },
    })
  pool('portal_pg_pool_connections', 'Connections the pg pool holds open (at most PG_POOL_MAX)', (s) => s.total)
  pool('portal_pg_pool_idle_connections', 'Open connections of the pg pool not in use', (s) => s.idle)
  pool('portal_pg_pool_waiting_requests', 'Queries waiting for a free connection of the pg pool', (s) => s.waiting)
}

/**
 * Two queries, each matching a partial index (outbox_due for pending, outbox_dead for dead), so
 * that the scrape stays cheap however many sent messages the table keeps.
 */
type PoolState = ReturnType<NonNullable<Db['poolState']>>

interface OutboxState {
  counts: { state: string; channel: string; n: number }[]
  oldestSeconds: number
}

async function readOutbox(db: Db): Promise<OutboxState> {
  const counts = await db.query<{ state: string; channel: string; n: number }>(
    `select 'pending' as state, channel, count(*)::int as n from outbox where state = 'pending' group by channel
     union all
     select 'dead' as state, channel, count(*)::int as n from outbox where state = 'dead' group by channel`,
  )
  const [age] = await db.query<{ seconds: number }>(
    "select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as seconds from outbox where state = 'pending'",
  )
  return { counts, oldestSeconds: Math.max(0, Number(age?.seconds ?? 0)) }
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database read timed out')), DATABASE_READ_TIMEOUT_MS)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Prometheus metrics, scraped for real after real requests: the request histogram moves by route
 * template (never the raw URL), 5xx answers are counted by route, the outbox gauges read the
 * database (a queued message, a dead one), the sender's outcomes are counted, and /metrics is
 * refused without METRICS_TOKEN's bearer, absent in production without it, open in demo mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueueMessage } from '../../server/domain/outbox.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { startSmsGateway, type SmsGateway } from './receivers.ts'

const TOKEN = 'scrape-token-0123456789-abcdef'
let guarded: TestServer
let demoOpen: TestServer
let production: TestServer
let gateway: SmsGateway

beforeAll(async () => {
  gateway = await startSmsGateway()
  gateway.refuseNext(Infinity)
  // SMS go to a gateway that refuses them all (they end dead after two tries); e-mail has no SMTP
  // server, so e-mails stay pending: the backlog the gauges must show.
  guarded = await startTestServer({
    seed: false,
    config: { metricsToken: TOKEN, smsGatewayUrl: gateway.url, outboxPollMs: 20, outboxRetryBaseMs: 20, outboxMaxAttempts: 2 },
  })
  demoOpen = await startTestServer({ seed: false })
  production = await startTestServer({ seed: false, config: { demoMode: false } })
}, 180_000)
afterAll(async () => {
  await guarded?.close()
  await demoOpen?.close()
  await production?.close()
  await gateway?.close()
})

const scrape = async (server: TestServer = guarded) => {
  const res = await server.call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status, res.text).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.text
}

/** The value of one sample of the exposition text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3])
  }
  return undefined
}

const COUNTRIES = { route: '/auth/v1/countries', method: 'GET', status_class: '2xx' }

async function until(check: () => Promise<boolean>) {
  // No time limit of its own: the test's timeout says when the sender failed to act.
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('/metrics', () => {
  it('counts requests by route template, method and status class, with latency buckets', async () => {
    const before = sample(await scrape(), 'portal_http_request_duration_seconds_count', COUNTRIES) ?? 0
    for (let i = 0; i < 3; i++) expect((await guarded.call('/auth/v1/countries')).status).toBe(200)
    const text = await scrape()
    expect(sample(text, 'portal_http_request_duration_seconds_count', COUNTRIES)).toBe(before + 3)
    expect(sample(text, 'portal_http_request_duration_seconds_bucket', { ...COUNTRIES, le: '+Inf' })).toBe(before + 3)
    expect(sample(text, 'portal_http_request_duration_seconds_bucket', { ...COUNTRIES, le: '0.005' })).toBeDefined()
    expect(sample(text, 'portal_http_request_duration_seconds_sum', COUNTRIES)).toBeGreaterThan(0)
    // Process metrics come with them.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined()
  })

  it('labels a route with an id by its template, never by the id', async () => {
    const id = '987654321012'
    // Without a session: refused, but the route matched.
    const res = await guarded.call(customerPath(`notification/show/${id}`))
    expect(res.status).toBeGreaterThanOrEqual(400)
    const text = await scrape()
    const route = '/api/rest/customer/v1/notification/show/:id'
    expect(sample(text, 'portal_http_request_duration_seconds_count', { route, method: 'GET', status_class: '4xx' })).toBe(1)
    expect(text).not.toContain(id)
    // Paths no route matches (the SPA's pages, unknown ones) share one label, whatever the URL.
    await guarded.call('/comptes/secret-path-xyz')
    const after = await scrape()
    expect(after).not.toContain('secret-path-xyz')
    expect(sample(after, 'portal_http_request_duration_seconds_count', { route: '(fallback)', method: 'GET' })).toBeGreaterThanOrEqual(1)
  })

  it('counts 5xx answers by route and status', async () => {
    const labels = { route: '/auth/v1/countries', method: 'GET', status: '500' }
    const before = sample(await scrape(), 'portal_http_server_errors_total', labels) ?? 0
    await guarded.call('/__dev/faults', { body: { method: 'GET', path: '/auth/v1/countries', status: 500, times: 2 } })
    for (let i = 0; i < 2; i++) expect((await guarded.call('/auth/v1/countries')).status).toBe(500)
    expect(sample(await scrape(), 'portal_http_server_errors_total', labels)).toBe(before + 2)
  })

  it('shows the outbox backlog, its dead letters and the sender’s failures', async () => {
    const text = await scrape()
    expect(sample(text, 'portal_database_up')).toBe(1)
    expect(sample(text, 'portal_outbox_messages', { state: 'pending', channel: 'email' })).toBe(0)
    expect(sample(text, 'portal_outbox_oldest_pending_seconds')).toBe(0)

    await enqueueMessage(guarded.db, {
      channel: 'email',
      to: 'client@banque.example',
      subject: 'Code',
      text: 'Votre code',
      createdAt: new Date(Date.now() - 60_000),
    })
    await enqueueMessage(guarded.db, { channel: 'sms', to: '0810000000', text: 'Votre code' })
    const queued = await scrape()
    expect(sample(queued, 'portal_outbox_messages', { state: 'pending', channel: 'email' })).toBe(1)
    expect(sample(queued, 'portal_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(60)

    // The gateway refuses every SMS: after two tries the message is dead, and the scrape says so.
    await until(async () => sample(await scrape(), 'portal_outbox_messages', { state: 'dead', channel: 'sms' }) === 1)
    const dead = await scrape()
    expect(sample(dead, 'portal_outbox_messages', { state: 'pending', channel: 'sms' })).toBe(0)
    expect(sample(dead, 'portal_outbox_send_failures_total', { channel: 'sms' })).toBe(1)
    expect(sample(dead, 'portal_outbox_dead_total', { channel: 'sms' })).toBe(1)
    expect(gateway.refused).toBe(2)
  })

  it('shows the pg pool’s use on PostgreSQL only', async () => {
    const text = await scrape()
    if (guarded.db.driver === 'pg') {
      expect(sample(text, 'portal_pg_pool_connections')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'portal_pg_pool_idle_connections')).toBeDefined()
      // The scrape's own outbox reads may be queued behind each other at that moment: a count, not 0.
      expect(sample(text, 'portal_pg_pool_waiting_requests')).toBeGreaterThanOrEqual(0)
    } else {
      expect(text).not.toContain('portal_pg_pool_')
    }
  })

  it('refuses a scrape without METRICS_TOKEN’s bearer', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789-abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await guarded.call('/metrics', { headers: authorization ? { authorization } : {} })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(res.text).not.toContain('portal_http')
    }
  })

  it('is open in demo mode without a token, and absent in production without one', async () => {
    const open = await demoOpen.call('/metrics')
    expect(open.status).toBe(200)
    expect(open.text).toContain('# TYPE portal_http_request_duration_seconds histogram')
    const absent = await production.call('/metrics')
    expect(absent.status).toBe(404)
    expect(absent.text).not.toContain('portal_')
  })
})

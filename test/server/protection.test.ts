/**
 * What stands in front of the database (server/http/protection.ts): the in-memory per-address
 * limit refuses a flood before any database write (the database-counted limits are not even
 * reached), per address, an IPv6 /64 counted as one address; load shedding answers 503 with
 * Retry-After and the catalogue's message once a threshold is passed, while the health checks
 * and the metrics still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { addressKey } from '../../server/http/protection.ts'
import { startTestServer, type TestServer } from './harness.ts'

const PER_MINUTE = 10
let server: TestServer
let shedding: TestServer
beforeAll(async () => {
  ;[server, shedding] = await Promise.all([
    startTestServer({ config: { trustProxy: true, rateLimitPerMinute: PER_MINUTE } }),
    // A heap threshold of one byte: every call is shed once the first sample (1 s) is taken.
    startTestServer({ seed: false, config: { shedHeapUsedBytes: 1 } }),
  ])
}, 180_000)
afterAll(async () => {
  await server?.close()
  await shedding?.close()
})

const from = (address: string) => ({ 'x-forwarded-for': address })
const login = (address: string, username = 'K0000001', password = '99999') =>
  server.call('/auth/login', { body: { username, password }, headers: from(address) })

/** What a sign-in writes in the database: the per-address counts and the failures. */
async function writes() {
  const [row] = await server.db.query(
    `select (select count(*)::int from address_hits) as rows, (select coalesce(sum(hits), 0)::int from address_hits) as hits,
            (select coalesce(sum(failures), 0)::int from signin_failures) as failures, (select count(*)::int from sessions) as sessions`,
  )
  return row!
}

function expectRefused(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(res.body).toEqual({ code: '1', message: api.tooManyTries(1) })
}

describe('the in-memory per-address limit', () => {
  it('refuses a flood from one address before any database write; another address is not affected', async () => {
    const address = '198.51.100.7'
    for (let i = 0; i < PER_MINUTE; i++) expect((await login(address, `K70000${10 + i}`)).status).toBe(403)
    const before = await writes()
    expect(before.hits).toBeGreaterThanOrEqual(PER_MINUTE)
    for (let i = 0; i < 30; i++) expectRefused(await login(address, `K71000${10 + i}`))
    expectRefused(await login(address, mainCustomer.kcode, mainCustomer.pin))
    // Every route, the SPA's pages and unknown paths alike.
    expectRefused(await server.call('/auth/v1/countries', { headers: from(address) }))
    expectRefused(await server.call('/tableau-de-bord', { headers: from(address) }))
    expect(await writes()).toEqual(before)
    // The health checks still answer.
    expect((await server.call('/livez', { headers: from(address) })).status).toBe(200)
    expect((await server.call('/readyz', { headers: from(address) })).status).toBe(200)
    // Another address signs in.
    expect((await login('198.51.100.8', mainCustomer.kcode, mainCustomer.pin)).status).toBe(200)
    // One line when the limit is crossed, not one per refused call.
    expect(server.logs().match(/"security":"limit.address","address":"198.51.100.7","scope":"memory"/g)).toHaveLength(1)
  })

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await login(`2001:db8:7:1::${i + 1}`, `K72000${10 + i}`)).status).toBe(403)
    const before = await writes()
    // A neighbour in the same /64 shares the bucket...
    expectRefused(await login('2001:db8:7:1:ffff:ffff:ffff:fffe'))
    expect(await writes()).toEqual(before)
    // ...the next /64 does not.
    expect((await login('2001:db8:7:2::1')).status).toBe(403)
  })

  it('does not count this machine’s own calls (loopback)', async () => {
    for (let i = 0; i < PER_MINUTE * 3; i++) expect((await server.call('/auth/v1/countries')).status).toBe(200)
  })

  it('keys addresses by IPv4, IPv4-mapped and IPv6 /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64')
    expect(addressKey('2001:DB8:0:0:8:800:200C:417A')).toBe('2001:0db8:0000:0000::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64')
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64')
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('0064:ff9b:0000:0000::/64')
  })
})

describe('load shedding', () => {
  it('answers 503 with Retry-After and the French message past a threshold; health and metrics still answer', async () => {
    let res = await shedding.call('/auth/v1/countries')
    for (let tries = 0; res.status !== 503 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      res = await shedding.call('/auth/v1/countries')
    }
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(res.body).toEqual({ message: api.unavailable })
    expect((await shedding.call('/auth/login', { body: { username: 'K0000001', password: '99999' } })).status).toBe(503)
    expect((await shedding.call('/livez')).status).toBe(200)
    expect((await shedding.call('/readyz')).status).toBe(200)
    expect((await shedding.call('/metrics')).status).toBe(200)
    expect(shedding.logs()).toContain('under pressure: calls shed')
  })
})

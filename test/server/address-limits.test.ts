/**
 * Per-address limits (rulings §8): a flood from one address is answered 429 with a French message
 * and Retry-After, checks nothing and changes nothing; other addresses are untouched; the count is
 * shared by every server on the database; behind a proxy the client address is the forwarded one
 * only when TRUST_PROXY says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { buildApp } from '../../server/app.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

const LIMITS = { windowMinutes: 15, signIn: 6, pinResetAsk: 3, pinResetConfirm: 4, details: 5 }
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true, addressLimits: LIMITS } })
})
afterAll(() => server?.close())

const from = (address: string) => ({ 'x-forwarded-for': address })
const login = (address: string, username = 'K0000001', password = '99999') =>
  server.call('/auth/login', { body: { username, password }, headers: from(address) })

async function rows() {
  const [row] = await server.db.query(
    `select (select count(*)::int from sessions) as sessions, (select count(*)::int from outbox) as outbox,
            (select count(*)::int from pin_resets) as resets, (select coalesce(sum(failures), 0)::int from signin_failures) as failures`,
  )
  return row!
}

function expectTooMany(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429)
  expect(res.body).toEqual({ code: '1', message: expect.stringMatching(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/) })
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowMinutes * 60)
  expect(res.body.message).toBe(api.tooManyTries(Math.ceil(retryAfter / 60)))
}

describe('a sign-in flood from one address fails', () => {
  it('after the limit every try is 429 — even the right PIN — and nothing is checked or changed', async () => {
    const address = '203.0.113.10'
    // Each try a different user code: the lock-out per code cannot stop this, the address limit does.
    for (let i = 0; i < LIMITS.signIn; i++) expect((await login(address, `K90000${10 + i}`)).status).toBe(403)
    const before = await rows()
    for (let i = 0; i < 20; i++) expectTooMany(await login(address, `K80000${10 + i}`))
    expectTooMany(await login(address, mainCustomer.kcode, mainCustomer.pin))
    expect(await rows()).toEqual(before)
    // Another address is not slowed.
    expect((await login('203.0.113.11', mainCustomer.kcode, mainCustomer.pin)).status).toBe(200)
    // One line in the log when the limit is crossed, not one per refused try.
    expect(server.logs().match(/"security":"limit.address","address":"203.0.113.10","scope":"signin"/g)).toHaveLength(1)
  })

  it('the window ends: the address may try again', async () => {
    const address = '203.0.113.12'
    for (let i = 0; i < LIMITS.signIn; i++) await login(address, `K61000${10 + i}`)
    expectTooMany(await login(address, 'K6100099'))
    server.clock.advance(LIMITS.windowMinutes * 60_000)
    expect((await login(address, 'K6100099')).status).toBe(403)
  })

  it('is counted exactly under parallel tries', async () => {
    const address = '203.0.113.13'
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => login(address, `K70000${10 + i}`)))
    expect(answers.filter((a) => a.status === 403)).toHaveLength(LIMITS.signIn)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15 - LIMITS.signIn)
  })

  it('is shared by a second server process on the same database', async () => {
    const address = '203.0.113.14'
    for (let i = 0; i < LIMITS.signIn; i++) await login(address)
    const second = await buildApp({ config: server.config, db: server.db, now: server.clock.now, logStream: { write: () => {} } })
    try {
      const res = await second.inject({ method: 'POST', url: '/auth/login', headers: from(address), payload: { username: 'K0000001', password: '99999' } })
      expect(res.statusCode).toBe(429)
      expect(res.headers['retry-after']).toBeDefined()
    } finally {
      await second.close()
    }
  })
})

describe('the PIN-reset ask and confirm, and the holder lookups', () => {
  it('password/ask: 429 beyond the limit, no reset stored, nothing sent', async () => {
    const address = '198.51.100.20'
    const ask = () => server.call('/auth/v1/password/ask', { body: { compte: 'K0000077' }, headers: from(address) })
    // Unknown user codes so that the per-code throttle (3 per code) is not what refuses.
    for (let i = 0; i < LIMITS.pinResetAsk; i++) {
      const res = await server.call('/auth/v1/password/ask', { body: { compte: `K00001${i}` }, headers: from(address) })
      expect(res.body.status).toBe('0')
    }
    const before = await rows()
    expectTooMany(await ask())
    expect(await rows()).toEqual(before)
  })

  it('password/confirm: 429 beyond the limit, the reset untouched', async () => {
    const address = '198.51.100.21'
    const asked = await server.call('/auth/v1/password/ask', { body: { compte: 'K0000099' }, headers: from('198.51.100.22') })
    const confirm = () => server.call('/auth/v1/password/confirm', { body: { code: asked.body.code, token: '12345678' }, headers: from(address) })
    for (let i = 0; i < LIMITS.pinResetConfirm; i++) expect((await confirm()).status).toBe(200)
    const [before] = await server.db.query('select tries_left, status from pin_resets where reference = $1', [asked.body.code])
    expectTooMany(await confirm())
    const [after] = await server.db.query('select tries_left, status from pin_resets where reference = $1', [asked.body.code])
    expect(after).toEqual(before)
  })

  it('details: a signed-in customer cannot list holders from one address', async () => {
    const token = await server.signIn(statementOnlyCustomer)
    const address = '198.51.100.23'
    const lookup = (account: string) => server.call(customerPath('details'), { token, body: { code: account, currency: '1' }, headers: from(address) })
    for (let i = 0; i < LIMITS.details; i++) expect((await lookup(`${'0'.repeat(20)}${i}`)).status).toBe(200)
    expectTooMany(await lookup('0'.repeat(21)))
    // Another address of the same customer is not refused.
    const other = await server.call(customerPath('details'), { token, body: { code: '0'.repeat(21), currency: '1' }, headers: from('198.51.100.24') })
    expect(other.status).toBe(200)
  })
})

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('without TRUST_PROXY a forged X-Forwarded-For does not escape the limit', async () => {
    // A second server on the same database that trusts no proxy: every call is the socket's 127.0.0.1.
    const direct = await buildApp({ config: { ...server.config, trustProxy: false }, db: server.db, now: server.clock.now, logStream: { write: () => {} } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < LIMITS.signIn + 2; i++) {
        const res = await direct.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '192.0.2.200',
          headers: from(`192.0.2.${i}`),
          payload: { username: `K6000${100 + i}`, password: '99999' },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, LIMITS.signIn).every((s) => s === 403)).toBe(true)
      expect(statuses.slice(LIMITS.signIn)).toEqual([429, 429])
    } finally {
      await direct.close()
    }
  })
})

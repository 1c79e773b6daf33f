import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { hashToken } from '../../server/domain/sessions.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  // The defaults of rulings §4: 5 minutes idle, 60 minutes in all. The test's clock moves time.
  server = await startTestServer({ config: { sessionIdleMinutes: 5, sessionMaxMinutes: 60 } })
})
afterAll(() => server?.close())

const MINUTE = 60_000
const expired = { code: '2', message: api.sessionExpired }
const size = (token?: string, headers?: Record<string, string>) => server.call(customerPath('notification-size'), { token, headers })

describe('customer calls without a valid session: HTTP 403 code 2', () => {
  it('no Authorization header', async () => {
    const res = await size()
    expect(res.status).toBe(403)
    expect(res.body).toEqual(expired)
  })

  it('an unknown token, a malformed one, another scheme', async () => {
    for (const headers of [
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from('K1234567:12345').toString('base64')}` },
    ]) {
      const res = await size(undefined, headers)
      expect(res.status, headers.authorization).toBe(403)
      expect(res.body).toEqual(expired)
    }
  })

  it('is checked before the body is validated: an anonymous caller learns nothing of the schema', async () => {
    const res = await server.call(customerPath('account'), { body: { nonsense: true } })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(expired)
  })
})

describe('idle and absolute expiry', () => {
  it('keeps a session alive while calls come within the idle time, and refreshes last_seen_at', async () => {
    const token = await server.signIn()
    for (let i = 0; i < 3; i++) {
      server.clock.advance(4 * MINUTE)
      expect((await size(token)).status).toBe(200)
    }
    const [row] = await server.db.query<{ last_seen_at: Date }>('select last_seen_at from sessions where token_hash = $1', [hashToken(token)])
    expect(row!.last_seen_at.getTime()).toBe(server.clock.now().getTime())
  })

  it('ends a session idle for more than SESSION_IDLE_MINUTES, and it stays ended', async () => {
    const token = await server.signIn()
    server.clock.advance(5 * MINUTE + 1000)
    expect(await size(token)).toMatchObject({ status: 403, body: expired })
    const [row] = await server.db.query<{ ended_at: Date | null; end_reason: string }>('select ended_at, end_reason from sessions where token_hash = $1', [
      hashToken(token),
    ])
    expect(row).toMatchObject({ end_reason: 'idle' })
    expect(row!.ended_at).not.toBeNull()
  })

  it('writes last_seen_at at most once per SESSION_TOUCH_SECONDS; idle expiry exact to that granularity', async () => {
    const touchMs = server.config.sessionTouchSeconds * 1000
    expect(touchMs).toBeGreaterThan(1000)
    const token = await server.signIn()
    const lastSeen = async () =>
      (await server.db.query<{ last_seen_at: Date }>('select last_seen_at from sessions where token_hash = $1', [hashToken(token)]))[0]!.last_seen_at.getTime()
    const signedInAt = server.clock.now().getTime()
    // Calls within touchMs of the stored time write nothing.
    server.clock.advance(touchMs - 1000)
    expect((await size(token)).status).toBe(200)
    expect(await lastSeen()).toBe(signedInAt)
    // The first call after that writes it.
    server.clock.advance(1001)
    expect((await size(token)).status).toBe(200)
    expect(await lastSeen()).toBe(signedInAt + touchMs + 1)
    server.clock.advance(touchMs - 1)
    expect((await size(token)).status).toBe(200)
    expect(await lastSeen()).toBe(signedInAt + touchMs + 1)
    // A call exactly at the stored time's idle limit is live and writes; the session then lives
    // SESSION_IDLE_MINUTES from that call, to the millisecond, and not one more.
    server.clock.advance(5 * MINUTE - (touchMs - 1))
    expect((await size(token)).status).toBe(200)
    expect(await lastSeen()).toBe(server.clock.now().getTime())
    server.clock.advance(5 * MINUTE + 1)
    expect(await size(token)).toMatchObject({ status: 403, body: expired })
  })

  it('accepts a call exactly at the idle limit', async () => {
    const token = await server.signIn()
    server.clock.advance(5 * MINUTE)
    expect((await size(token)).status).toBe(200)
  })

  it('ends a session SESSION_MAX_MINUTES after it began, even when it is in use', async () => {
    const token = await server.signIn()
    for (let minutes = 4; minutes <= 60; minutes += 4) {
      server.clock.advance(4 * MINUTE)
      expect((await size(token)).status, `after ${minutes} minutes`).toBe(200)
    }
    server.clock.advance(1 * MINUTE)
    expect(await size(token)).toMatchObject({ status: 403, body: expired })
    const [row] = await server.db.query<{ end_reason: string }>('select end_reason from sessions where token_hash = $1', [hashToken(token)])
    expect(row!.end_reason).toBe('max')
  })

  it('honours last_seen_at as stored: a session made idle in the database is refused', async () => {
    const token = await server.signIn()
    await server.db.query("update sessions set last_seen_at = last_seen_at - interval '6 minutes' where token_hash = $1", [hashToken(token)])
    expect((await size(token)).status).toBe(403)
  })

  it('ends the sessions of a customer whose web banking the bank blocks meanwhile', async () => {
    const token = await server.signIn()
    await server.db.query("update customers set web_blocked = true where kcode = 'K1234567'")
    try {
      expect(await size(token)).toMatchObject({ status: 403, body: expired })
    } finally {
      await server.db.query("update customers set web_blocked = false where kcode = 'K1234567'")
    }
    expect((await size(token)).status).toBe(403) // ended, not merely refused for a while
  })
})

describe('POST logout', () => {
  it('ends the session on the server: the token is refused afterwards', async () => {
    const token = await server.signIn()
    const other = await server.signIn()
    const res = await server.call(customerPath('logout'), { method: 'POST', token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0' })
    expect(await size(token)).toMatchObject({ status: 403, body: expired })
    expect(await server.call(customerPath('logout'), { method: 'POST', token })).toMatchObject({ status: 403, body: expired })
    const [row] = await server.db.query<{ end_reason: string }>('select end_reason from sessions where token_hash = $1', [hashToken(token)])
    expect(row!.end_reason).toBe('logout')
    // another session of the same customer is not affected
    expect((await size(other)).status).toBe(200)
  })
})

describe('idle limit told to the portal, and POST keep-alive (rulings §6.4)', () => {
  // The window the portal can count on: the idle limit less the touch interval (a call within it
  // does not move last_seen_at).
  const window = () => 5 * 60 - server.config.sessionTouchSeconds

  it('the login answer says the idle limit in seconds', async () => {
    const res = await server.call('/auth/login', { body: { username: 'K1234567', password: '12345' } })
    expect(res.status).toBe(200)
    expect(res.body.idleSeconds).toBe(window())
  })

  it('keep-alive answers code 0 with the idle limit and extends the idle window from now', async () => {
    const token = await server.signIn()
    server.clock.advance(4 * MINUTE)
    expect(await server.call(customerPath('keep-alive'), { method: 'POST', token })).toMatchObject({
      status: 200,
      body: { code: '0', idleSeconds: window() },
    })
    // 4 + 4 minutes after sign-in: alive only because the keep-alive moved the window.
    server.clock.advance(4 * MINUTE)
    expect((await size(token)).status).toBe(200)
  })

  it('does not revive an idle session, and does not pass the absolute limit', async () => {
    const idle = await server.signIn()
    server.clock.advance(5 * MINUTE + 1000)
    expect(await server.call(customerPath('keep-alive'), { method: 'POST', token: idle })).toMatchObject({ status: 403, body: expired })

    const old = await server.signIn()
    for (let minutes = 4; minutes <= 60; minutes += 4) {
      server.clock.advance(4 * MINUTE)
      expect((await server.call(customerPath('keep-alive'), { method: 'POST', token: old })).status).toBe(200)
    }
    server.clock.advance(1 * MINUTE)
    expect(await server.call(customerPath('keep-alive'), { method: 'POST', token: old })).toMatchObject({ status: 403, body: expired })
  })

  it('refuses a caller without a session', async () => {
    expect(await server.call(customerPath('keep-alive'), { method: 'POST' })).toMatchObject({ status: 403, body: expired })
  })
})

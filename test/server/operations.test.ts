/**
 * What operations rely on: health outside the SPA's fallback, the proxy's request id honoured,
 * sent back and logged, HSTS only when the bank says it serves over TLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HSTS } from '../../server/http/request-id.ts'
import { startTestServer, type TestServer } from './harness.ts'

let plain: TestServer
let tls: TestServer
beforeAll(async () => {
  plain = await startTestServer({ seed: false })
  tls = await startTestServer({ seed: false, config: { servedOverTls: true } })
}, 180_000)
afterAll(async () => {
  await plain?.close()
  await tls?.close()
})

describe('operations', () => {
  it('/livez and /readyz answer JSON, not the SPA', async () => {
    const live = await plain.call('/livez')
    expect(live.status).toBe(200)
    expect(live.body).toEqual({ status: 'ok' })
    const ready = await plain.call('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ok', database: 'ok' })
    expect(ready.headers.get('cache-control')).toBe('no-store')
  })

  it('honours the proxy’s X-Request-Id, sends it back and logs it', async () => {
    const res = await plain.call('/auth/v1/countries', { headers: { 'x-request-id': 'lb-7f3a.42_x' } })
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42_x')
    expect(plain.logs()).toContain('"reqId":"lb-7f3a.42_x"')
  })

  it('replaces a request id that is not a plain id by a fresh random id, sent back on errors only', async () => {
    const res = await plain.call('/api/rest/customer/v1/nothing', { headers: { 'x-request-id': 'a b"}{'.repeat(3) } })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.headers.get('x-request-id')).toMatch(/^[a-z]{20}$/)
    const none = await plain.call('/api/rest/customer/v1/nothing')
    expect(none.headers.get('x-request-id')).toMatch(/^[a-z]{20}$/)
    // A successful answer with a made id does not carry it (mobile data); the id is still logged.
    const ok = await plain.call('/auth/v1/countries', { headers: { 'x-request-id': 'a b"}{'.repeat(3) } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('x-request-id')).toBeNull()
  })

  it('sends HSTS only when served over TLS', async () => {
    expect((await plain.call('/livez')).headers.get('strict-transport-security')).toBeNull()
    expect((await tls.call('/livez')).headers.get('strict-transport-security')).toBe(HSTS)
    expect((await tls.call('/login')).headers.get('strict-transport-security')).toBe(HSTS)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { demoMode: false }, seed: false })
})
afterAll(() => server?.close())

describe('outside demo mode (DEMO_MODE=false)', () => {
  it('the demo tools do not exist: 404 like any unknown path', async () => {
    for (const [method, path] of [
      ['GET', '/__dev/outbox'],
      ['GET', '/__dev/outbox.html'],
      ['GET', '/__dev/faults'],
      ['POST', '/__dev/faults'],
      ['DELETE', '/__dev/faults'],
      ['GET', '/__dev/api.html'],
      ['GET', '/__dev/api/redoc.standalone.js'],
      ['GET', '/__dev/api/portal.yaml'],
    ] as const) {
      const res = await server.call(path, { method, body: method === 'POST' ? { path: '/auth/login', status: 500 } : undefined })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body).toEqual({ message: api.notFound })
    }
  })

  it('no fault can be injected: the real answer comes', async () => {
    await server.call('/__dev/faults', { body: { path: '/auth/v1/countries', status: 500 } })
    expect((await server.call('/auth/v1/countries')).status).toBe(200)
  })

  it('the demo data is not loaded: the demo user codes are unknown', async () => {
    const res = await server.call('/auth/login', { body: { username: 'K1234567', password: '12345' } })
    expect(res.status).toBe(403)
    const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from customers')
    expect(row!.n).toBe(0)
  })
})

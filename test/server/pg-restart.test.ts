/**
 * A production-like server process on a real PostgreSQL that is stopped and started again under
 * it: meanwhile calls answer 503 with Retry-After and /readyz says not ready; the process does not
 * crash; once PostgreSQL is back, the same process serves again by itself, and the money is where
 * it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { findPostgres, startPostgres, type Postgres } from './postgres.ts'
import { startServerProcess, type ServerProcess } from './processes.ts'

const bin = findPostgres()
if (!bin) console.info('pg-restart.test.ts skipped: no PostgreSQL binaries (PG_BIN or /usr/lib/postgresql/*/bin).')

const json = (url: string, body?: unknown, token?: string) =>
  fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe.skipIf(!bin)('a PostgreSQL restart under a running server', { timeout: 180_000 }, () => {
  let postgres: Postgres
  let server: ServerProcess
  beforeAll(async () => {
    postgres = await startPostgres(bin!)
    server = await startServerProcess({
      DEMO_MODE: 'true',
      DEMO_ALLOW_EXPOSED: 'true',
      DATABASE_URL: postgres.url,
      // Not shorter: on a loaded machine the start-up's first connection can take over a second, and
      // the calls while PostgreSQL is down fail at once (refused), not by this limit.
      PG_CONNECT_TIMEOUT_MS: '5000',
    })
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await postgres?.destroy()
  })

  const balances = async (token: string) => {
    const res = await json(`${server.url}/api/rest/customer/v1/account`, { code: mainCustomer.kcode, currency: '' }, token)
    return res.status === 200 ? JSON.stringify(await res.json()) : `HTTP ${res.status}`
  }

  it('answers 503 while the database is down, then recovers by itself without a crash', async () => {
    const login = await json(`${server.url}/auth/login`, { username: mainCustomer.kcode, password: mainCustomer.pin })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const before = await balances(token)
    expect((await json(`${server.url}/readyz`)).status).toBe(200)

    await postgres.stop()
    const during = await json(`${server.url}/api/rest/customer/v1/account`, { code: mainCustomer.kcode, currency: '' }, token)
    expect(during.status).toBe(503)
    expect(during.headers.get('retry-after')).toBe('5')
    const ready = await json(`${server.url}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
    expect((await json(`${server.url}/livez`)).status).toBe(200)

    await postgres.start()
    // The pool reconnects at the next call; the first may still meet a connection that died.
    let readyAgain = 0
    while (readyAgain !== 200) readyAgain = (await json(`${server.url}/readyz`)).status
    expect(await balances(token)).toBe(before)
    expect(server.child.exitCode).toBeNull()
    expect(server.stderr()).toContain('database unavailable')
  })
})

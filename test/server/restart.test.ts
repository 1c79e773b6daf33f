/**
 * server/main.ts as `npm start` runs it: a child process on a DATA_DIR (PGlite on disk), started,
 * used, stopped with SIGTERM and started again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/db.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { listMigrations } from '../../server/db/migrate.ts'
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts'

interface Running {
  url: string
  child: ChildProcess
  stdout: () => string
  stderr: () => string
}

// A server a failed test left running would hold the folder for the tests after it.
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    // Load shedding off, as in test/server/processes.ts: on a machine busy with other test files, a
    // fresh server's event loop can lag past the threshold and rightly answer 503 (protection.test.ts
    // shows shedding); this file is about the start, the stop and the data.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_MODE: 'true',
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${stdout}\n${stderr}`)), 60_000)
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString()
      const match = /^Portal ready at (http:\/\/localhost:(\d+))\n/m.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve({ url: `http://127.0.0.1:${match[2]}`, child, stdout: () => stdout, stderr: () => stderr })
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${stdout}\n${stderr}`))
    })
  })
}

function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  running.child.removeAllListeners('exit')
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code))
    running.child.kill(signal)
  })
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('server/main.ts on a DATA_DIR', () => {
  let token = ''
  let accountsBefore: unknown

  it('starts, prints exactly one line on stdout, serves, and stops cleanly on SIGTERM', async () => {
    const first = await start({ DATA_DIR: dataDir })
    const res = await post(`${first.url}/auth/login`, { username: mainCustomer.kcode, password: mainCustomer.pin })
    expect(res.status).toBe(200)
    token = ((await res.json()) as { token: string }).token
    accountsBefore = await (await post(`${first.url}/api/rest/customer/v1/account`, { code: mainCustomer.kcode, currency: '' }, token)).json()
    expect(first.stdout()).toMatch(/^Portal ready at http:\/\/localhost:\d+\n$/)
    expect(await stop(first)).toBe(0)
    expect(first.stderr()).toContain('"msg":"closing"')
  })

  it('starts again on the same data: no second seed, and the session is still there', async () => {
    const second = await start({ DATA_DIR: dataDir })
    try {
      // the token of the first run still works: the sessions table survived (and it is not idle)
      const accounts = await post(`${second.url}/api/rest/customer/v1/account`, { code: mainCustomer.kcode, currency: '' }, token)
      expect(accounts.status).toBe(200)
      expect(await accounts.json()).toEqual(accountsBefore)
      // the seed did not run twice: still one customer K1234567 with three accounts (checked above)
      const again = await post(`${second.url}/auth/login`, { username: mainCustomer.kcode, password: mainCustomer.pin })
      expect(again.status).toBe(200)
    } finally {
      expect(await stop(second, 'SIGINT')).toBe(0)
    }
  })

  it('left consistent data on disk: one demo seed, both sign-ins recorded', async () => {
    const db = await openDb({ dataDir })
    try {
      const [row] = await db.query<{ customers: number; seeds: number; sessions: number; migrations: number }>(
        `select (select count(*)::int from customers where kcode = $1) as customers,
                (select count(*)::int from app_state where key = 'demo_seeded_at') as seeds,
                (select count(*)::int from sessions) as sessions,
                (select count(*)::int from schema_migrations) as migrations`,
        [mainCustomer.kcode],
      )
      expect(row).toEqual({ customers: 1, seeds: 1, sessions: 2, migrations: listMigrations().length })
    } finally {
      await db.close()
    }
  })

  it('refuses a malformed setting with a clear message and exit code 2', async () => {
    await expect(start({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(/exited \(2\)[\s\S]*PORT must be a port number/)
  })
})

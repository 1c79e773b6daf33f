/**
 * Server-test harness: the real app (buildApp) on an in-memory PGlite with the demo data, demo
 * mode on, listening on a free port. One server per test file (PGlite takes a few seconds to
 * start). The clock is the test's: `clock.advance(ms)` moves the server's time forward.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { PRODUCTION_PIN_HASH_COST, usePinHashCost } from '../../server/domain/pins.ts'
import { openDb, type Db } from '../../server/db/db.ts'
import { mainCustomer, type DemoCustomer } from '../../server/demo/demo-data.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { demoPinHashes, openMigratedPglite } from './migrated-dump.ts'

export interface TestClock {
  now(): Date
  advance(ms: number): void
}

export function createClock(start: Date = new Date()): TestClock {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
  }
}

export interface ApiAnswer<T = any> {
  status: number
  headers: Headers
  /** Parsed JSON, or undefined when the answer is not JSON. */
  body: T
  text: string
}

export interface CallOptions {
  method?: string
  /** Sent as JSON (a string is sent as is). */
  body?: unknown
  token?: string
  headers?: Record<string, string>
}

export interface TestServer {
  app: FastifyInstance
  url: string
  db: Db
  config: Config
  clock: TestClock
  /** Every log line the server wrote so far. */
  logs(): string
  /** fetch against the server; answers status, headers and the parsed JSON body. */
  call<T = any>(path: string, options?: CallOptions): Promise<ApiAnswer<T>>
  /** Signs a demo customer in and answers the session token. */
  signIn(customer?: Pick<DemoCustomer, 'kcode' | 'pin'>): Promise<string>
  close(): Promise<void>
}

export interface StartOptions {
  /** Settings over the test defaults (demo mode, port 0, no SPA build, log level info). */
  config?: Partial<Config>
  /** Load the demo data (default true). */
  seed?: boolean
  clock?: TestClock
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const config: Config = {
    ...loadConfig({ DEMO_MODE: 'true' }),
    port: 0,
    demoMode: true,
    distDir: '/nonexistent/portal-dist',
    logLevel: 'info',
    // The per-address limits are tested on their own (address-limits.test.ts); the other files
    // call from one address far more often than a customer would.
    addressLimits: { windowMinutes: 15, signIn: 100_000, pinResetAsk: 100_000, pinResetConfirm: 100_000, details: 100_000 },
    // Load shedding by event-loop delay is off: a file's servers share one process, and one
    // starting (PGlite's WebAssembly, the seed) blocks the others' loop for seconds (protection.test.ts
    // sheds by a threshold of its own).
    shedEventLoopDelayMs: 0,
    ...options.config,
  }
  const clock = options.clock ?? createClock()
  const { db, dropDb } = await openTestDb()
  await migrate(db) // nothing left to do on PGlite's migrated dump; PostgreSQL's schema migrates here
  // The demo PINs hashed at the server's cost: production's, made once (demoPinHashes), unless the
  // file asks for cheaper ones (pinHashCost, fuzz.test.ts).
  usePinHashCost(config.pinHashCost)
  if (options.seed ?? true) await seedDemo(db, clock.now(), config.pinHashCost === PRODUCTION_PIN_HASH_COST ? demoPinHashes() : undefined)
  const lines: string[] = []
  const app = await buildApp({ config, db, now: clock.now, logStream: { write: (line) => void lines.push(line) } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  const call = async <T = any>(path: string, o: CallOptions = {}): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...o.headers }
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`
    let body: string | undefined
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(url + path, { method: o.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    const text = await res.text()
    let parsed: unknown
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }

  return {
    app,
    url,
    db,
    config,
    clock,
    logs: () => lines.join(''),
    call,
    async signIn(customer = mainCustomer) {
      const res = await call('/auth/login', { body: { username: customer.kcode, password: customer.pin } })
      if (res.status !== 200 || typeof res.body?.token !== 'string') {
        throw new Error(`sign-in of ${customer.kcode} failed: ${res.status} ${res.text}`)
      }
      return res.body.token as string
    },
    async close() {
      await app.close()
      await db.close()
      await dropDb()
      // The files of a worker share its modules (vitest.config.ts): the next one hashes at production's cost.
      usePinHashCost(PRODUCTION_PIN_HASH_COST)
    },
  }
}

/**
 * The test's database: an in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (.ci/run starts one), a schema of its own on that server, dropped at the end — so that the whole
 * server suite runs on both engines.
 */
async function openTestDb(): Promise<{ db: Db; dropDb: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL
  if (!server) return { db: await openMigratedPglite(), dropDb: async () => {} }
  const schema = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`create schema ${schema}`)
  const url = new URL(server)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const db = await openDb({ databaseUrl: url.toString() })
  return { db, dropDb: () => admin(`drop schema if exists ${schema} cascade`) }
}

/** Where a customer call lives. */
export const customerPath = (name: string) => `/api/rest/customer/v1/${name}`

/**
 * A multipart form posted to photo/update as a customer, its status and JSON body. The form goes as
 * one buffer: fetch streams a FormData part by part, and a part still to write when the server has
 * answered 413 and closed the connection failed the call with EPIPE (CI, 28 November, two files)
 * instead of reading the answer. The time limit fails a request the server holds instead of
 * hanging the test.
 */
export async function postPhotoForm(server: TestServer, token: string, form: FormData): Promise<{ status: number; body: any }> {
  const whole = new Request('http://localhost/', { method: 'POST', body: form })
  const res = await fetch(server.url + customerPath('photo/update'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': whole.headers.get('content-type')! },
    body: Buffer.from(await whole.arrayBuffer()),
    signal: AbortSignal.timeout(30_000),
  })
  return { status: res.status, body: await res.json() }
}

/** A browser's session storage, for the app's modules run in Node. */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(key)
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value))
  }
}

/** The fields the logger itself adds to every line: the clock, the process, the answer's timing. */
const LOGGER_OWN_FIELDS = ['time', 'pid', 'hostname', 'responseTime']

/**
 * The log as the application wrote it, one JSON line per entry, without the logger's own fields.
 * A test that looks for a 5-digit PIN in the log must not find it by chance in the digits of a
 * millisecond timestamp or a response time (it did: a few percent of runs).
 */
export function withoutLoggerFields(logs: string): string {
  return logs
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>
      for (const field of LOGGER_OWN_FIELDS) delete entry[field]
      return JSON.stringify(entry)
    })
    .join('\n')
}

/**
 * The app's modules (src/) read where the API lives from the page the server filled in
 * (src/config.ts: its meta tags) when they load: this stands in for that page's document, with
 * only those tags, until the file's `vi.unstubAllGlobals()`. Import the modules after it (they are
 * loaded anew).
 */
export function stubServedPage(meta: { 'api-base-url': string; 'request-timeout-ms'?: string }): void {
  // The server files of a worker share its modules (vitest.config.ts): this file's imports of the
  // app's modules load them anew, reading this page, not the one of a file before.
  vi.resetModules()
  const tags: Record<string, string | undefined> = meta
  vi.stubGlobal('document', {
    querySelector: (selector: string) => {
      const content = tags[/^meta\[name="([^"]+)"\]$/.exec(selector)?.[1] ?? '']
      return content === undefined ? null : { content }
    },
  })
}

/**
 * Browser-test harness: the real server (a child process running server/main.ts, compiled once by
 * the global setup, on a fresh embedded database) and Debian's Chromium driven by playwright-core.
 * Nothing is mocked.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { openDb, type Db } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { seedDemo } from '../../server/demo/seed'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core'
import { expect } from 'vitest'
import { login } from '../../machines/messages'
import { mainCustomer } from '../../server/demo/demo-data'
import { journalPage, watchServerLog } from './journal'

/**
 * Where the global setup builds the app. `E2E_BUILD_DIR` gives another folder, so that two browser
 * runs in one checkout (two engineers, two CI lanes) never rebuild the other's app under its feet.
 */
const BUILD_DIR = resolve(process.env.E2E_BUILD_DIR ?? '.tmp')
export const E2E_DIST = join(BUILD_DIR, 'e2e-dist')
/** The QA build (`npm run build:qa`: VITE_INSPECT=true), built by the global setup too. */
export const E2E_DIST_QA = join(BUILD_DIR, 'e2e-dist-qa')
/**
 * The server compiled to JavaScript by the global setup, as `npm run build:server` compiles it for
 * a release (tsc with tsconfig.server.json, its assets copied beside): every server a browser file
 * starts runs plain node on it, as a bank's does, without compiling the TypeScript at each start.
 */
export const E2E_SERVER = join(BUILD_DIR, 'e2e-server')
const E2E_SERVER_MAIN = join(E2E_SERVER, 'server/main.js')

export type RunningServer = { url: string; stop: () => Promise<void>; logs: () => string }

/** Browser walks sign in from one address far more often than a customer would (limits tested in test/server). */
const E2E_ADDRESS_LIMITS = {
  SIGNIN_ADDRESS_LIMIT: '100000',
  PIN_RESET_ASK_ADDRESS_LIMIT: '100000',
  PIN_RESET_CONFIRM_ADDRESS_LIMIT: '100000',
  DETAILS_ADDRESS_LIMIT: '100000',
}

/**
 * `E2E_DATABASE_URL` (a PostgreSQL server's URL, e.g. CI's PostgreSQL leg) runs every server of the
 * walk on a database of its own on that server instead of embedded PGlite: the same browser walks,
 * end to end on PostgreSQL (the demo data seeded there, as `npm start` seeds PGlite).
 */
const POSTGRES_URL = process.env.E2E_DATABASE_URL

/** A fresh database on the walk's PostgreSQL: its URL and how to drop it. */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

/**
 * Data a walk needs beyond the demo's (a long statement, say), written before the server starts on
 * the database it will use: the walk's own PGlite folder, or its database on the walk's PostgreSQL.
 */
export type PrepareData = (db: Db) => Promise<void>

async function prepared(settings: { dataDir: string } | { databaseUrl: string }, prepare: PrepareData): Promise<void> {
  const db = await openDb(settings)
  try {
    await migrate(db)
    await seedDemo(db)
    await prepare(db)
  } finally {
    await db.close()
  }
}

/** Starts the server (server/main.ts, compiled) like `npm start` does, on a free port and its own data directory. */
export async function startServer(env: Record<string, string> = {}, prepare?: PrepareData): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  const database = POSTGRES_URL ? await freshPostgresDatabase(POSTGRES_URL) : undefined
  if (prepare) await prepared(database ? { databaseUrl: database.url } : { dataDir }, prepare)
  // The demo refuses a DATABASE_URL unless told it is on purpose (server/deployment.ts).
  const onPostgres = database ? { DATABASE_URL: database.url, DEMO_ALLOW_EXPOSED: 'true' } : {}
  if (!existsSync(E2E_SERVER_MAIN)) throw new Error(`${E2E_SERVER_MAIN} missing: the browser tests' global setup compiles it (test/e2e/global-setup.ts)`)
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, E2E_SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: E2E_DIST,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      // No load shedding by event-loop delay: on a loaded test machine a starved server would
      // answer 503 to a walk that is not about load (shedding is tested in test/server/protection).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      // PINs hashed at scrypt's N = 2^10 (~2 ms of CPU) instead of production's 2^15 (~105 ms): the
      // walks are about screens, and their servers hash the demo PINs at each start and every PIN
      // typed. Production's cost is what the server tests sign in against (test/server).
      PIN_HASH_COST: '10',
      ...E2E_ADDRESS_LIMITS,
      ...onPostgres,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 120_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Portal ready at (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        ok(match[1]!.replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.on('exit', (code) => fail(new Error(`server exited (${code}):\n${output}`)))
  })
  const forgetLog = watchServerLog(() => output)
  return {
    url,
    logs: () => output,
    stop: async () => {
      forgetLog()
      if (child.exitCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
      await database?.drop()
    },
  }
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`)
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
}

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 740 }

/** Both widths in both themes (the dark one follows the system setting): [label, viewport, scheme]. */
export const THEMED_SCREENS = [
  ['desktop', DESKTOP, 'light'],
  ['phone', PHONE, 'light'],
  ['desktop-dark', DESKTOP, 'dark'],
  ['phone-dark', PHONE, 'dark'],
] as const

export type PageOptions = BrowserContextOptions & { colorScheme?: 'light' | 'dark' }

/**
 * Runs `look` on the page as it stands in each width and theme of THEMED_SCREENS in turn, switched
 * in place (viewport and colour scheme of the same page, as a customer turning a tablet or the
 * system's dark mode would). The layout and the theme are CSS only (media queries; no script of
 * src/ reads the width or the scheme), so each look sees the screen as a page opened in that width
 * and theme does, without walking to it four times. Ends in the last of them (phone, dark).
 */
export async function inEachScreen(page: Page, look: (label: (typeof THEMED_SCREENS)[number][0]) => Promise<void>): Promise<void> {
  for (const [label, viewport, scheme] of THEMED_SCREENS) {
    await page.setViewportSize(viewport)
    await page.emulateMedia({ colorScheme: scheme })
    // The page laid out again in that width and theme before it is looked at.
    expect(await page.evaluate(() => [innerWidth, matchMedia('(prefers-color-scheme: dark)').matches]), label).toEqual([viewport.width, scheme === 'dark'])
    await look(label)
  }
}

/** A fresh browser context and page, in French, that records the page's script and CSP errors. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'fr-FR', ...options })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => {
    // HTTP error statuses are expected in error-state tests; anything else (CSP, script) is not.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text())
  })
  ;(page as Page & { problems: string[] }).problems = problems
  journalPage(page)
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme })
  return { context, page }
}

/** Who signs in: a user code and a PIN. */
export type SignInAs = { code: string; pin: string }

/** The demo's main customer (server/demo/demo-data.ts). */
export const DEMO_USER: SignInAs = { code: mainCustomer.kcode, pin: mainCustomer.pin }

/** Fills the sign-in form already on screen and sends it; waits for nothing. */
export async function submitSignIn(page: Page, user: SignInAs = DEMO_USER): Promise<void> {
  await page.getByPlaceholder(login.userCodePlaceholder).fill(user.code)
  await page.getByPlaceholder(login.pinPlaceholder).fill(user.pin)
  await page.getByRole('button', { name: login.submit }).click()
}

/** Signs in from /login and waits for the page the sign-in leads to (the dashboard by default). */
export async function signIn(page: Page, user: SignInAs = DEMO_USER, landing = '**/app/dashboard'): Promise<void> {
  await page.goto('/login')
  await submitSignIn(page, user)
  await page.waitForURL(landing)
}

/**
 * The first capture of `pattern` in the newest message of the demo outbox (newest first) that
 * matches it, optionally on one channel: how a test reads a code the customer would receive.
 */
export async function outboxCode(baseUrl: string, pattern: RegExp, channel?: 'sms' | 'email'): Promise<string> {
  const messages = (await (await fetch(`${baseUrl}/__dev/outbox`)).json()) as { channel: string; text: string }[]
  const found = messages.find((m) => (!channel || m.channel === channel) && pattern.test(m.text))
  if (!found) throw new Error(`no outbox message matching ${pattern}`)
  return pattern.exec(found.text)![1]!
}

/** Errors the page printed (script errors, CSP violations): a test expects none. */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? []
}

const axeSource = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/**
 * Runs axe-core in the page (through the debugging protocol, so the page's CSP stays on). axe is
 * put into a document once and run there as often as asked, as its own documentation runs it: each
 * run starts from a clean cache and reads the DOM as it is then. Putting its 650 KB in again at
 * every look cost about 0.3 s of CPU a look (the script parsed and axe warmed up again), against
 * about 0.07 s for a run on its own.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
  if (!present) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * Screenshots go to test-results/screens for a person to look at. JPEG at quality 80: as readable
 * to the eye, and a third of a PNG's CPU (~50 ms a shot against ~145: Chromium's PNG encoder, on the
 * ~280 shots of a run, was ~40 s of CPU of every `npm test`; docs/decisions.md, "CI in its window").
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.jpg`, fullPage: true, quality: 80 })
}

export async function devFault(baseUrl: string, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${baseUrl}/__dev/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })
  if (!res.ok) throw new Error(`fault refused: ${res.status} ${await res.text()}`)
}

/** No axe violation on the page as it is, and a screenshot of it for a person to look at. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([])
  await screenshot(page, name)
}

/** The message tied to a field (its first aria-describedby), as a screen reader reads it. */
export async function errorOf(page: Page, name: string): Promise<string | null> {
  const ids = await page.locator(`main [name="${name}"]`).getAttribute('aria-describedby')
  return ids ? page.locator(`[id="${ids.split(' ')[0]}"]`).textContent() : null
}

/**
 * Waits until the call of `path` is over: `answered`, or `no answer` (the connection closed, as a
 * lost answer's fault does). A call the page itself dropped counts as answered.
 */
export function callOf(page: Page, path: string): Promise<'answered' | 'no answer'> {
  return new Promise((resolve) => {
    const listener = (request: Request) => {
      if (new URL(request.url()).pathname !== path) return
      page.off('requestfinished', listener)
      page.off('requestfailed', listener)
      const error = request.failure()?.errorText
      resolve(error && error !== 'net::ERR_ABORTED' ? 'no answer' : 'answered')
    }
    page.on('requestfinished', listener)
    page.on('requestfailed', listener)
  })
}

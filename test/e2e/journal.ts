/**
 * What a failed browser test leaves for whoever reads the run: a screenshot of every page still
 * open and the last things each saw (its navigations, console lines, failed requests, the API's
 * answers), with the last lines of the file's server log. A walk that fails only on
 * a loaded machine (once in several runs) can then be read from that run's output, instead of
 * guessed at (docs/decisions.md, "CI in its window": no test is run a second time).
 *
 * This file keeps the journals: the harness journals each page it opens (`journalPage`) and each
 * server it starts (`watchServerLog`). The browser project's setup file (failure-report.ts) writes
 * the report of a failed test (`reportFailure`). No import of Vitest here: the global setup loads
 * the harness too.
 */
import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'

const KEPT_LINES = 60
const SERVER_LOG_CHARS = 4000

interface Journal {
  page: Page
  started: number
  lines: string[]
  /** Closed by the test's own clean-up, which runs before the report: its lines are kept until then. */
  closed: boolean
}

const journals = new Set<Journal>()
const serverLogs = new Set<() => string>()

function note(journal: Journal, line: string): void {
  journal.lines.push(`${((Date.now() - journal.started) / 1000).toFixed(2).padStart(7)} s  ${line.slice(0, 300)}`)
  if (journal.lines.length > KEPT_LINES) journal.lines.shift()
}

const isApi = (url: string) => /^\/(api|auth)\//.test(new URL(url).pathname)

/** Keeps the page's last events, for the report of a test that fails while it is open. */
export function journalPage(page: Page): void {
  const journal: Journal = { page, started: Date.now(), lines: [], closed: false }
  journals.add(journal)
  page.on('close', () => (journal.closed = true))
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(journal, `navigated to ${frame.url()}`)
  })
  page.on('console', (message) => note(journal, `console.${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => note(journal, `page error: ${error.message}`))
  page.on('request', (request) => {
    if (isApi(request.url())) note(journal, `→ ${request.method()} ${new URL(request.url()).pathname}`)
  })
  page.on('requestfailed', (request) => note(journal, `✗ ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`))
  page.on('response', (response) => {
    if (isApi(response.url())) note(journal, `← ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`)
  })
}

/** The server's log, whose end goes in the report of a failed test while the server runs. */
export function watchServerLog(logs: () => string): () => void {
  serverLogs.add(logs)
  return () => serverLogs.delete(logs)
}

/** Forgets the pages closed during the test that ended (called after each test, reported or not). */
export function forgetClosedPages(): void {
  for (const journal of journals) if (journal.closed) journals.delete(journal)
}

/** Screenshots of the open pages and what they and the servers saw, for a test that failed. */
export async function reportFailure(testName: string): Promise<void> {
  const name = testName.replace(/[^\w-]+/g, '-').slice(0, 80)
  mkdirSync('test-results/failures', { recursive: true })
  const report: string[] = [`── what the pages saw before "${testName}" failed:`]
  let n = 0
  for (const journal of journals) {
    const shot = `test-results/failures/${name}-${++n}.png`
    if (!journal.closed) await journal.page.screenshot({ path: shot, fullPage: true, timeout: 10_000 }).catch(() => undefined)
    report.push(`page ${n} (${journal.closed ? 'closed' : `${journal.page.url()}, screenshot ${shot}`}):`, ...journal.lines)
  }
  for (const logs of serverLogs) report.push('server log (end):', logs().slice(-SERVER_LOG_CHARS))
  console.log(report.join('\n'))
}

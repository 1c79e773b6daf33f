/**
 * A long statement on a phone's screen: the statement-only customer asks for the period of an
 * account with `lines` lines, CPU 4× slower (DevTools emulation), and the figure is the time from
 * the statement answer's last byte (its Resource Timing `responseEnd`, the page's own clock) to the
 * first lines painted: the frame after they entered the document (a requestAnimationFrame, then a
 * task posted from it, which runs once that frame is drawn). What the network takes is the
 * network's; this is what the phone does with the answer: parse it, run the machine, render.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { login, moduleNames, statement, statementView } from '../../machines/messages.ts'
import { statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { SLOW_3G_LINK, throttledLink } from './link.ts'
import { CPU_SLOWDOWN, QUIET_MS } from './pages.ts'

const PHONE = { width: 375, height: 740 }

declare global {
  interface Window {
    firstRowsPainted?: number
  }
}

/** The statement-only customer signed in, on the statement screen, its form filled for `account` from `startDate`. */
async function statementForm(page: Page, url: string, account: string, startDate: string): Promise<void> {
  await page.goto(`${url}/login`)
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(statementOnlyCustomer.kcode)
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(statementOnlyCustomer.pin)
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await page.waitForURL('**/app/dashboard')
  await page.goto(`${url}/app/statement`)
  await page.locator('main select[name="account"]').selectOption(account)
  await page.locator('main input[name="startDate"]').fill(startDate)
}

export async function statementOnScreen(browser: Browser, url: string, account: string, lines: number, startDate: string): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  await statementForm(page, url, account, startDate)

  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  // The first line of either layout (a table row on a wide screen, a card on a phone) that is shown.
  // No named function inside: tsx would wrap it in a helper the page does not have.
  await page.evaluate((label) => {
    const selector = `section[aria-label="${label}"] tbody tr, section[aria-label="${label}"] ol li`
    const observer = new MutationObserver(() => {
      if (![...document.querySelectorAll(selector)].some((e) => e.checkVisibility())) return
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => (window.firstRowsPainted = performance.now())
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document.body, { childList: true, subtree: true })
  }, statement.tableLabel)
  await page.getByRole('button', { name: statement.submit }).click()
  await page.waitForFunction(() => window.firstRowsPainted !== undefined, undefined, { timeout: 120_000 })
  const caption = await page.locator('main table caption').textContent()
  const onPage = await page.locator('main tbody tr').count()
  if (caption !== statementView.lines(1, onPage, lines)) throw new Error(`the statement shows "${caption}", not ${lines} lines`)
  const ms = await page.evaluate(() => {
    const answer = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith('/statements')) as PerformanceResourceTiming
    return window.firstRowsPainted! - answer.responseEnd
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await context.close()
  return ms
}

/** What the statement screen's first page of a long statement costs on a phone's link. */
export interface StatementOnLink {
  /** From the click on the form's button to the frame that paints the first lines. */
  ms: number
  /** Every byte both ways on the link meanwhile (the statement's answer, and whatever else crossed). */
  bytes: number
  /** The requests that reached the server meanwhile, with their bytes (BENCH_DETAIL). */
  requests: string[]
}

/**
 * The statement screen's first page of a long statement, on a phone's link: the statement-only
 * customer signs in and opens the statement screen through the shared slow link
 * (scripts/bench/link.ts, Slow 3G, one pipe for every connection) with the CPU 4× slower; once
 * the screen and its files are there and the link is quiet, the figure runs from the click on the
 * form's button (the page's clock) to the frame that paints the first lines, and counts every
 * byte that crossed the link meanwhile, both ways.
 */
export async function statementOnLink(browser: Browser, url: string, account: string, lines: number, startDate: string): Promise<StatementOnLink> {
  const link = await throttledLink(url, SLOW_3G_LINK)
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${link.url}/login`, { timeout: 120_000 })
    await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(statementOnlyCustomer.kcode, { timeout: 120_000 })
    await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(statementOnlyCustomer.pin)
    await page.getByRole('button', { name: login.submit, exact: true }).click({ timeout: 120_000 })
    await page.waitForURL('**/app/dashboard', { timeout: 120_000 })
    await page.getByRole('link', { name: moduleNames.statement }).first().click({ timeout: 120_000 })
    await page.locator('main select[name="account"]').selectOption(account, { timeout: 120_000 })
    await page.locator('main input[name="startDate"]').fill(startDate)
    // What the sign-in and the screen's opening fetch ahead is done: only the statement is timed.
    await link.quiet(QUIET_MS, 120_000)
    await page.evaluate(
      ({ label, submit }) => {
        const marks = window as unknown as { clickedAt?: number; paintedAt?: number }
        const button = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === submit)
        button?.addEventListener('click', () => (marks.clickedAt = Date.now()), { capture: true, once: true })
        const selector = `section[aria-label="${label}"] tbody tr, section[aria-label="${label}"] ol li`
        const observer = new MutationObserver(() => {
          if (![...document.querySelectorAll(selector)].some((e) => e.checkVisibility())) return
          observer.disconnect()
          requestAnimationFrame(() => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => (marks.paintedAt = Date.now())
            channel.port2.postMessage(null)
          })
        })
        observer.observe(document.body, { childList: true, subtree: true })
      },
      { label: statement.tableLabel, submit: statement.submit },
    )
    await page.getByRole('button', { name: statement.submit }).click()
    // Polled from here: the page's CSP admits no evaluated predicate.
    let marks: { clickedAt?: number; paintedAt?: number } = {}
    for (const until = Date.now() + 120_000; Date.now() < until && marks.paintedAt === undefined;) {
      await new Promise((ok) => setTimeout(ok, 50))
      marks = await page.evaluate(() => {
        const w = window as unknown as { clickedAt?: number; paintedAt?: number }
        return { clickedAt: w.clickedAt, paintedAt: w.paintedAt }
      })
    }
    if (marks.clickedAt === undefined || marks.paintedAt === undefined) throw new Error('the statement’s first lines never showed')
    const caption = await page.locator('main table caption').textContent()
    const onPage = await page.locator('main tbody tr').count()
    if (caption !== statementView.lines(1, onPage, lines)) throw new Error(`the statement shows "${caption}", not ${lines} lines`)
    const { clickedAt, paintedAt } = marks
    const requests = link.requests
      .filter((r) => r.at >= clickedAt)
      .map((r) => `${Math.round(r.at - clickedAt)} ms ${r.method} ${r.path} ↑${r.sent} ↓${r.received}`)
    return { ms: paintedAt - clickedAt, bytes: link.bytesUntil(paintedAt) - link.bytesUntil(clickedAt), requests }
  } finally {
    await context.close()
    await link.close()
  }
}

/** A long statement's two files, downloaded by Chromium from the statement screen (ms from the click to the file whole). */
export interface DownloadsInChromium {
  pdfMs: number
  csvMs: number
}

/**
 * The statement-only customer shows the period of an account with `lines` lines on the statement
 * screen, then clicks "Télécharger en PDF" and "Télécharger en CSV": Chromium's own download
 * manager fetches each file through the signed link the screen asks for, and the figure runs from
 * the click to the file whole on disk. A download that fails, or a file that is not whole (no
 * `%%EOF`, or not `lines` lines of CSV), stops the bench. No emulation: what is measured is the
 * server making the file and the browser writing it.
 */
export async function statementDownloadsInChromium(
  browser: Browser,
  url: string,
  account: string,
  lines: number,
  startDate: string,
): Promise<DownloadsInChromium> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR', acceptDownloads: true })
  const page = await context.newPage()
  try {
    await statementForm(page, url, account, startDate)
    await page.getByRole('button', { name: statement.submit }).click()
    await page
      .locator('main table caption')
      .filter({ hasText: statementView.lines(1, 25, lines) })
      .waitFor({ timeout: 120_000 })
    const download = async (button: string) => {
      const clicked = Date.now()
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: button }).click()])
      const path = await file.path()
      const ms = Date.now() - clicked
      const failure = await file.failure()
      if (failure || !path) throw new Error(`${button}: the download failed (${failure ?? 'no file'})`)
      return { ms, bytes: readFileSync(path) }
    }
    const pdf = await download(statement.downloadPdf)
    if (!pdf.bytes.subarray(-8).toString('latin1').includes('%%EOF')) throw new Error('the PDF is not whole')
    const csv = await download(statement.downloadCsv)
    // One header line and one line a statement line (a label holds no line break).
    const csvLines = csv.bytes.toString('utf8').trimEnd().split('\n').length - 1
    if (csvLines !== lines) throw new Error(`the CSV has ${csvLines} lines, not ${lines}`)
    return { pdfMs: pdf.ms, csvMs: csv.ms }
  } finally {
    await context.close()
  }
}

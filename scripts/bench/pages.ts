/**
 * A cold visit of a sign-in page as a customer on a phone with a slow network: Chromium with the
 * DevTools protocol's emulation (Slow 3G: 400 kbit/s each way, 400 ms round trip; CPU 4× slower),
 * a fresh browser context each run (empty cache). Measured: the bytes received (bodies as sent,
 * compressed, plus response headers: CDP's encodedDataLength) until the sign-in request leaves,
 * the LCP, the time until typing and a click send the sign-in request, and (portal only) the time
 * from that click to a usable dashboard, twice: as the customer who types everything the moment
 * the form shows (no time to fetch anything meanwhile), and as one who types at a phone's pace.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { login } from '../../machines/messages.ts'
import { SLOW_3G_LINK, throttledLink, type Link } from './link.ts'

const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 }
export const CPU_SLOWDOWN = 4
const PHONE = { width: 375, height: 740 }
/**
 * A customer typing on a phone's keyboard: ~3 characters a second (about 35 words a minute, a
 * usual figure for touch typing on a phone), the 8-character user code then the 5-digit PIN.
 */
export const KEY_MS = 300

export interface Visit {
  bytes: number
  lcpMs: number
  interactiveMs: number
  /** The customer who typed everything at once: from the sign-in request to a usable dashboard. */
  dashboardMs?: number
  /** A second visit of /login in the same browser (HTTP cache and service worker warm), to the sign-in request. */
  repeatMs?: number
}

async function emulate(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return cdp
}

export async function coldVisit(browser: Browser, url: string, user: { kcode: string; pin: string }, dashboard: boolean): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { lcp: number }).lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  const cdp = await emulate(page)
  let bytes = 0
  let counting = true
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    if (counting) bytes += e.encodedDataLength
  })
  const start = Date.now()
  const signInSent = page.waitForRequest((r) => r.url().endsWith('/auth/login') && r.method() === 'POST', { timeout: 120_000 })
  await page.goto(`${url}/login`, { waitUntil: 'commit', timeout: 120_000 })
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(user.kcode, { timeout: 120_000 })
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(user.pin)
  // The click waits for the app to take over the prerendered form (that wait is the interactive
  // figure); the sign-in → dashboard figure starts when the sign-in request leaves.
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await signInSent
  const signedInSent = Date.now()
  const interactiveMs = signedInSent - start
  counting = false
  const lcpMs = await page.evaluate(() => (window as unknown as { lcp?: number }).lcp ?? NaN)
  let dashboardMs: number | undefined
  if (dashboard) {
    await page.locator('main a[data-module]').first().waitFor({ timeout: 120_000 })
    dashboardMs = Date.now() - signedInSent
  }
  // The repeat visit starts from the service worker's precache (scripts/vite/service-worker.ts):
  // wait until the worker of this visit is active (the floor page has none).
  await page.evaluate(() => navigator.serviceWorker?.getRegistration().then((r) => (r ? navigator.serviceWorker.ready.then(() => undefined) : undefined)))
  const repeatMs = await repeatVisit(context, url, user)
  await context.close()
  return { bytes, lcpMs, interactiveMs, dashboardMs, repeatMs }
}

/**
 * Sign-in → dashboard as a customer meets it: a cold visit in which the customer starts typing as
 * soon as the form is painted, at a phone's pace (KEY_MS), and signs in. What the page fetches in
 * the background while they type is what the design counts on (src/signIn.tsx); measured from the
 * sign-in request to a usable dashboard, as the instant customer's figure is.
 */
export async function typedSignIn(browser: Browser, url: string, user: { kcode: string; pin: string }): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  await emulate(page)
  const signInSent = page.waitForRequest((r) => r.url().endsWith('/auth/login') && r.method() === 'POST', { timeout: 120_000 })
  await page.goto(`${url}/login`, { waitUntil: 'commit', timeout: 120_000 })
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).pressSequentially(user.kcode, { delay: KEY_MS, timeout: 120_000 })
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).pressSequentially(user.pin, { delay: KEY_MS })
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await signInSent
  const sent = Date.now()
  await page.locator('main a[data-module]').first().waitFor({ timeout: 120_000 })
  const ms = Date.now() - sent
  await context.close()
  return ms
}

async function repeatVisit(context: BrowserContext, url: string, user: { kcode: string; pin: string }): Promise<number> {
  const page = await context.newPage()
  await emulate(page)
  // A new tab: its session storage is empty, so /login shows the form (the customer signs in again).
  const start = Date.now()
  const signInSent = page.waitForRequest((r) => r.url().endsWith('/auth/login') && r.method() === 'POST', { timeout: 120_000 })
  await page.goto(`${url}/login`, { waitUntil: 'commit', timeout: 120_000 })
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(user.kcode, { timeout: 120_000 })
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(user.pin)
  await page.getByRole('button', { name: login.submit, exact: true }).click()
  await signInSent
  const ms = Date.now() - start
  await page.close()
  return ms
}

/**
 * A cold visit of a sign-in page on a link that all its connections share (scripts/bench/link.ts,
 * Slow 3G: 400 kbit/s each way, 400 ms round trip), the CPU 4× slower, no DevTools network
 * emulation: every byte each way is counted by the link, the service worker's included. The
 * customer types the user code and PIN as soon as the fields show (in the prerendered form, before
 * its scripts run).
 */
export interface LinkVisit {
  /** Every byte both ways that crossed until the form was usable (its button enabled). */
  usableBytes: number
  /** Every byte both ways that crossed until nothing crossed for QUIET_MS (no sign-in). */
  quietBytes: number
  /** From the navigation to the form usable. */
  usableMs: number
  /** Bytes per request line until quiet, for BENCH_DETAIL. */
  requests: string[]
}

/** Nothing on the link for this long: the page is quiet (a round trip is 400 ms). */
export const QUIET_MS = 3000

/**
 * Marks the moment the sign-in form's button is usable (enabled), in the page's clock. A string:
 * tsx would name the functions of a function given here with a helper the page does not have.
 */
const MARK_USABLE = `
  new MutationObserver(() => {
    const button = document.querySelector('form button[type="submit"]')
    if (button && !button.disabled && window.usableAt === undefined) window.usableAt = Date.now()
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] })
`

/** When the form became usable (markUsable), polled from here: the page's CSP admits no `waitForFunction`. */
async function usable(page: Page): Promise<number> {
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    const at = await page.evaluate(() => (window as unknown as { usableAt?: number }).usableAt)
    if (at !== undefined) return at
    await new Promise((ok) => setTimeout(ok, 100))
  }
  throw new Error('the sign-in form never became usable')
}

async function linkPage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  await page.addInitScript(MARK_USABLE)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return { context, page }
}

async function fillAsSoonAsShown(page: Page, link: Link, user: { kcode: string; pin: string }): Promise<number> {
  const start = Date.now()
  await page.goto(`${link.url}/login`, { waitUntil: 'commit', timeout: 120_000 })
  await page.getByPlaceholder(login.userCodePlaceholder, { exact: true }).fill(user.kcode, { timeout: 120_000 })
  await page.getByPlaceholder(login.pinPlaceholder, { exact: true }).fill(user.pin)
  return start
}

/** The bytes until usable and until quiet: the customer has typed, and has not signed in yet. */
export async function linkBytes(browser: Browser, target: string, user: { kcode: string; pin: string }): Promise<LinkVisit> {
  const link = await throttledLink(target, SLOW_3G_LINK)
  const { context, page } = await linkPage(browser)
  try {
    const start = await fillAsSoonAsShown(page, link, user)
    const usableAt = await usable(page)
    await link.quiet(QUIET_MS, 120_000)
    const quietBytes = link.bytesUntil(Date.now())
    const requests = link.requests.map((r) => `${((r.at - start) / 1000).toFixed(2)} s ${r.method} ${r.path} ↑${r.sent} ↓${r.received}`)
    return { usableBytes: link.bytesUntil(usableAt), quietBytes, usableMs: usableAt - start, requests }
  } finally {
    await context.close()
    await link.close()
  }
}

/**
 * Interactive on the shared link: from the navigation until the sign-in request, sent by a click
 * the moment the form is usable, has crossed the link and reached the server. What else the page
 * fetches by then (the app, the worker's precache) shares the pipe and the browser's six
 * connections with it.
 */
export async function linkInteractive(browser: Browser, target: string, user: { kcode: string; pin: string }): Promise<number> {
  const link = await throttledLink(target, SLOW_3G_LINK)
  const { context, page } = await linkPage(browser)
  try {
    const start = await fillAsSoonAsShown(page, link, user)
    await page.getByRole('button', { name: login.submit, exact: true }).click({ timeout: 120_000 })
    const signIn = await link.request((r) => r.method === 'POST' && r.path === '/auth/login', 120_000)
    return signIn.at - start
  } finally {
    await context.close()
    await link.close()
  }
}

/**
 * The first screen on a slow network (fewer rounds): /login's page names every script the sign-in
 * form needs (its own chunk preloaded with the entry, nothing asked for one round later); those
 * scripts carry neither the server's message texts nor anything of the signed-in app, not even
 * the router (the page has an entry of its own: src/signIn.tsx). The first screen first: nothing
 * else crosses the wire, the service worker's fetches included, before the form is usable and the
 * page loaded; then the app (the shell and the dashboard with it), then the worker's precache, so
 * that signing in fetches no further script; and none of that before sign-in when the browser asks
 * to save data. Requests are seen where they arrive, at a relay in front of the server
 * (scripts/bench/link.ts): a page's own events miss the worker's.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login } from '../../machines/messages'
import { mainCustomer } from '../../server/demo/demo-data'
import { throttledLink, type Link } from '../../scripts/bench/link'
import { launchBrowser, newPage, pageProblems, startServer, submitSignIn, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The scripts a page asks for, in order, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  return scripts
}

/** The scripts the raw HTML of a page names (entry and modulepreloads). */
const namedIn = (html: string) => [...html.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!)

/** The app (its routes and the router, one file) and the login route's screen: what the sign-in page hydrates without. */
const APP_CHUNK = /\/(app|LoginPage)-[^/]+\.js$/
/** The design card's dialogs and toasts (src/flows/overlays.ts): never on /login, fetched once the signed-in app is usable. */
const OVERLAYS_CHUNK = /\/overlays-[^/]+\.js$/

describe('/login, first screen', () => {
  it('every script of the form is named by the page itself: none is asked for a round later', async () => {
    const html = await (await fetch(`${server.url}/login`)).text()
    const named = namedIn(html)
    expect(named.some((s) => /\/signIn-[^/]+\.js$/.test(s))).toBe(true)
    // The sign-in page starts from its entry: not the app, whose file holds the router.
    expect(named.filter((s) => APP_CHUNK.test(s))).toEqual([])

    const { page } = await newPage(browser, server.url)
    const scripts = scriptsOf(page)
    await page.goto('/login')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(login.title)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => !named.includes(s) && !APP_CHUNK.test(s))).toEqual([])
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })

  it('its scripts carry none of the server message texts', async () => {
    const html = await (await fetch(`${server.url}/login`)).text()
    const code = (await Promise.all(namedIn(html).map(async (s) => (await fetch(`${server.url}${s}`)).text()))).join('\n')
    expect(code).toContain(login.submit) // the check reads the real bundle
    for (const text of [api.notFound, api.serverError, api.notImplemented, api.payloadTooLarge, api.unsupportedMediaType]) {
      expect(code, text).not.toContain(JSON.stringify(text).slice(1, -1))
    }
  })

  it('the app, the shell and the dashboard arrive before the customer signs in; signing in fetches no other script', async () => {
    const { page } = await newPage(browser, server.url)
    const scripts = scriptsOf(page)
    await page.goto('/login')
    await page.getByPlaceholder(login.userCodePlaceholder).focus()
    // The app's file holds the router, the shell and the dashboard.
    await expect.poll(() => scripts.some((s) => /\/app-[^/]+\.js$/.test(s))).toBe(true)
    await page.getByPlaceholder(login.userCodePlaceholder).fill(mainCustomer.kcode)
    await page.getByPlaceholder(login.pinPlaceholder).fill(mainCustomer.pin)
    // Every script the dashboard needs is already here: the page settles and then nothing new.
    await page.waitForLoadState('networkidle')
    // Neither the page nor the app it fetched ahead asked for the dialogs and toasts.
    expect(scripts.filter((s) => OVERLAYS_CHUNK.test(s))).toEqual([])
    const before = scripts.length
    // Sent with the keyboard: a click would leave the pointer where a dashboard tile then appears,
    // whose hover rightly preloads its screen (the router's `intent`), on a loaded machine before
    // the check below.
    await page.getByPlaceholder(login.pinPlaceholder).press('Enter')
    await page.waitForURL('**/app/dashboard')
    await expect.poll(() => page.locator('main a[data-module]').count()).toBeGreaterThan(0)
    // Only the dialogs and toasts may follow, once the dashboard is usable (src/flows/useOverlays.ts).
    expect(scripts.slice(before).filter((s) => !OVERLAYS_CHUNK.test(s))).toEqual([])
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })
})

/**
 * Marks when the form's button is usable (enabled) in the page's clock, which is this process's.
 * A string: the page's CSP admits no `waitForFunction`, and tsx would add helpers to a function.
 */
const MARK_USABLE = `
  new MutationObserver(() => {
    const button = document.querySelector('form button[type="submit"]')
    if (button && !button.disabled && window.usableAt === undefined) window.usableAt = Date.now()
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] })
`
const usableAt = (page: Page) => page.evaluate(() => (window as unknown as { usableAt?: number }).usableAt)

/** The first screen's own files (the page, what it names, the tab's icon the browser asks for), as paths. */
async function firstScreenFiles(): Promise<string[]> {
  const html = await (await fetch(`${server.url}/login`)).text()
  const links = [...html.matchAll(/<link [^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!)
  return ['/login', '/favicon.ico', ...namedIn(html), ...links]
}

describe('/login, the first screen first', () => {
  let link: Link
  beforeAll(async () => {
    // A quick link: only the order of what arrives is checked here (the bench measures the slow one).
    link = await throttledLink(server.url, { bitsPerSecond: 20_000_000, rttMs: 20 })
  })
  afterAll(() => link?.close())

  it('nothing but the form’s own files reaches the server before the form is usable; then the app, then the worker and its precache', async () => {
    const own = await firstScreenFiles()
    const { page } = await newPage(browser, link.url)
    await page.addInitScript(MARK_USABLE)
    const from = link.requests.length
    await page.goto('/login')
    await expect.poll(() => usableAt(page)).toBeGreaterThan(0)
    const usable = (await usableAt(page))!
    const worker = await link.request((r) => r.path === '/sw.js', 30_000)
    // The worker's precache reaches the server too (its second /login, the offline page…).
    await link.request((r) => r.path === '/offline.html', 30_000)
    const requests = link.requests.slice(from)
    // Not the dialogs and toasts, neither from the page nor from the worker, whose precache list
    // does not name them (it is fetched on /login).
    expect(requests.filter((r) => OVERLAYS_CHUNK.test(r.path))).toEqual([])
    const precache = await (await fetch(`${server.url}/sw.js`)).text()
    expect(precache).toMatch(/\/signIn-[^/"]+\.js/)
    expect(precache).not.toMatch(/overlays-[^/"]+\.js/)
    const before = requests.filter((r) => r.at <= usable).map((r) => r.path)
    expect(before.length).toBeGreaterThan(0)
    expect(before.filter((path) => !own.includes(path))).toEqual([])
    // The app comes once the form is usable, and the worker only once the app is here.
    const app = requests.filter((r) => APP_CHUNK.test(r.path))
    expect(app.length).toBeGreaterThan(0)
    expect(app.every((r) => r.at > usable && r.at < worker.at)).toBe(true)
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })

  it('when the browser asks to save data, neither the app nor the worker before sign-in; the worker once signed in', async () => {
    const { context, page } = await newPage(browser, link.url, undefined, { extraHTTPHeaders: { 'save-data': 'on' } })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
    await page.addInitScript(MARK_USABLE)
    const from = link.requests.length
    await page.goto('/login')
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true)
    await expect.poll(() => usableAt(page)).toBeGreaterThan(0)
    await page.waitForLoadState('load')
    // Time for what would have been fetched ahead (the page's idle wait is 2 s at most).
    await link.quiet(2500, 10_000)
    const fetchedAhead = link.requests.slice(from).filter((r) => APP_CHUNK.test(r.path) || r.path === '/sw.js' || r.path === '/offline.html')
    expect(fetchedAhead.map((r) => r.path)).toEqual([])
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r === undefined))).toBe(true)
    const signedInFrom = link.requests.length
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    expect(link.requests.slice(signedInFrom).some((r) => r.path === '/sw.js')).toBe(true)
    expect(pageProblems(page)).toEqual([])
    await context.close()
  })
})

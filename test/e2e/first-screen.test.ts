/**
 * The first screen on a slow network (fewer rounds): /login's page names every script the sign-in
 * form needs (its own chunk preloaded with the entry, nothing asked for one round later); those
 * scripts carry neither the server's message texts nor anything of the signed-in app, not even
 * the router (the page has an entry of its own: src/signIn.tsx); as soon as the customer is on the
 * form, the app (the shell and the dashboard with it) is fetched, so that signing in fetches no
 * further script.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login } from '../../machines/messages'
import { mainCustomer } from '../../server/demo/demo-data'
import { launchBrowser, newPage, pageProblems, startServer, type RunningServer } from './harness'

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

/** The app's own entry, its routes and the router: what the sign-in page hydrates without. */
const APP_CHUNK = /\/(index|app|router|LoginPage)-[^/]+\.js$/

describe('/login, first screen', () => {
  it('every script of the form is named by the page itself: none is asked for a round later', async () => {
    const html = await (await fetch(`${server.url}/login`)).text()
    const named = namedIn(html)
    expect(named.some((s) => /\/signIn-[^/]+\.js$/.test(s))).toBe(true)
    // The sign-in page starts from its own entry: neither the router nor the app's entry.
    expect(named.filter((s) => APP_CHUNK.test(s))).toEqual([])

    const { page } = await newPage(browser, server.url)
    const scripts = scriptsOf(page)
    await page.goto('/login')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(login.title)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => !named.includes(s))).toEqual([])
    // Nor is the app fetched before the customer starts on the form.
    expect(scripts.filter((s) => APP_CHUNK.test(s))).toEqual([])
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

  it('the app, the shell and the dashboard arrive while the customer types; signing in fetches no other script', async () => {
    const { page } = await newPage(browser, server.url)
    const scripts = scriptsOf(page)
    await page.goto('/login')
    await page.getByPlaceholder(login.userCodePlaceholder).focus()
    await expect.poll(() => scripts.some((s) => /\/router-[^/]+\.js$/.test(s)) && scripts.some((s) => /\/app-[^/]+\.js$/.test(s))).toBe(true)
    await page.getByPlaceholder(login.userCodePlaceholder).fill(mainCustomer.kcode)
    await page.getByPlaceholder(login.pinPlaceholder).fill(mainCustomer.pin)
    // Every script the dashboard needs is already here: the page settles and then nothing new.
    await page.waitForLoadState('networkidle')
    const before = scripts.length
    // Sent with the keyboard: a click would leave the pointer where a dashboard tile then appears,
    // whose hover rightly preloads its screen (the router's `intent`), on a loaded machine before
    // the check below.
    await page.getByPlaceholder(login.pinPlaceholder).press('Enter')
    await page.waitForURL('**/app/dashboard')
    await expect.poll(() => page.locator('main a[data-module]').count()).toBeGreaterThan(0)
    expect(scripts.slice(before)).toEqual([])
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  })
})

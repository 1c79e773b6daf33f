/**
 * rulings §6.4 in a real browser against the real server: the warning 60 seconds before the idle
 * limit, "Rester connecté" (keep-alive on the server), "Se déconnecter", the end of the countdown,
 * and the return to the /app page after signing in again. The idle limit is made short with the
 * server's own setting (SESSION_IDLE_MINUTES), so the warning comes within seconds.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { session, sessionWarning, statement } from '../../machines/messages'
import {
  devFault,
  expectAccessible,
  inEachScreen,
  launchBrowser,
  newPage,
  pageProblems,
  PHONE,
  DESKTOP,
  startServer,
  submitSignIn,
  type RunningServer,
} from './harness'

/** 66 seconds: the warning opens 6 seconds after the last call and counts down from 60. */
let warned: RunningServer
/** 15 seconds: the warning opens at once and counts the whole 15 seconds down. */
let short: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  // One after the other: two PGlite starts at once are slow on a busy machine.
  // Every call moves the idle window (no touch interval), so the limits are exact.
  warned = await startServer({ SESSION_IDLE_MINUTES: '1.1', SESSION_TOUCH_SECONDS: '0' })
  short = await startServer({ SESSION_IDLE_MINUTES: '0.25', SESSION_TOUCH_SECONDS: '0' })
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all([warned?.stop(), short?.stop()])
})
afterEach(async () => {
  for (const page of pages.splice(0)) {
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  }
})

async function open(server: RunningServer, path: string, viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await page.goto(path)
  return page
}

const warning = (page: Page) => page.getByRole('dialog', { name: sessionWarning.title })
const COUNTDOWN = /^Vous serez déconnecté dans \d+ secondes\.$/

describe('the session warning (rulings §6.4)', () => {
  // One countdown, looked at in the four widths and themes in place (inEachScreen).
  it('warns before the idle limit, counts down; "Rester connecté" extends the session on the server (each width and theme)', async () => {
    const page = await open(warned, '/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    const dialog = warning(page)
    await dialog.waitFor({ timeout: 20_000 })
    // The visible countdown (the status beside it, for screen readers, says it every 15 seconds).
    const text = dialog.getByText(COUNTDOWN).first()
    const first = await text.textContent()
    expect(first).toMatch(COUNTDOWN)
    // It counts down: another number within a few seconds.
    await expect.poll(() => text.textContent(), { timeout: 5_000 }).not.toBe(first)
    await inEachScreen(page, async (label) => {
      expect(await text.textContent(), label).toMatch(COUNTDOWN)
      // The focus is on "Rester connecté", the choice that keeps the customer's work.
      expect(await page.evaluate(() => document.activeElement?.textContent), label).toBe(sessionWarning.stay)
      await expectAccessible(page, `session-warning-${label}`)
    })

    const keptAlive = page.waitForResponse((r) => r.url().endsWith('/api/rest/customer/v1/keep-alive'))
    await dialog.getByRole('button', { name: sessionWarning.stay }).click()
    const answer = await keptAlive
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toEqual({ code: '0', idleSeconds: 66 })
    await dialog.waitFor({ state: 'detached' })
    expect(page.url()).toMatch(/\/app\/dashboard$/)
  })

  it('a click outside does nothing; Escape means "stay": keep-alive, and the dialog closes', async () => {
    const page = await open(warned, '/login')
    await submitSignIn(page)
    await warning(page).waitFor({ timeout: 20_000 })
    const calls: string[] = []
    page.on('request', (r) => calls.push(new URL(r.url()).pathname))
    await page.mouse.click(5, 400)
    await page.waitForTimeout(500)
    expect(await warning(page).isVisible()).toBe(true)
    expect(calls.filter((path) => path.endsWith('/keep-alive'))).toEqual([])
    const keptAlive = page.waitForResponse((r) => r.url().endsWith('/keep-alive'))
    await page.keyboard.press('Escape')
    expect((await keptAlive).status()).toBe(200)
    await warning(page).waitFor({ state: 'detached' })
  })

  it('"Se déconnecter" ends the session on the server at once, without the expiry toast', async () => {
    const page = await open(warned, '/login', PHONE)
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    const token = await page.evaluate(() => sessionStorage.getItem('auth-token'))
    await warning(page).getByRole('button', { name: sessionWarning.leave }).click({ timeout: 20_000 })
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
    expect(await page.getByText(session.expiredText).count()).toBe(0)
    const after = await fetch(`${warned.url}/api/rest/customer/v1/notification-size`, { headers: { authorization: `Bearer ${token}` } })
    expect(after.status).toBe(403)
  })

  it('a keep-alive without answer keeps the warning, says so, and a new try works', async () => {
    const page = await open(warned, '/login')
    await submitSignIn(page)
    const dialog = warning(page)
    await dialog.waitFor({ timeout: 20_000 })
    await devFault(warned.url, { path: '/api/rest/customer/v1/keep-alive', status: 500, times: 1 })
    await dialog.getByRole('button', { name: sessionWarning.stay }).click()
    await dialog.getByRole('alert').getByText(sessionWarning.stayFailed).waitFor()
    await expectAccessible(page, 'session-warning-failed')
    await dialog.getByRole('button', { name: sessionWarning.stay }).click()
    await dialog.waitFor({ state: 'detached' })
  })
})

describe('after an expiry, signing in again returns to the page (rulings §6.4)', () => {
  it('the end of the countdown signs out with the toast; the next sign-in opens the same /app page', async () => {
    const page = await open(short, '/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    await page.goto('/app/statement')
    // With 15 seconds of idle limit, the warning opens at once over the statement screen.
    await warning(page).waitFor()
    expect(await page.locator('main h1').textContent()).toBe(statement.title)
    // Nobody answers the warning: after its 15 seconds, the expiry.
    await page.getByText(session.expiredText).first().waitFor({ timeout: 30_000 })
    await page.waitForURL('**/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/statement')
    await page.locator('main h1').getByText(statement.title).waitFor()
  })

  it('a session the server ended returns there too; a public page or another customer does not', async () => {
    const page = await open(warned, '/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
    await page.goto('/app/update-contact?source=test')
    await devFault(warned.url, { path: '/api/rest/customer/v1/notification-size', expireSession: true, times: 1 })
    await page.reload()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('return-place')!))).toEqual({
      path: '/app/update-contact?source=test',
      kcode: 'K1234567',
    })
    // Another customer signing in on this tab starts at the dashboard.
    await submitSignIn(page, { code: 'K7654321', pin: '54321' })
    await page.waitForURL('**/app/dashboard')
    // A forged place (another origin) is never followed.
    await page.evaluate(() => {
      sessionStorage.clear()
      sessionStorage.setItem('return-place', JSON.stringify({ path: '//evil.example/app/x', kcode: 'K1234567' }))
    })
    await page.goto('/login')
    await submitSignIn(page)
    await page.waitForURL('**/app/dashboard')
  })
})

/**
 * The public screens and the sign-in in a real browser against the real server: landing → login rules → wrong PIN →
 * blocked customer → sign-in → dashboard tiles → logout; guards, expiry, not-found; axe at
 * desktop width and at 375 px on every screen visited.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { landing, login, moduleNames, myTransfers, notFound, password, session, shell, validation } from '../../machines/messages'
import { devFault, launchBrowser, newPage, pageProblems, PHONE, startServer, submitSignIn, type RunningServer, expectAccessible } from './harness'

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  await fetch(`${server.url}/__dev/faults`, { method: 'DELETE' })
  for (const page of pages.splice(0)) {
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  }
})

async function open(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport)
  pages.push(page)
  await page.goto(path)
  return page
}

const tiles = (page: Page) => page.locator('main a[data-module]')

describe('public screens', () => {
  for (const [label, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`landing page leads to /login (${label})`, async () => {
      const page = await open('/', viewport)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(landing.tagline)
      await expectAccessible(page, `landing-${label}`)
      await page.getByRole('link', { name: landing.cta }).click()
      await page.waitForURL('**/login')
      await page.getByPlaceholder(login.userCodePlaceholder).waitFor()
      await expectAccessible(page, `login-${label}`)
    })
  }

  it('/home is the landing page too', async () => {
    const page = await open('/home')
    await page.getByRole('link', { name: landing.cta }).waitFor()
  })

  it('an unknown route shows the French not-found page with a link home', async () => {
    const page = await open('/nulle-part')
    await page.getByRole('heading', { name: notFound.title }).waitFor()
    await expectAccessible(page, 'not-found')
    await page.getByRole('link', { name: notFound.home }).click()
    await page.getByRole('link', { name: landing.cta }).waitFor()
  })
})

describe('login', () => {
  it('shows the exact messages only after a submit, tied to highlighted fields', async () => {
    const page = await open('/login', PHONE)
    const user = page.getByPlaceholder(login.userCodePlaceholder)
    const pin = page.getByPlaceholder(login.pinPlaceholder)
    await user.waitFor()
    expect(await user.getAttribute('aria-invalid')).toBeNull()
    await page.getByRole('button', { name: login.submit }).click()
    await page.getByText(validation.userCodeRequired).waitFor()
    await page.getByText(validation.pinRequired).waitFor()
    expect(await user.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await user.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(validation.userCodeRequired)
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username')
    await expectAccessible(page, 'login-errors-phone')

    await user.fill('K1234567')
    await pin.fill('123')
    await page.getByRole('button', { name: login.submit }).click()
    await page.getByText(validation.pinMin).waitFor()
    expect(await page.getByText(validation.userCodeRequired).count()).toBe(0)
  })

  it('a wrong PIN shows "Code utilisateur ou code pin incorrect"', async () => {
    const page = await open('/login')
    await submitSignIn(page, { code: 'K7654321', pin: '99999' })
    await page.getByRole('alert').filter({ hasText: login.wrongCredentials }).waitFor()
    await expectAccessible(page, 'login-wrong-pin')
    expect(page.url()).toMatch(/\/login$/)
  })

  it('the blocked customer K1111111 is told to contact the bank', async () => {
    const page = await open('/login')
    await submitSignIn(page, { code: 'K1111111', pin: '11111' })
    await page
      .getByRole('alert')
      .filter({ hasText: login.blocked('votre banque') })
      .waitFor()
  })

  it('another HTTP error and an unusable answer have their own messages', async () => {
    const page = await open('/login')
    await devFault(server.url, { path: '/auth/login', status: 500, body: { message: 'boom' }, times: 1 })
    await submitSignIn(page, { code: 'K1234567', pin: '12345' })
    await page.getByRole('alert').filter({ hasText: login.connectionError }).waitFor()
    // The PIN field is emptied after every answer: the customer types it again.
    expect(await page.getByPlaceholder(login.pinPlaceholder).inputValue()).toBe('')
    await devFault(server.url, { path: '/auth/login', status: 200, body: {}, times: 1 })
    await submitSignIn(page, { code: 'K1234567', pin: '12345' })
    await page.getByRole('alert').filter({ hasText: login.unusableAnswer }).waitFor()
  })

  it('a double click sends one request and shows a spinner meanwhile', async () => {
    const page = await open('/login')
    await devFault(server.url, { path: '/auth/login', delayMs: 800, times: 1 })
    let calls = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/auth/login')) calls++
    })
    await page.getByPlaceholder(login.userCodePlaceholder).fill('K1234567')
    await page.getByPlaceholder(login.pinPlaceholder).fill('12345')
    await page.getByRole('button', { name: login.submit }).dblclick()
    await page.getByRole('status').filter({ hasText: login.loading }).waitFor()
    await page.waitForURL('**/app/dashboard')
    expect(calls).toBe(1)
  })
})

describe('signed in', () => {
  for (const [label, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`K1234567 sees 5 tiles, the shell, and logs out through the dialog (${label})`, async () => {
      const page = await open('/login', viewport)
      await submitSignIn(page, { code: 'K1234567', pin: '12345' })
      await page.waitForURL('**/app/dashboard')
      await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor()
      await expect.poll(() => tiles(page).count()).toBe(5)
      expect(await tiles(page).allTextContents()).toEqual(Object.values(moduleNames))
      if (viewport) await page.getByRole('button', { name: shell.openMenu }).click()
      const sidebar = page.locator('#menu-lateral')
      await sidebar.getByText(`${shell.kcodePrefix}K1234567`).waitFor()
      expect(await sidebar.locator('time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/)
      await expect.poll(() => sidebar.locator('[aria-label*="notification"]').count()).toBe(1)
      await expectAccessible(page, `dashboard-${label}`)

      const token = await page.evaluate(() => sessionStorage.getItem('auth-token'))
      await sidebar.getByRole('button', { name: session.logoutButton }).click()
      const dialog = page.getByRole('dialog', { name: session.logoutTitle })
      await dialog.getByText(session.logoutQuestion).waitFor()
      await expectAccessible(page, `logout-dialog-${label}`)
      await dialog.getByRole('button', { name: session.logoutCancel }).click()
      await dialog.waitFor({ state: 'detached' })
      await sidebar.getByRole('button', { name: session.logoutButton }).click()
      await page.getByRole('dialog').getByRole('button', { name: session.logoutConfirm }).click()
      await page.waitForURL('**/login')
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
      // The server ended the session too: the old token no longer works.
      const after = await fetch(`${server.url}/api/rest/customer/v1/notification-size`, { headers: { authorization: `Bearer ${token}` } })
      expect(after.status).toBe(403)
    })
  }

  it('K7654321 sees the 2 tiles of its modules, and the menu matches', async () => {
    const page = await open('/login')
    await submitSignIn(page, { code: 'K7654321', pin: '54321' })
    await page.waitForURL('**/app/dashboard')
    await expect.poll(() => tiles(page).count()).toBe(2)
    expect(await tiles(page).allTextContents()).toEqual([moduleNames.solde, moduleNames.statement])
    const menu = page.getByRole('navigation', { name: shell.menuLabel })
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      shell.dashboard,
      moduleNames.solde,
      moduleNames.statement,
      myTransfers.title,
      shell.profile,
    ])
  })

  it('a stored session on /login goes to the dashboard; /change-password is the password screen; an unknown screen is not found, inside the shell', async () => {
    const page = await open('/login')
    await submitSignIn(page, { code: 'K7654321', pin: '54321' })
    await page.waitForURL('**/app/dashboard')
    await page.goto('/login')
    await page.waitForURL('**/app/dashboard')
    await page.goto('/change-password')
    await page.waitForURL('**/app/update-password')
    await page.getByRole('heading', { name: password.title }).waitFor()
    await page.goto('/app/nulle-part')
    await page.getByRole('heading', { name: notFound.title }).waitFor()
    expect(await page.locator('#menu-lateral').count()).toBe(1)
  })

  /** Signs K1234567 in, ends the session on the server, reloads: the expiry toast is on screen. */
  async function expiredOnReload() {
    const page = await open('/login')
    await submitSignIn(page, { code: 'K1234567', pin: '12345' })
    await page.waitForURL('**/app/dashboard')
    // The dashboard's own counter call must be over, or it would take the fault meant for the reload.
    await page.locator('#menu-lateral [aria-label*="notification"]').waitFor({ state: 'attached' })
    await devFault(server.url, { path: '/api/rest/customer/v1/notification-size', expireSession: true, times: 1 })
    await page.reload()
    // The toast itself (Radix says its text in a live region of its own, test/e2e/overlays.test.ts).
    const toast = page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: session.expiredTitle })
    await toast.getByText(session.expiredText).waitFor()
    return { page, toast }
  }

  it('a session expired on the server signs out with the toast and goes to /login', async () => {
    const { page, toast } = await expiredOnReload()
    await page.waitForURL('**/login')
    // Emptied, but for the page to return to after signing in again (rulings §6.4).
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['return-place'])
    await expectAccessible(page, 'session-expired')
    // Closed after 3 seconds.
    await toast.waitFor({ state: 'detached', timeout: 6_000 })
  })

  it('the session-expired toast is closable: its close button removes it at once', async () => {
    const { toast } = await expiredOnReload()
    const close = toast.getByRole('button', { name: session.closeToast })
    await close.click()
    // Well before its 3 seconds are over.
    await close.waitFor({ state: 'detached', timeout: 1_000 })
    await toast.waitFor({ state: 'detached', timeout: 1_000 })
  })
})

describe('guards', () => {
  it('/app/dashboard without a token goes to /login', async () => {
    const page = await open('/app/dashboard')
    await page.waitForURL('**/login')
    await page.getByPlaceholder(login.userCodePlaceholder).waitFor()
  })
})

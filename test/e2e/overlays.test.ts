/**
 * The design card's dialogs and toasts (Radix, the lazy overlays chunk: src/flows/overlays.ts) in
 * a real browser against the real server: axe clean with a dialog open and with a toast shown at
 * 1280 and 375 px in both themes; the focus back on the opener when a dialog closes; the logout
 * dialog closed by Escape and by a click outside; a toast's time stopped while the pointer is on
 * it or the focus in it; its text announced through a live region that is there, empty, before
 * the text comes; the chunk fetched once the signed-in app is usable.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { session, shell } from '../../machines/messages'
import { devFault, expectAccessible, launchBrowser, newPage, pageProblems, PHONE, signIn, startServer, THEMED_SCREENS, type RunningServer } from './harness'

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
  for (const page of pages.splice(0)) {
    expect(pageProblems(page)).toEqual([])
    await page.context().close()
  }
})

async function signedIn(viewport = THEMED_SCREENS[0][1], colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page)
  await page.locator('#menu-lateral [aria-label*="notification"]').waitFor({ state: 'attached' })
  return page
}

/** The logout button of the menu (the phone's menu opened first). */
async function logoutButton(page: Page, viewport: { width: number }) {
  if (viewport.width === PHONE.width) await page.getByRole('button', { name: shell.openMenu }).click()
  return page.locator('#menu-lateral').getByRole('button', { name: session.logoutButton })
}

/** The server ends the session; the reload finds it expired and shows the expiry toast (3 s). */
async function expiryToast(page: Page) {
  await devFault(server.url, { path: '/api/rest/customer/v1/notification-size', expireSession: true, times: 1 })
  await page.reload()
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: session.expiredText })
  await toast.waitFor()
  return toast
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null)

describe('dialogs and toasts (Radix, lazy)', () => {
  for (const [label, viewport, scheme] of THEMED_SCREENS) {
    it(`axe clean with the logout dialog open and with a toast shown; the focus back on the opener (${label})`, async () => {
      const page = await signedIn(viewport, scheme)
      const opener = await logoutButton(page, viewport)
      await opener.click()
      const dialog = page.getByRole('dialog', { name: session.logoutTitle })
      await dialog.getByText(session.logoutQuestion).waitFor()
      await expectAccessible(page, `overlays-dialog-${label}`)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => focusedText(page)).toBe(session.logoutButton)

      await expiryToast(page)
      await expectAccessible(page, `overlays-toast-${label}`)
    })
  }

  it('the logout dialog closes on a click outside, and on its "Fermer" button, the focus back on the opener each time', async () => {
    const page = await signedIn()
    const opener = await logoutButton(page, { width: 1280 })
    const dialog = page.getByRole('dialog', { name: session.logoutTitle })
    await opener.click()
    await dialog.waitFor()
    await page.mouse.click(5, 400)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => focusedText(page)).toBe(session.logoutButton)
    await opener.click()
    await dialog.getByRole('button', { name: session.logoutCancel }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => focusedText(page)).toBe(session.logoutButton)
  })

  it('a toast stays while the pointer is on it, and goes its time after', async () => {
    const page = await signedIn()
    const toast = await expiryToast(page)
    await toast.hover()
    // Well past its 3 seconds.
    await page.waitForTimeout(4_500)
    expect(await toast.isVisible()).toBe(true)
    await page.mouse.move(5, 700)
    await toast.waitFor({ state: 'detached', timeout: 5_000 })
  })

  it('a toast stays while the focus is in it, and goes its time after', async () => {
    const page = await signedIn()
    const toast = await expiryToast(page)
    await toast.getByRole('button', { name: session.closeToast }).focus()
    await page.waitForTimeout(4_500)
    expect(await toast.isVisible()).toBe(true)
    await page.getByRole('heading', { level: 1 }).click()
    await toast.waitFor({ state: 'detached', timeout: 5_000 })
  })

  it('the toast is announced: its live region is in the page, empty, before its text arrives', async () => {
    const page = await signedIn()
    // Every live region of the page, as each change of the page leaves it (a string: the CSP
    // admits no function sent to the page, and tsx would add helpers to a function).
    await page.addInitScript(`
      window.liveLog = []
      const ids = new Map()
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('[aria-live]')) {
          if (!ids.has(region)) ids.set(region, ids.size + 1)
          window.liveLog.push({ id: ids.get(region), live: region.getAttribute('aria-live'), text: region.textContent })
        }
      }).observe(document, { subtree: true, childList: true, characterData: true })
    `)
    // Radix writes the text two animation frames after the region, and takes the region away a
    // second after it came. The page's clock is held while the toast comes, then moved on by hand:
    // on a loaded machine the frames come late, and the second could otherwise pass before them.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    const toast = await expiryToast(page)
    type Entry = { id: number; live: string; text: string }
    const liveLog = () => page.evaluate(() => (window as unknown as { liveLog: Entry[] }).liveLog)
    await page.clock.runFor(100)
    await expect.poll(async () => (await liveLog()).some((entry) => entry.text.includes(session.expiredText))).toBe(true)
    const log = await liveLog()
    const announcing = log.find((entry) => entry.text.includes(session.expiredText))!
    const region = log.filter((entry) => entry.id === announcing.id)
    // Seen empty first, then with the text: a screen reader already watches it when the text comes.
    expect(region[0]!.text).toBe('')
    expect(region.findIndex((entry) => entry.text.includes(session.expiredText))).toBeGreaterThan(0)
    // The expiry is a warning: said at once.
    expect(announcing.live).toBe('assertive')
    expect(announcing.text).toContain(session.expiredTitle)
    // The region goes once said; the toast itself stays its time.
    await page.clock.runFor(1_100)
    expect(await toast.isVisible()).toBe(true)
  })

  it('the chunk is fetched once the signed-in app is usable, without a dialog or a toast', async () => {
    const { page } = await newPage(browser, server.url)
    pages.push(page)
    const chunks: string[] = []
    page.on('request', (request) => {
      if (/\/overlays-[^/]+\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname)
    })
    await page.goto('/login')
    await page.waitForLoadState('networkidle')
    expect(chunks).toEqual([])
    await signIn(page)
    await expect.poll(() => chunks.length, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await page.getByRole('dialog').count()).toBe(0)
  })
})

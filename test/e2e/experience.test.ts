/**
 * The customer's experience in a real browser against the real server, at 1280 and 375 px and in
 * both themes: services not granted and unknown /app pages inside the shell (rulings §6.3), the
 * dashboard's balances and service tiles, and the statement that fits (summary, chart, cards on a
 * phone, pages).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { access, dashboard, dashboardAccounts, moduleNames, statement, statementView } from '../../machines/messages'
import { DEMO_USER, DESKTOP, expectAccessible, inEachScreen, launchBrowser, newPage, pageProblems, signIn, startServer, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 300_000)
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

/** Signed in at 1280 px in the light theme (inEachScreen then looks in the others). */
async function signedIn(user = DEMO_USER): Promise<Page> {
  const { page } = await newPage(browser, server.url, DESKTOP, { colorScheme: 'light' })
  pages.push(page)
  await signIn(page, user)
  return page
}

// Each walk once, each of its screens looked at in the four widths and themes in place (inEachScreen).
describe('services not granted and unknown /app pages, inside the shell (rulings §6.3)', () => {
  it('K7654321 opening /app/transfer, then /app/nulle-part (each width and theme)', async () => {
    const page = await signedIn({ code: 'K7654321', pin: '54321' })
    await page.goto('/app/transfer')
    await page.getByRole('heading', { level: 1, name: access.notGrantedTitle }).waitFor()
    await page.getByText(access.notGranted).waitFor()
    expect(await page.locator('#menu-lateral').count()).toBe(1)
    await inEachScreen(page, async (label) => {
      expect(await page.getByText(access.notGranted).isVisible(), label).toBe(true)
      await expectAccessible(page, `not-granted-${label}`)
    })
    await page.getByRole('link', { name: access.backToDashboard }).click()
    await page.waitForURL('**/app/dashboard')

    await page.goto('/app/nulle-part')
    await page.getByRole('heading', { level: 1, name: access.notFoundTitle }).waitFor()
    expect(await page.locator('#menu-lateral').count()).toBe(1)
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('heading', { level: 1, name: access.notFoundTitle }).isVisible(), label).toBe(true)
      await expectAccessible(page, `app-not-found-${label}`)
    })
    await page.getByRole('link', { name: access.backToDashboard }).click()
    await page.waitForURL('**/app/dashboard')
  })
})

describe('dashboard: balances at a glance and service tiles', () => {
  it('each account with its currency and balance, the tiles with their icons (each width and theme)', async () => {
    const page = await signedIn()
    await page.getByRole('heading', { level: 1, name: dashboard.title }).waitFor()
    const accounts = page.locator('main [data-account]')
    await expect.poll(() => accounts.count()).toBe(3)
    for (const text of await accounts.allTextContents()) {
      expect(text).toMatch(
        new RegExp(`^(USD|EUR|CDF)${dashboardAccounts.accountNumber} [0-9A-Z]{21}${dashboardAccounts.balance} -?[0-9\\u202F]+,[0-9]{2}\\u00A0(USD|EUR|CDF)$`),
      )
    }
    const tiles = page.locator('main a[data-module]')
    expect(await tiles.allTextContents()).toEqual(Object.values(moduleNames))
    await inEachScreen(page, async (label) => {
      expect(await accounts.first().isVisible(), label).toBe(true)
      expect(await tiles.locator('svg[aria-hidden="true"]').count(), label).toBe(5)
      await expectAccessible(page, `dashboard-balances-${label}`)
    })
  })
})

describe('a statement that fits', () => {
  it('summary, chart, the account once; cards on a phone, a table on a desktop; page by page (each width and theme)', async () => {
    const page = await signedIn()
    await page.goto('/app/statement')
    await page.locator('main select[name="account"]').selectOption({ index: 1 })
    const start = new Date()
    start.setMonth(start.getMonth() - 3)
    await page.locator('main input[name="startDate"]').fill(start.toISOString().slice(0, 10))
    await page.getByRole('button', { name: statement.submit }).click()
    await page.locator('main dd').first().waitFor()
    expect(await page.locator('main dt').allTextContents()).toEqual([
      statementView.opening,
      statementView.totalDebits,
      statementView.totalCredits,
      statementView.closing,
    ])
    await page.getByRole('img', { name: /^Le solde passe de / }).waitFor()
    const cards = page.locator('main ol li')
    const rows = page.locator('main tbody tr')
    await inEachScreen(page, async (label) => {
      if (label.startsWith('phone')) {
        expect(await cards.first().isVisible(), label).toBe(true)
        expect(await page.locator('main table').isVisible(), label).toBe(false)
        // A card: date, label, signed amount, running balance.
        expect(await cards.first().textContent(), label).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}.+(Débit −|Crédit \+).+Solde : /)
      } else {
        expect(await rows.first().isVisible(), label).toBe(true)
        expect(await page.locator('main ol').isVisible(), label).toBe(false)
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true)
      await expectAccessible(page, `statement-fits-${label}`)
    })
    const pager = page.getByRole('navigation', { name: statementView.pagesLabel })
    if ((await pager.count()) > 0) {
      await pager.getByText(/^Page 1 sur \d+$/).waitFor()
      await pager.getByRole('button', { name: statementView.next }).click()
      await pager.getByText(/^Page 2 sur \d+$/).waitFor()
    }
  })
})

/**
 * The customer's experience in a real browser against the real server, at 1280 and 375 px and in
 * both themes: services not granted and unknown /app pages inside the shell (rulings §6.3), the
 * dashboard's balances and service tiles, and the statement that fits (summary, chart, cards on a
 * phone, pages).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { access, dashboard, dashboardAccounts, moduleNames, statement, statementView } from '../../machines/messages'
import { DEMO_USER, expectAccessible, launchBrowser, newPage, pageProblems, signIn, startServer, THEMED_SCREENS, type RunningServer } from './harness'

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

const screens = THEMED_SCREENS

async function signedIn(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark', user = DEMO_USER): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page, user)
  return page
}

describe('services not granted and unknown /app pages, inside the shell (rulings §6.3)', () => {
  for (const [label, viewport, scheme] of screens) {
    it(`K7654321 opening /app/transfer, then /app/nulle-part (${label})`, async () => {
      const page = await signedIn(viewport, scheme, { code: 'K7654321', pin: '54321' })
      await page.goto('/app/transfer')
      await page.getByRole('heading', { level: 1, name: access.notGrantedTitle }).waitFor()
      await page.getByText(access.notGranted).waitFor()
      expect(await page.locator('#menu-lateral').count()).toBe(1)
      await expectAccessible(page, `not-granted-${label}`)
      await page.getByRole('link', { name: access.backToDashboard }).click()
      await page.waitForURL('**/app/dashboard')

      await page.goto('/app/nulle-part')
      await page.getByRole('heading', { level: 1, name: access.notFoundTitle }).waitFor()
      expect(await page.locator('#menu-lateral').count()).toBe(1)
      await expectAccessible(page, `app-not-found-${label}`)
      await page.getByRole('link', { name: access.backToDashboard }).click()
      await page.waitForURL('**/app/dashboard')
    })
  }
})

describe('dashboard: balances at a glance and service tiles', () => {
  for (const [label, viewport, scheme] of screens) {
    it(`each account with its currency and balance, the tiles with their icons (${label})`, async () => {
      const page = await signedIn(viewport, scheme)
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
      expect(await tiles.locator('svg[aria-hidden="true"]').count()).toBe(5)
      await expectAccessible(page, `dashboard-balances-${label}`)
    })
  }
})

describe('a statement that fits', () => {
  for (const [label, viewport, scheme] of screens) {
    it(`summary, chart, the account once; cards on a phone, a table on a desktop; page by page (${label})`, async () => {
      const page = await signedIn(viewport, scheme)
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
      const phone = viewport.width < 720
      const cards = page.locator('main ol li')
      const rows = page.locator('main tbody tr')
      if (phone) {
        expect(await cards.first().isVisible()).toBe(true)
        expect(await page.locator('main table').isVisible()).toBe(false)
        // A card: date, label, signed amount, running balance.
        expect(await cards.first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}.+(Débit −|Crédit \+).+Solde : /)
      } else {
        expect(await rows.first().isVisible()).toBe(true)
        expect(await page.locator('main ol').isVisible()).toBe(false)
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await expectAccessible(page, `statement-fits-${label}`)
      const pager = page.getByRole('navigation', { name: statementView.pagesLabel })
      if ((await pager.count()) > 0) {
        await pager.getByText(/^Page 1 sur \d+$/).waitFor()
        await pager.getByRole('button', { name: statementView.next }).click()
        await pager.getByText(/^Page 2 sur \d+$/).waitFor()
      }
    })
  }
})

/**
 * The customer's comforts in a real browser against the real server, at 1280 and 375 px, axe in
 * both themes: one current error on the photo page, the PIN-reset success naming SMS and e-mail,
 * frequent payees with their holder's name, times in the bank's zone (named), the phone's top bar
 * and toasts below it, focus on the new page's heading, PIN show/hide, dates as jj/mm/aaaa in an
 * English browser, copying a transfer reference, and print layouts of the receipt and statement.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  bankTime,
  copyText,
  dateField,
  login,
  pinReset,
  pinVisibility,
  profile,
  shell,
  statement,
  transfer as transferTexts,
  validation,
} from '../../machines/messages'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data'
import {
  DESKTOP,
  errorOf,
  expectAccessible,
  inEachScreen,
  launchBrowser,
  newPage,
  outboxCode,
  pageProblems,
  PHONE,
  screenshot,
  signIn,
  startServer,
  THEMED_SCREENS,
  type PageOptions,
  type RunningServer,
} from './harness'

const BANK_ZONE = 'Africa/Kinshasa'
const USD = '000170100100123456701'
const usdPayee = payeeAccounts.find((p) => p.currency === '1')!
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ TIME_ZONE: BANK_ZONE }), launchBrowser()])
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
type Viewport = { width: number; height: number }

/** A page in its own context; by default a French browser in the bank's zone (options override). */
async function open(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light', options: PageOptions = {}): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme, ...options })
  pages.push(page)
  return page
}

const outbox = (pattern: RegExp) => outboxCode(server.url, pattern)

/** An account transfer from form to receipt, the code read from the demo outbox. */
async function transferToReceipt(page: Page): Promise<void> {
  await page.goto('/app/transfer')
  await page.locator('main select[name="debitAccount"]').selectOption(USD)
  await page.locator('main input[name="amount"]').fill('3,25')
  await page.locator('main input[name="creditAccount"]').fill(usdPayee.number)
  await page.locator('main input[name="description"]').fill('Facture')
  await page.getByRole('button', { name: transferTexts.submit }).click()
  await page.getByRole('heading', { name: transferTexts.codeTitle }).waitFor()
  await page.locator('main input[name="token"]').fill(await outbox(/Code de validation : (\d{8})/))
  await page.getByRole('button', { name: transferTexts.codeSubmit }).click()
  await page.getByRole('heading', { name: transferTexts.doneTitle }).waitFor()
}

/** The text Node writes for an instant in the bank's zone, as the portal must. */
const inBankZone = (iso: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: BANK_ZONE }).format(new Date(iso))

describe('the photo page shows one current error', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a refused upload's banner goes when the next file is refused under the chooser (${label})`, async () => {
      const page = await open(viewport)
      await signIn(page)
      await page.goto('/app/update-picture')
      const input = page.locator('main input[type="file"]')
      await input.setInputFiles({ name: 'pas-une-image.png', mimeType: 'image/png', buffer: Buffer.from('ceci est un texte') })
      await page.locator('main form button[type="submit"]').click()
      await page.getByText(validation.photoType).first().waitFor()

      await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) })
      await page.locator('main form button[type="submit"]').click()
      expect(await errorOf(page, 'photo')).toBe(validation.photoSize)
      expect(await page.getByText(validation.photoType).count()).toBe(0)
      await expectAccessible(page, `photo-one-error-${label}`)
    })
  }
})

describe('the PIN-reset success names SMS and e-mail', () => {
  it('after the confirmation code, the message says where the new PIN went (1280)', async () => {
    expect(pinReset.success).toMatch(/SMS et par e-mail/)
    const page = await open(DESKTOP)
    await page.goto('/reinit-password')
    await page.locator('main [name="compte"]').fill('K1111111')
    await page.getByRole('button', { name: pinReset.askSubmit }).click()
    await page.getByRole('heading', { name: pinReset.confirmTitle }).waitFor()
    await page.locator('main [name="token"]').fill(await outbox(/Code de validation : (\d{8})\. Réinitialisation/))
    await page.getByRole('button', { name: pinReset.confirmSubmit }).click()
    await page.getByText(pinReset.success).waitFor()
    await expectAccessible(page, 'pin-reset-success-desktop')
  })
})

describe('a transfer: frequent payees with names, the time in the bank zone, copying the reference, printing the receipt', () => {
  // One transfer, its receipt then looked at in every width and theme (a walk each cost a transfer).
  it('receipt in each width and theme, then a new form', async () => {
    // A browser in New York: the receipt's time must still read in the bank's zone.
    const page = await open(DESKTOP, 'light', { timezoneId: 'America/New_York', permissions: ['clipboard-read', 'clipboard-write'] })
    await signIn(page)
    await transferToReceipt(page)
    const reference = (await page.locator('main dd span').first().textContent())!.trim()

    for (const [label, viewport, scheme] of screens) {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ media: 'screen', colorScheme: scheme })
      const executed = page.locator('main dd').filter({ hasText: `(${bankTime.zone(BANK_ZONE)})` })
      expect(await executed.count(), label).toBe(1)
      await expectAccessible(page, `receipt-${label}`)

      // Copy the reference: the clipboard holds it and a French confirmation is announced.
      await page.evaluate(() => navigator.clipboard.writeText(''))
      await page.getByRole('button', { name: copyText.copyReference }).click()
      await page.getByRole('status').filter({ hasText: copyText.copied }).waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText()), label).toBe(reference)

      // Print: the shell and the buttons are left out, the receipt stays, black on white.
      await page.emulateMedia({ media: 'print', colorScheme: scheme })
      expect(await page.locator('#menu-lateral').isVisible(), label).toBe(false)
      expect(await page.locator('header').first().isVisible(), label).toBe(false)
      expect(await page.getByRole('button', { name: copyText.copyReference }).isVisible(), label).toBe(false)
      expect(await page.getByText(reference).first().isVisible(), label).toBe(true)
      expect(
        await page
          .locator('main dd')
          .first()
          .evaluate((e) => getComputedStyle(e).color),
        label,
      ).toBe('rgb(0, 0, 0)')
      await screenshot(page, `receipt-print-${label}`)
    }
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' })

    // The payee is now frequent: offered with the holder's name.
    await page.getByRole('button', { name: transferTexts.another }).click()
    await expect.poll(() => page.locator(`datalist option[value="${usdPayee.number}"]`).getAttribute('label')).toBe(usdPayee.holder)
  })
})

describe('times on screen in the bank zone, named once', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`notifications in a New York browser read Kinshasa time (${label})`, async () => {
      const page = await open(viewport, 'light', { timezoneId: 'America/New_York' })
      await signIn(page)
      await page.goto('/app/notification')
      const times = page.locator('main time')
      await times.first().waitFor()
      for (const time of await times.all()) {
        expect(await time.textContent()).toBe(inBankZone((await time.getAttribute('datetime'))!))
      }
      expect(await page.getByText(bankTime.timesIn(BANK_ZONE)).count()).toBe(1)
      // The shell's clock names the zone too.
      expect(await page.locator('#menu-lateral').getByText(bankTime.zone(BANK_ZONE), { exact: true }).count()).toBe(1)
      await expectAccessible(page, `notifications-zone-${label}`)
    })
  }
})

describe("the phone's top bar", () => {
  for (const [label, viewport, scheme] of screens.filter(([, v]) => v === PHONE)) {
    it(`shows who is signed in and the counter, a real menu button, and toasts below it (${label})`, async () => {
      const page = await open(viewport, scheme)
      await signIn(page)
      const bar = page.locator('header').first()
      await bar.getByText(mainCustomer.name).waitFor()
      await bar.getByRole('link', { name: new RegExp(`^${shell.notifications} : `) }).waitFor()
      const menu = bar.getByRole('button', { name: shell.openMenu })
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      expect(await menu.getAttribute('aria-controls')).toBe('menu-lateral')
      expect(await menu.locator('svg').count()).toBe(1)
      expect(await page.locator('#menu-lateral').isVisible()).toBe(false)
      await menu.click()
      expect(await menu.getAttribute('aria-expanded')).toBe('true')
      expect(await page.locator('#menu-lateral').isVisible()).toBe(true)
      await expectAccessible(page, `topbar-open-${label}`)
      await menu.click()

      // A toast (the contact data saved) starts below the top bar.
      await page.goto('/app/update-contact')
      await expect.poll(() => page.locator('main [name="email"]').inputValue()).not.toBe('')
      await page.locator('main form button[type="submit"]').click()
      const toast = page.locator('ol li').filter({ hasText: profile.contactSent })
      await toast.waitFor()
      const barBox = (await bar.boundingBox())!
      const toastBox = (await toast.boundingBox())!
      expect(toastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height)
      await screenshot(page, `topbar-toast-${label}`)
    })
  }
})

describe('focus moves to the new page heading, and the title names it', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`after a menu link (${label})`, async () => {
      const page = await open(viewport)
      await signIn(page)
      if (viewport === PHONE) await page.getByRole('button', { name: shell.openMenu }).click()
      await page.locator('#menu-lateral').getByRole('link', { name: shell.profile }).click()
      await page.waitForURL('**/app/profile')
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
      const heading = await page.evaluate(() => document.activeElement?.textContent)
      expect(heading).toBe(profile.title)
      expect(await page.title()).toBe(`${profile.title} — ${shell.portalName}`)
    })
  }
})

describe('PIN fields show and hide', () => {
  for (const [label, viewport, scheme] of screens) {
    it(`the sign-in PIN has a toggle with aria-pressed (${label})`, async () => {
      const page = await open(viewport, scheme)
      await page.goto('/login')
      const pin = page.getByPlaceholder(login.pinPlaceholder)
      await pin.fill('12345')
      const toggle = page.getByRole('button', { name: pinVisibility.show })
      expect(await toggle.getAttribute('aria-pressed')).toBe('false')
      expect(await pin.getAttribute('type')).toBe('password')
      await toggle.click()
      expect(await toggle.getAttribute('aria-pressed')).toBe('true')
      expect(await pin.getAttribute('type')).toBe('text')
      expect(await pin.inputValue()).toBe('12345')
      await expectAccessible(page, `pin-shown-${label}`)
      await toggle.click()
      expect(await pin.getAttribute('type')).toBe('password')
    })
  }
})

describe('statement: dates as jj/mm/aaaa in an English browser, times in the bank zone, a print layout', () => {
  // One walk, each of its screens looked at in the four widths and themes in place (inEachScreen),
  // and on paper from each.
  it('en-US browser (each width and theme)', async () => {
    const page = await open(DESKTOP, 'light', { locale: 'en-US', timezoneId: 'America/New_York' })
    await signIn(page)
    await page.goto('/app/statement')
    const start = page.locator('main input[name="startDate"]')
    const end = page.locator('main input[name="endDate"]')
    // The defaults (first of the month, today) read day first, whatever the browser's language.
    await expect.poll(() => start.inputValue()).toMatch(/^01\/\d{2}\/\d{4}$/)
    expect(await end.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    expect(await start.getAttribute('placeholder')).toBe(dateField.placeholder)

    await page.locator('main select[name="account"]').selectOption({ index: 1 })
    await start.fill('31/02/2026')
    await page.getByRole('button', { name: statement.submit }).click()
    expect(await errorOf(page, 'startDate')).toBe(validation.dateFormat)
    await inEachScreen(page, async (label) => {
      expect(await errorOf(page, 'startDate'), label).toBe(validation.dateFormat)
      await expectAccessible(page, `statement-date-error-${label}`)
    })

    const from = new Date()
    from.setMonth(from.getMonth() - 3)
    const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
    await start.fill(day(from))
    await page.getByRole('button', { name: statement.submit }).click()
    await page.locator('main dd').first().waitFor()
    expect(await start.inputValue()).toBe(day(from))
    expect(await page.getByText(bankTime.timesIn(BANK_ZONE)).count()).toBe(1)
    await inEachScreen(page, async (label) => {
      const scheme = label.endsWith('-dark') ? 'dark' : 'light'
      expect(await page.getByText(bankTime.timesIn(BANK_ZONE)).isVisible(), label).toBe(true)
      await expectAccessible(page, `statement-en-US-${label}`)

      await page.emulateMedia({ media: 'print', colorScheme: scheme })
      expect(await page.locator('#menu-lateral').isVisible(), label).toBe(false)
      // The account and period stay on paper as text; the buttons go.
      expect(await start.isVisible(), label).toBe(true)
      expect(await page.getByRole('button', { name: statement.submit }).isVisible(), label).toBe(false)
      // On paper the table shows, whatever the screen's width, black on white.
      expect(await page.locator('main table').isVisible(), label).toBe(true)
      expect(
        await page
          .locator('main td')
          .first()
          .evaluate((e) => getComputedStyle(e).color),
        label,
      ).toBe('rgb(0, 0, 0)')
      await screenshot(page, `statement-print-${label}`)
      await page.emulateMedia({ media: 'screen', colorScheme: scheme })
    })
  })
})

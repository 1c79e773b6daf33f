/**
 * The screen defects found by walking the portal as a customer (issue 27), each checked in a real
 * browser against the real server, at 1280 and 375 px in both themes, axe clean: the dashboard with
 * no account, the balance at 375 px, the expired code, the contact data or countries that cannot be
 * read, the prepaid-card form title, the code form's focus and its refused code, the notification
 * pager on a phone, the photo's French file button.
 *
 * Each screen is reached once, then looked at in the four widths and themes in place
 * (harness.ts's inEachScreen), for a quarter of the walks.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accounts as accountTexts, api, dashboardAccounts, notifications, profile, transfer as texts } from '../../machines/messages'
import {
  axeViolations,
  devFault,
  expectAccessible,
  inEachScreen,
  launchBrowser,
  newPage,
  pageProblems,
  signIn,
  startServer,
  THEMED_SCREENS,
  type PageOptions,
  type RunningServer,
} from './harness'

const CUSTOMER = '/api/rest/customer/v1'
const EUR = '000170100100123456703'

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

/** A page signed in on `path`, in the first of THEMED_SCREENS (1280 px, light). */
async function signedIn(path: string, on = server): Promise<Page> {
  const [, viewport, scheme] = THEMED_SCREENS[0]
  const options: PageOptions = { colorScheme: scheme }
  const { page } = await newPage(browser, on.url, viewport, options)
  pages.push(page)
  await signIn(page)
  if (path !== '/app/dashboard') await page.goto(path)
  await page.getByRole('heading', { level: 1 }).waitFor()
  return page
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const select = page.locator(`main select[name="${name}"]`)
    if (await select.count()) await select.selectOption(value)
    else await page.locator(`main input[name="${name}"]`).fill(value)
  }
}

/** A momo transfer asked, up to its code form. */
async function toCodeForm(page: Page, description: string): Promise<void> {
  await page.getByRole('button', { name: texts.submit }).waitFor()
  await fill(page, { debitAccount: EUR, amount: '2', currencySent: '1', phone: '243991234567', description })
  await page.getByRole('button', { name: texts.submit }).click()
  await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
}

/** The id, name and state of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    return { tag: el?.tagName ?? null, name: el?.getAttribute('name') ?? null, text: el?.textContent ?? null }
  })

describe('the dashboard with no account (spec §8: not loaded or empty)', () => {
  it('an empty list says so under "Mes comptes" in each width and theme, and a click reads them again', async () => {
    await devFault(server.url, { method: 'POST', path: `${CUSTOMER}/account`, status: 200, body: { code: '0', comptes: [] }, times: 1 })
    const page = await signedIn('/app/dashboard')
    const section = page.getByRole('region', { name: dashboardAccounts.heading })
    const message = section.getByRole('button', { name: accountTexts.notLoaded })
    await message.waitFor()
    await inEachScreen(page, async (label) => {
      expect(await message.isVisible(), label).toBe(true)
      await expectAccessible(page, `defects-dashboard-empty-${label}`)
    })
    // spec §8: the click reloads the page; the accounts are read again (the fault was for one call).
    await message.click()
    await section.locator('[data-account]').first().waitFor()
    expect(await message.count()).toBe(0)
  })
})

describe('the balance at 375 px', () => {
  it('the largest amount is whole, with its currency, and the table fits the screen in each width and theme', async () => {
    const page = await signedIn('/app/balance')
    const select = page.locator('main select[name="account"]')
    const cdf = await select.locator('option', { hasText: 'CDF' }).getAttribute('value')
    await select.selectOption(cdf!)
    await page.getByRole('button', { name: /afficher le solde/i }).click()
    const amount = page.locator('main table td').nth(1)
    await amount.waitFor()
    await inEachScreen(page, async (label) => {
      expect(await amount.textContent(), label).toMatch(/^[\d\u202f]+,\d{2}\u00a0CDF$/)
      const fit = await page.locator('main [role="region"]').evaluate((region) => ({
        scrolls: region.scrollWidth > region.clientWidth,
        right: region.querySelector('td:last-child')!.getBoundingClientRect().right,
        edge: region.getBoundingClientRect().right,
      }))
      expect(fit.scrolls, label).toBe(false)
      expect(fit.right, label).toBeLessThanOrEqual(fit.edge)
      await expectAccessible(page, `defects-balance-${label}`)
    })
  })
})

describe('the code form', () => {
  it('focus goes to the code field; a wrong code marks the field invalid, described by the refusal, in each width and theme', async () => {
    const page = await signedIn('/app/momo')
    await toCodeForm(page, 'Focus')
    const field = page.locator('main input[name="token"]')
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'token' })
    expect(await field.getAttribute('aria-invalid')).toBeNull()
    await field.fill('00000001')
    await page.getByRole('button', { name: texts.codeSubmit }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: api.transfer.wrongCode(2) })
      .waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    const described = (await field.getAttribute('aria-describedby'))!.split(' ')
    const texts_ = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(texts_).toContain(api.transfer.wrongCode(2))
    await inEachScreen(page, async (label) => {
      expect(await focused(page), label).toMatchObject({ tag: 'INPUT', name: 'token' })
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: api.transfer.wrongCode(2) })
          .isVisible(),
        label,
      ).toBe(true)
      await expectAccessible(page, `defects-code-refused-${label}`)
    })
  })

  // A transfer asked and its code left to expire, on a server of its own (codes of 5 seconds).
  it('an expired code disables the field and "Confirmer"; focus goes to the button that starts again', { timeout: 120_000 }, async () => {
    const shortLived = await startServer({ CODE_LIFETIME_SECONDS: '5' })
    try {
      const page = await signedIn('/app/momo', shortLived)
      await toCodeForm(page, 'Expire')
      await page.getByText(texts.codeExpired).waitFor({ timeout: 20_000 })
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', text: texts.another })
      await inEachScreen(page, async (label) => {
        expect(await page.locator('main input[name="token"]').isDisabled(), label).toBe(true)
        expect(await page.getByRole('button', { name: texts.codeSubmit }).isDisabled(), label).toBe(true)
        expect(await focused(page), label).toMatchObject({ tag: 'BUTTON', text: texts.another })
        await expectAccessible(page, `defects-code-expired-${label}`)
      })
      await page.getByRole('button', { name: texts.another }).click()
      await page.getByRole('button', { name: texts.submit }).waitFor()
    } finally {
      await shortLived.stop()
    }
  })
})

describe('the prepaid-card form (rulings §1)', () => {
  it('heading and form title both read "Transfert vers carte prépayée" in each width and theme', async () => {
    const page = await signedIn('/app/prepaid-card')
    await page.getByRole('heading', { level: 1, name: texts.cardHeading }).waitFor()
    const title = page.getByRole('heading', { level: 2, name: texts.cardFormTitle })
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('heading', { level: 1, name: texts.cardHeading }).isVisible(), label).toBe(true)
      expect(await title.isVisible(), label).toBe(true)
      expect(await page.getByRole('region', { name: texts.cardFormTitle }).locator('form').count(), label).toBe(1)
      await expectAccessible(page, `defects-card-title-${label}`)
    })
  })
})

describe('contact data that cannot be read', () => {
  it('no empty form but the message in each width and theme, and a click reads them again', async () => {
    await devFault(server.url, { method: 'GET', path: `${CUSTOMER}/get-contact`, status: 500, body: { message: 'x' }, times: 1 })
    const page = await signedIn('/app/update-contact')
    const message = page.getByRole('button', { name: profile.loadError })
    await message.waitFor()
    await inEachScreen(page, async (label) => {
      expect(await message.isVisible(), label).toBe(true)
      expect(await page.locator('main input[name="email"]').count(), label).toBe(0)
      await expectAccessible(page, `defects-contact-failed-${label}`)
    })
    await message.click()
    await expect.poll(() => page.locator('main input[name="email"]').inputValue()).toMatch(/@/)
  })

  it('countries not read: the message, the current country by its name (never "CD") in each width and theme, a retry', async () => {
    await devFault(server.url, { method: 'GET', path: '/auth/v1/countries', status: 500, body: { message: 'x' }, times: 1 })
    const page = await signedIn('/app/update-contact')
    const message = page.getByRole('button', { name: profile.countriesLoadError })
    await message.waitFor()
    const country = page.locator('main select[name="country"]')
    await expect.poll(() => country.inputValue()).toBe('CD')
    const labels = await country.locator('option').allTextContents()
    expect(labels).not.toContain('CD')
    expect(labels).toContain('Congo-Kinshasa')
    await inEachScreen(page, async (label) => {
      expect(await message.isVisible(), label).toBe(true)
      expect(await country.inputValue(), label).toBe('CD')
      await expectAccessible(page, `defects-contact-countries-${label}`)
    })
    await message.click()
    await expect.poll(() => country.locator('option').count()).toBeGreaterThan(3)
    expect(await message.count()).toBe(0)
  })
})

describe('the notification pager on a phone', () => {
  it('Prev, the pages and Next on one line in each width and theme', async () => {
    const page = await signedIn('/app/notification')
    const pager = page.getByRole('navigation', { name: notifications.paginationLabel })
    await pager.getByRole('button', { name: notifications.next }).waitFor()
    await inEachScreen(page, async (label) => {
      const shown = await pager.locator('li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect()).filter((box) => box.width > 0))
      const tops = shown.map((box) => Math.round(box.top))
      expect(tops.length, label).toBeGreaterThanOrEqual(4)
      expect(new Set(tops).size, label).toBe(1)
      const overflow = await pager.evaluate((nav) => nav.scrollWidth - nav.clientWidth)
      expect(overflow, label).toBeLessThanOrEqual(0)
      await expectAccessible(page, `defects-pager-${label}`)
    })
  })
})

describe('the photo chooser', () => {
  it('a French button, usable with the keyboard, in each width and theme; the native one is out of sight', async () => {
    const page = await signedIn('/app/update-picture')
    const input = page.locator('main input[type="file"]')
    const chooser = page.locator('main label', { hasText: profile.choosePhoto })
    await page.getByText(profile.noPhotoChosen).waitFor()
    // Listening first: Playwright takes over the chooser only once it listens (an asynchronous step
    // that the keyboard's and the looks' steps below leave time for).
    const opened = page.waitForEvent('filechooser')
    // The keyboard reaches the input; its French stand-in shows the focus.
    await input.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await inEachScreen(page, async (label) => {
      expect(await chooser.isVisible(), label).toBe(true)
      const box = (await input.boundingBox())!
      expect(box.width * box.height, label).toBeLessThanOrEqual(1)
      expect(await focused(page), label).toMatchObject({ tag: 'INPUT', name: 'photo' })
      expect(await chooser.evaluate((element) => getComputedStyle(element).outlineStyle), label).toBe('solid')
    })
    // Space opens the chooser.
    await page.keyboard.press('Space')
    const fileChooser = await opened
    await fileChooser.setFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG })
    await page.getByText('moi.png').waitFor()
    await inEachScreen(page, async (label) => {
      expect(await page.getByText('moi.png').isVisible(), label).toBe(true)
      await expectAccessible(page, `defects-photo-${label}`)
    })
  })
})

describe('axe, run again on the same page (harness.ts: put into a document once)', () => {
  it('sees what changed since its last run', async () => {
    const page = await signedIn('/app/dashboard')
    expect(await axeViolations(page)).toEqual([])
    // An image without a text alternative, added after the first run: the second run finds it.
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('img'), { id: 'no-alt', src: '/favicon.svg' })))
    expect((await axeViolations(page)).join('\n')).toMatch(/^image-alt .*#no-alt/m)
    await page.evaluate(() => document.getElementById('no-alt')!.remove())
    expect(await axeViolations(page)).toEqual([])
  })
})

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

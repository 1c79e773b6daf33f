/**
 * Payees named before paying and the rate before committing (issue 27; rulings §9.2, §9.3), in a
 * real browser against the real server, at 1280 and 375 px in both themes: the wallet's and the
 * card's holders under their fields (found, not found), the rate and the amount debited as soon as
 * account, currency and amount are valid, the fields' lengths and keyboards (machines/limits.ts),
 * the card form's title (rulings §1); axe clean; the ask's own debit matches the rate shown. Each
 * walk once, its screen looked at in each width and theme in place (harness.ts's inEachScreen).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { formatAmount } from '../../machines/amounts'
import { transfer as texts } from '../../machines/messages'
import { mainCustomer, namedCards, namedWallets, unknownCard, unknownWallet } from '../../server/demo/demo-data'
import { DESKTOP, expectAccessible, inEachScreen, launchBrowser, newPage, pageProblems, signIn, startServer, type RunningServer } from './harness'

const USD = mainCustomer.accounts.usd.number
const CDF = mainCustomer.accounts.cdf.number
const wallet = namedWallets[0]
const card = namedCards[0]
/** 12.50 USD sent from the CDF account, at the demo's rate 2850 (server/demo/demo-data.ts). */
const rateLine = texts.rate('USD', '2\u202F850,00', 'CDF', formatAmount('35625.00', '3'))

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

async function signedIn(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page)
  return page
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.getByRole('button', { name: texts.submit }).waitFor()
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const select = page.locator(`main select[name="${name}"]`)
    if (await select.count()) await select.selectOption(value)
    else await page.locator(`main input[name="${name}"]`).fill(value)
  }
}

/** The hint tied to a field (the last id of its aria-describedby), as a screen reader reads it; null when none. */
async function hintOf(page: Page, name: string): Promise<string | null> {
  const ids = await page.locator(`main [name="${name}"]`).getAttribute('aria-describedby')
  const last = ids?.split(' ').at(-1)
  return last ? page.locator(`[id="${last}"]`).textContent() : null
}

const waitForHint = (page: Page, name: string, text: string) => expect.poll(() => hintOf(page, name), { timeout: 10_000 }).toBe(text)
const rateStatus = (page: Page) => page.locator('main [role="status"][data-field-status="currencySent"]')

/** Each input's maxLength and inputmode, by name. */
async function inputsOf(page: Page): Promise<Record<string, [string | null, string | null]>> {
  const inputs = page.locator('main form input')
  const found: Record<string, [string | null, string | null]> = {}
  for (const input of await inputs.all()) {
    found[(await input.getAttribute('name'))!] = [await input.getAttribute('maxlength'), await input.getAttribute('inputmode')]
  }
  return found
}

// Each walk once, its screen then looked at in the four widths and themes in place (inEachScreen).
describe('payees named and the rate (rulings §9.2, §9.3), in each width and theme', () => {
  it('momo: the wallet named under its number, the rate and the amount debited once account, currency and amount are valid', async () => {
    const page = await signedIn()
    await open(page, '/app/momo')
    expect(await inputsOf(page)).toEqual({
      amount: ['16', 'decimal'],
      phone: ['12', 'tel'],
      description: ['140', 'text'],
    })
    await fill(page, { phone: wallet.phone.slice(0, 11) })
    expect(await hintOf(page, 'phone')).toBeNull()
    await fill(page, { phone: wallet.phone })
    await waitForHint(page, 'phone', texts.payeeFound(wallet.holder))
    await fill(page, { phone: unknownWallet })
    await waitForHint(page, 'phone', texts.payeeNotFound)

    // The same currency as the account's: no rate; another: the rate and the debit.
    await fill(page, { debitAccount: CDF, amount: '12,50', currencySent: '3' })
    await page.getByText(/Solde disponible : /).waitFor()
    expect(await rateStatus(page).count()).toBe(0)
    await fill(page, { currencySent: '1' })
    await expect.poll(() => rateStatus(page).textContent(), { timeout: 10_000 }).toBe(rateLine)
    // An invalid amount forgets the rate.
    await fill(page, { amount: '12,505' })
    await expect.poll(() => rateStatus(page).count()).toBe(0)
    await fill(page, { amount: '12.50', phone: wallet.phone })
    await expect.poll(() => rateStatus(page).textContent(), { timeout: 10_000 }).toBe(rateLine)
    await waitForHint(page, 'phone', texts.payeeFound(wallet.holder))
    await inEachScreen(page, async (label) => {
      expect(await rateStatus(page).isVisible(), label).toBe(true)
      expect(await page.getByText(texts.payeeFound(wallet.holder)).isVisible(), label).toBe(true)
      await expectAccessible(page, `momo-payee-rate-${label}`)
    })
  })

  it('card: the form title, the card named under its last four digits once both fields are valid, not found otherwise', async () => {
    const page = await signedIn()
    await open(page, '/app/prepaid-card')
    await page.getByRole('heading', { name: texts.cardHeading, level: 1 }).waitFor()
    await page.getByRole('heading', { name: texts.cardFormTitle, level: 2 }).waitFor()
    expect(await inputsOf(page)).toEqual({
      amount: ['16', 'decimal'],
      accountId: ['8', 'numeric'],
      lastFour: ['4', 'numeric'],
      description: ['140', 'text'],
    })
    await fill(page, { accountId: card.accountId, lastFour: card.lastFour.slice(0, 3) })
    expect(await hintOf(page, 'lastFour')).toBeNull()
    await fill(page, { lastFour: card.lastFour })
    await waitForHint(page, 'lastFour', texts.payeeFound(card.holder))
    await fill(page, { debitAccount: USD, amount: '100', currencySent: '2' })
    await expect.poll(() => rateStatus(page).textContent(), { timeout: 10_000 }).toMatch(/^Taux : 1 EUR = 1,08 USD — montant débité : 108,00\u00a0USD$/)
    await inEachScreen(page, async (label) => {
      expect(await page.getByRole('heading', { name: texts.cardHeading, level: 1 }).isVisible(), label).toBe(true)
      expect(await page.getByRole('heading', { name: texts.cardFormTitle, level: 2 }).isVisible(), label).toBe(true)
      expect(await rateStatus(page).isVisible(), label).toBe(true)
      expect(await page.getByText(texts.payeeFound(card.holder)).isVisible(), label).toBe(true)
      await expectAccessible(page, `card-payee-rate-${label}`)
    })
    await fill(page, { accountId: unknownCard.accountId, lastFour: unknownCard.lastFour })
    await waitForHint(page, 'lastFour', texts.payeeNotFound)
  })
})

describe('the ask still decides (rulings §9.3)', () => {
  it('the code form debits what the rate said', async () => {
    const page = await signedIn()
    await open(page, '/app/momo')
    await fill(page, { debitAccount: CDF, amount: '12,50', currencySent: '1', phone: wallet.phone, description: 'Pour maman' })
    await expect.poll(() => rateStatus(page).textContent(), { timeout: 10_000 }).toBe(rateLine)
    await page.getByRole('button', { name: texts.submit }).click()
    await page.getByRole('heading', { name: texts.codeTitle }).waitFor()
    await page.getByText(texts.debitAmount(formatAmount('35625.00', '3')), { exact: true }).waitFor()
    await page.getByRole('button', { name: texts.cancel }).click()
    await page.getByRole('button', { name: texts.submit }).waitFor()
  })

  it('the account transfer shows no rate and keeps its own holder texts', async () => {
    const page = await signedIn()
    await open(page, '/app/transfer')
    expect(await inputsOf(page)).toEqual({
      amount: ['16', 'decimal'],
      creditAccount: ['21', 'text'],
      description: ['140', 'text'],
    })
    await fill(page, { creditAccount: mainCustomer.accounts.eur.number, debitAccount: USD, amount: '5' })
    await waitForHint(page, 'creditAccount', texts.holder(mainCustomer.name))
    expect(await rateStatus(page).count()).toBe(0)
  })
})

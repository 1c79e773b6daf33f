/**
 * The balance and the statement in a real browser against the real server: the balance, and a 3-month statement of
 * K1234567 whose downloaded CSV matches the table; the PDF downloads; errors; K7654321 sees only
 * its own account; axe; 375 px.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { balance, statement as texts, statementView, transfer, validation } from '../../machines/messages'
import {
  DEMO_USER,
  devFault,
  launchBrowser,
  newPage,
  pageProblems,
  PHONE,
  screenshot,
  signIn,
  startServer,
  type RunningServer,
  expectAccessible,
  errorOf,
} from './harness'

const USD = '000170100100123456701'

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

async function signedIn(path: string, viewport?: { width: number; height: number }, user = DEMO_USER): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport)
  pages.push(page)
  await signIn(page, user)
  await page.goto(path)
  await page.locator('main form').waitFor()
  return page
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** RFC 4180 with `;`: quoted cells may hold `;`, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ';') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else if (ch !== '\r') cell += ch
  }
  if (cell || row.length) {
    row.push(cell)
    rows.push(row)
  }
  return rows
}
/** A text cell as the spreadsheet shows it: the `'` that disarms a formula is not part of the text. */
const unarmed = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '')
/** The digits of an amount as the table shows it ("1 234,50 USD") or the CSV has it ("1234,50"). */
const digits = (text: string) => text.replace(/[^\d,-]/g, '')

describe('balance', () => {
  for (const [label, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`shows the balance of the chosen account (${label})`, async () => {
      const page = await signedIn('/app/balance', viewport)
      await page.getByRole('heading', { name: balance.title }).waitFor()
      await page.getByRole('button', { name: balance.show }).click()
      expect(await errorOf(page, 'account')).toBe(validation.balanceAccountRequired)
      await page.locator('main select[name="account"]').selectOption(USD)
      await page.getByRole('button', { name: balance.show }).click()
      const cells = page.locator('main table td')
      await cells.first().waitFor()
      expect(await cells.allTextContents()).toEqual([USD, expect.stringMatching(/^[\d\u202f]+,\d{2}\u00a0USD$/)])
      await expectAccessible(page, `balance-${label}`)
    })
  }

  it('a failure shows an error box that still says an error happened', async () => {
    const page = await signedIn('/app/balance')
    await devFault(server.url, { path: '/api/rest/customer/v1/balance', status: 500, body: { message: 'x' }, times: 1 })
    await page.locator('main select[name="account"]').selectOption(USD)
    await page.getByRole('button', { name: balance.show }).click()
    await page.getByRole('alert').filter({ hasText: balance.failed }).waitFor()
    await expectAccessible(page, 'balance-failed')
  })
})

describe('accounts that cannot be loaded', () => {
  it('show the spec message, and a click reloads the page', async () => {
    const page = await signedIn('/app/balance')
    await devFault(server.url, { path: '/api/rest/customer/v1/account', status: 500, body: { message: 'x' }, times: 1 })
    await page.reload()
    const message = page.getByRole('button', { name: transfer.accountsNotLoaded })
    await message.waitFor()
    await expectAccessible(page, 'balance-accounts-failed')
    await message.click()
    await message.waitFor({ state: 'detached' })
    // The message goes as the page loads again; the accounts come with the answer that follows.
    await expect.poll(() => page.locator('main select[name="account"] option').count()).toBe(4)
  })
})

describe('statement', () => {
  it('loads 3 months, downloads the PDF and the CSV, and the CSV rows match the table', async () => {
    const page = await signedIn('/app/statement')
    const start = new Date()
    start.setMonth(start.getMonth() - 3)
    await page.locator('main select[name="account"]').selectOption(USD)
    await page.locator('main input[name="startDate"]').fill(isoDay(start))
    await page.getByRole('button', { name: texts.submit }).click()
    const rows = page.locator('main tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBeGreaterThan(10)
    // The useful columns, the account said once above them (not on every line).
    const c = texts.columns
    expect(await page.locator('main thead th').allTextContents()).toEqual([c.date_operation, c.num_transaction, c.description, c.debit, c.credit, c.solde])
    await page.locator('main p', { hasText: USD }).first().waitFor()
    // No sideways scrolling at 1280 px: the table fits its box.
    expect(await page.locator('main table').evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))).toBe(true)
    await expectAccessible(page, 'statement-table')

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.downloadPdf }).click()])
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/)
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.downloadCsv }).click()])
    expect(csv.suggestedFilename()).toMatch(/\.csv$/)
    const text = readFileSync((await csv.path())!, 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const [header, ...lines] = parseCsv(text.slice(1))
    expect(header).toEqual(['num_transaction', 'date_operation', 'num', 'description', 'debit', 'credit', 'solde'])
    const table = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')))
    // The first page of the table; the caption counts every line of the period.
    expect(table.length).toBe(Math.min(lines.length, 25))
    expect(await page.locator('main table caption').textContent()).toBe(statementView.lines(1, table.length, lines.length))
    // The demo data has a merchant label that would be a formula: the CSV disarms it.
    expect(lines.some((cells) => cells[3]!.startsWith("'="))).toBe(true)
    lines.slice(0, table.length).forEach((cells, i) => {
      const row = table[i]!
      expect(cells[0], `line ${i + 1}`).toBe(row[1])
      expect(cells[2]).toBe(USD)
      expect(unarmed(cells[3]!)).toBe(row[2])
      expect(digits(cells[4]!)).toBe(digits(row[3]!))
      expect(digits(cells[5]!)).toBe(digits(row[4]!))
      expect(digits(cells[6]!)).toBe(digits(row[5]!))
    })
  })

  it('checks the dates and shows a load failure, at 375 px', async () => {
    const page = await signedIn('/app/statement', PHONE)
    await page.locator('main select[name="account"]').selectOption(USD)
    await page.locator('main input[name="startDate"]').fill('2026-12-31')
    await page.locator('main input[name="endDate"]').fill('2026-01-01')
    await page.getByRole('button', { name: texts.submit }).click()
    await page.getByText(validation.startAfterEnd).waitFor()
    await expectAccessible(page, 'statement-errors-phone')
    await page.locator('main input[name="startDate"]').fill('2026-01-01')
    await devFault(server.url, { path: '/api/rest/customer/v1/statements', status: 500, body: { message: 'x' }, times: 1 })
    await page.getByRole('button', { name: texts.submit }).click()
    await page.getByRole('alert').filter({ hasText: texts.loadError }).waitFor()
  })

  it('K7654321 sees only its own account', async () => {
    const page = await signedIn('/app/statement', undefined, { code: 'K7654321', pin: '54321' })
    const options = await page.locator('main select[name="account"] option').allTextContents()
    expect(options).toHaveLength(2)
    // "number — currency — balance" (rulings of the second review: balances at a glance)
    expect(options[1]).toMatch(/^[0-9A-Z]{21} — CDF — -?[0-9\u202F]+,[0-9]{2}$/)
    expect(options[1]).not.toContain(USD)
    await page.locator('main select[name="account"]').selectOption({ index: 1 })
    await page.getByRole('button', { name: texts.submit }).click()
    await page.locator('main table, main p').first().waitFor()
    await screenshot(page, 'statement-k7654321')
  })
})

/**
 * The balance and the statement in a real browser against the real server: the balance, and a 3-month statement of
 * K1234567 whose downloaded CSV matches the table; the PDF downloads; errors; K7654321 sees only
 * its own account; axe; 375 px. A statement of LONG_LINES lines, written into the server's data
 * folder before it starts: shown page by page (the first page well under 1 MB), its PDF and CSV
 * downloaded by Chromium's own download manager through signed links, and a download that fails
 * said in French (rulings §9.7).
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accounts as accountTexts, balance, statement as texts, statementView, validation } from '../../machines/messages'
import { openDb } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { internalAccountNumber, mainCustomer } from '../../server/demo/demo-data'
import { seedDemo } from '../../server/demo/seed'
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
/** K1234567's long CDF account: LONG_LINES deposits of 1,00 over the last days. */
const LONG = 'LONG00000000000000001'
const LONG_LINES = 5000

/** A data folder with the demo data and the long account, for the server to start on. */
async function dataWithLongStatement(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-long-'))
  const db = await openDb({ dataDir })
  try {
    await migrate(db)
    await seedDemo(db)
    const [customer] = await db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])
    const [account] = await db.query<{ id: string }>(
      `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
      [LONG, customer!.id, mainCustomer.name],
    )
    const [bank] = await db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
    await db.query(
      `with t as (
         insert into ledger_transactions (reference, kind, description, booked_at)
         select 'LONG' || lpad(i::text, 6, '0'), 'deposit', 'Dépôt en espèces n° ' || i, now() - interval '3 days' + make_interval(secs => i * 10)
           from generate_series(1, $3::int) i
         returning id, reference, booked_at)
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
       select id, $1::bigint, 1, right(reference, 6)::int, booked_at from t union all select id, $2::bigint, -1, 0, booked_at from t`,
      [account!.id, bank!.id, LONG_LINES],
    )
    await db.query('update accounts set balance = $2 where id = $1', [account!.id, LONG_LINES])
  } finally {
    await db.close()
  }
  return dataDir
}

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([dataWithLongStatement().then((dataDir) => startServer({ DATA_DIR: dataDir })), launchBrowser()])
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
    const message = page.getByRole('button', { name: accountTexts.notLoaded })
    await message.waitFor()
    await expectAccessible(page, 'balance-accounts-failed')
    await message.click()
    await message.waitFor({ state: 'detached' })
    // The message goes as the page loads again; the accounts come with the answer that follows
    // (the placeholder, the three demo accounts and this file's long one).
    await expect.poll(() => page.locator('main select[name="account"] option').count()).toBe(5)
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

  it(`a statement of ${LONG_LINES} lines: its first page alone, then the next; its PDF and CSV by the browser's download manager; a failed download said`, async () => {
    const page = await signedIn('/app/statement')
    const fetched: number[] = []
    page.on('response', (res) => {
      if (res.url().endsWith('/api/rest/customer/v1/statements')) void res.body().then((body) => fetched.push(body.length))
    })
    await page.locator('main select[name="account"]').selectOption(LONG)
    const start = new Date()
    start.setDate(start.getDate() - 5)
    await page.locator('main input[name="startDate"]').fill(isoDay(start))
    await page.getByRole('button', { name: texts.submit }).click()
    const caption = page.locator('main table caption')
    await caption.filter({ hasText: statementView.lines(1, 25, LONG_LINES) }).waitFor()
    expect(await page.locator('main tbody tr').count()).toBe(25)
    expect(await page.locator('main tbody tr').first().textContent()).toContain('LONG000001')
    // the chart and the totals came with the first page
    await page.getByText(statementView.chartTitle).waitFor()
    await expect.poll(() => fetched.length).toBe(1)
    expect(fetched[0]).toBeLessThan(100 * 1024)
    await page.getByRole('button', { name: statementView.next }).click()
    await page.locator('main tbody tr').first().filter({ hasText: 'LONG000026' }).waitFor()
    // The answer's body is read after the page drew it: poll, as for the first page.
    await expect.poll(() => fetched.length).toBe(2)

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.downloadPdf }).click()])
    expect(pdf.suggestedFilename()).toMatch(/^releve-\d{8}-\d{8}-[0-9a-f]{32}\.pdf$/)
    // the browser fetched it from the signed link, not the page
    expect(pdf.url()).toContain('/api/rest/download/v1/statement?link=')
    const pdfBytes = readFileSync((await pdf.path())!)
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfBytes.subarray(-8).toString('latin1')).toContain('%%EOF')

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.downloadCsv }).click()])
    expect(csv.suggestedFilename()).toMatch(/\.csv$/)
    const [header, ...lines] = parseCsv(readFileSync((await csv.path())!, 'utf8').slice(1))
    expect(header![1]).toBe('date_operation')
    expect(lines).toHaveLength(LONG_LINES)
    expect(lines[0]![0]).toBe('LONG000001')
    expect(lines[0]![1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
    expect(lines.at(-1)![6]).toBe(`${LONG_LINES},00`)
    // the link is single-use: opened again, nothing
    expect((await fetch(csv.url())).status).toBe(404)

    // a download that cannot be had says so (rulings §9.7)
    await devFault(server.url, { path: '/api/rest/customer/v1/download/link', status: 500, body: { message: 'x' }, times: 1 })
    await page.getByRole('button', { name: texts.downloadCsv }).click()
    await page.getByRole('alert').filter({ hasText: texts.downloadFailed }).waitFor()
    await expectAccessible(page, 'statement-long')
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

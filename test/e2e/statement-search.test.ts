/**
 * The statement search in a real browser against the real server (issue 27), at 1280 and 375 px in
 * both themes, axe clean: a long statement (the server pages it) searched on the server once the
 * typing pauses, its count and totals, its pages; a short one narrowed on the page without asking
 * the server; the files still the whole period's. Issue 24 at 375 px: the pager on one line with
 * targets a finger can hit, and the balance table showing each whole amount with its currency.
 * The long statement is walked once, each of its screens looked at in each width and theme in
 * place (harness.ts's inEachScreen).
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { balance, statement as texts, statementView as view } from '../../machines/messages'
import type { Db } from '../../server/db/db'
import { internalAccountNumber, mainCustomer } from '../../server/demo/demo-data'
import { DESKTOP, expectAccessible, inEachScreen, launchBrowser, newPage, pageProblems, PHONE, signIn, startServer, type RunningServer } from './harness'

/** K1234567's long CDF account: every third line a payment of 12,50, the others deposits of 1,00. */
const LONG = 'SRCHLONG0000000000001'
const LONG_LINES = 3000
/** A short one: 12 lines, one page, narrowed on the page. */
const SHORT = 'SRCHSHRT0000000000001'
const SHORT_LINES = 12

async function withLines(db: Db, number: string, count: number, prefix: string): Promise<void> {
  const [customer] = await db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])
  const [account] = await db.query<{ id: string }>(
    `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
    [number, customer!.id, mainCustomer.name],
  )
  const [bank] = await db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
  await db.query(
    `with t as (
       insert into ledger_transactions (reference, kind, description, booked_at)
       select $4 || lpad(i::text, 6, '0'), 'deposit',
              case when i % 3 = 0 then 'Paiement Électricité SNEL n° ' || i else 'Dépôt en espèces n° ' || i end,
              now() - interval '2 days' + make_interval(secs => i * 10)
         from generate_series(1, $3::int) i
       returning id, reference, booked_at, case when right(reference, 6)::int % 3 = 0 then -12.50 else 1.00 end as amount)
     insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
     select id, $1::bigint, amount, sum(amount) over (order by booked_at, id), booked_at from t
     union all select id, $2::bigint, -amount, 0, booked_at from t`,
    [account!.id, bank!.id, count, prefix],
  )
}

/** The two statements, written before the server starts on its database (PGlite or PostgreSQL). */
async function withStatements(db: Db): Promise<void> {
  await withLines(db, LONG, LONG_LINES, 'SRCH')
  await withLines(db, SHORT, SHORT_LINES, 'SHRT')
}

let server: RunningServer
let browser: Browser
const pages: Page[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({}, withStatements), launchBrowser()])
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

async function signedIn(path: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<Page> {
  const { page } = await newPage(browser, server.url, viewport, { colorScheme })
  pages.push(page)
  await signIn(page)
  await page.goto(path)
  await page.locator('main form').waitFor()
  return page
}

/** The statement of `account` over the last three days; the requests of POST statements are counted. */
async function statementOf(page: Page, account: string): Promise<string[]> {
  const asked: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/rest/customer/v1/statements')) asked.push(req.postData() ?? '')
  })
  await page.locator('main select[name="account"]').selectOption(account)
  const start = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10)
  await page.locator('main input[name="startDate"]').fill(start)
  await page.getByRole('button', { name: texts.submit }).click()
  await page.getByRole('searchbox', { name: view.searchLabel }).waitFor()
  return asked
}

const isPhone = (label: string) => label.startsWith('phone')

/** The lines shown, as the table (wide screen) or the cards (phone) say them. */
const shownLabels = (page: Page, phone: boolean) =>
  phone
    ? page.locator('main ol li').evaluateAll((lis) => lis.map((li) => li.textContent ?? ''))
    : page.locator('main tbody tr td:nth-child(3)').allTextContents()

/** The pager's three parts sit on one line, and each button is at least 44 px square. */
async function pagerOnOneLine(page: Page): Promise<void> {
  const boxes = await page
    .getByRole('navigation', { name: view.pagesLabel })
    .evaluate((nav) =>
      [...nav.children].map((child) => child.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, width: r.width, height: r.height })),
    )
  expect(boxes).toHaveLength(3)
  // one line: every part is crossed by the middle one's centre line
  const middle = (boxes[1]!.top + boxes[1]!.bottom) / 2
  for (const box of boxes) expect(box.top <= middle && middle <= box.bottom, JSON.stringify(boxes)).toBe(true)
  for (const button of [boxes[0]!, boxes[2]!]) expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44)
  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
}

describe('statement search (issue 27)', () => {
  // One walk, each of its screens looked at in the four widths and themes in place (inEachScreen).
  it("a long statement is searched on the server, its pages and totals; the files stay the period's (each width and theme)", async () => {
    const page = await signedIn('/app/statement', DESKTOP, 'light')
    const asked = await statementOf(page, LONG)
    const caption = page.locator('main table caption')
    await caption.filter({ hasText: view.lines(1, 25, LONG_LINES) }).waitFor({ state: 'attached' })
    await inEachScreen(page, async (label) => {
      await pagerOnOneLine(page)
      expect(await shownLabels(page, isPhone(label)), label).toHaveLength(25)
      await expectAccessible(page, `statement-search-long-${label}`)
    })

    await page.getByRole('searchbox', { name: view.searchLabel }).pressSequentially('electricite', { delay: 30 })
    // every third line: 1,000 payments of 12,50
    const found = page.getByText(view.found(1000, '12\u202f500,00\u00a0CDF', '0,00\u00a0CDF'))
    await found.waitFor()
    await caption.filter({ hasText: view.lines(1, 25, 1000) }).waitFor({ state: 'attached' })
    // the server is asked once the typing pauses, not at every key (a loaded machine may pause
    // mid-word once): the statement, then the search as typed
    const searches = asked.map((body) => JSON.parse(body).search as string | undefined)
    expect(searches[0]).toBeUndefined()
    expect(searches.at(-1)).toBe('electricite')
    expect(searches.length).toBeLessThanOrEqual(3)
    await page.getByText(view.filesWholePeriod).waitFor()
    await inEachScreen(page, async (label) => {
      const labels = await shownLabels(page, isPhone(label))
      expect(labels, label).toHaveLength(25)
      for (const text of labels) expect(text, label).toContain('Paiement Électricité SNEL')
      expect(await found.isVisible(), label).toBe(true)
      await pagerOnOneLine(page)
      await expectAccessible(page, `statement-search-found-${label}`)
    })

    // the next page of the lines found (on the phone, where inEachScreen ends)
    await page.getByRole('button', { name: view.next }).click()
    await caption.filter({ hasText: view.lines(26, 50, 1000) }).waitFor({ state: 'attached' })
    expect(JSON.parse(asked.at(-1)!)).toMatchObject({ page: 1, search: 'electricite' })
    expect((await shownLabels(page, true))[0]).toContain('n° 78')

    // the CSV is the whole period's
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: texts.downloadCsv }).click()])
    expect(
      readFileSync((await csv.path())!, 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(LONG_LINES + 1)

    // nothing found: said, the links stay
    await page.getByRole('searchbox', { name: view.searchLabel }).fill('introuvable')
    await page.getByText(view.noMatch).waitFor()
    await page.getByRole('button', { name: texts.downloadPdf }).waitFor()
    // the period's summary stays
    await page.locator(`main dl[aria-label="${view.summaryLabel}"]`).waitFor()
    await inEachScreen(page, async (label) => {
      expect(await page.getByText(view.noMatch).isVisible(), label).toBe(true)
      expect(await page.getByRole('button', { name: texts.downloadPdf }).isVisible(), label).toBe(true)
      await expectAccessible(page, `statement-search-none-${label}`)
    })
  })

  it('a short statement is narrowed on the page, without asking the server, amounts included (375 px)', async () => {
    const page = await signedIn('/app/statement', PHONE, 'light')
    const asked = await statementOf(page, SHORT)
    await page.getByRole('searchbox', { name: view.searchLabel }).fill('12,50')
    await page.getByText(view.found(4, '50,00\u00a0CDF', '0,00\u00a0CDF')).waitFor()
    expect(await shownLabels(page, true)).toHaveLength(4)
    await page.getByRole('searchbox', { name: view.searchLabel }).fill('DÉPÔT')
    await page.getByText(view.found(8, '0,00\u00a0CDF', '8,00\u00a0CDF')).waitFor()
    expect(asked).toHaveLength(1)
    await expectAccessible(page, 'statement-search-short-phone')
  })
})

describe('balance at 375 px (issue 24)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shows each whole amount with its currency (${scheme})`, async () => {
      const page = await signedIn('/app/balance', PHONE, scheme)
      // The accounts come with the screen's first answer: wait for the third before reading them
      // (on PostgreSQL the screen once had none yet when they were read).
      const options = page.locator('main select[name="account"] option:not([value=""])')
      await options.nth(2).waitFor({ state: 'attached' })
      const accounts = await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
      expect(accounts.length).toBeGreaterThan(2)
      for (const account of accounts) {
        await page.locator('main select[name="account"]').selectOption(account)
        await page.getByRole('button', { name: balance.show }).click()
        const amount = page.locator('main table td').nth(1)
        await page.locator('main table td', { hasText: account }).waitFor()
        const fits = await amount.evaluate((td) => {
          const box = td.getBoundingClientRect()
          return { text: td.textContent ?? '', clipped: td.scrollWidth > td.clientWidth, inside: box.left >= 0 && box.right <= window.innerWidth }
        })
        expect(fits.text).toMatch(/^-?[\d\u202f]+,\d{2}\u00a0(USD|CDF|EUR)$/)
        expect(fits, account).toMatchObject({ clipped: false, inside: true })
      }
      // the screenshot with the largest amount of the demo (its CDF account)
      await page.locator('main select[name="account"]').selectOption(mainCustomer.accounts.cdf.number)
      await page.getByRole('button', { name: balance.show }).click()
      await page.locator('main table td', { hasText: mainCustomer.accounts.cdf.number }).waitFor()
      await expectAccessible(page, `balance-phone-${scheme}`)
    })
  }
})

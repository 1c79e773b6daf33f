/**
 * Statements (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): the checks of a
 * statement request, the statement record (random file name), and the ledger lines of an account
 * over a period read in keyset pages, so that no file ever needs the whole list in memory.
 *
 * A period is a range of calendar days in the bank's TIME_ZONE, both bounds included: from
 * startDate 00:00 to the day after endDate 00:00 (exclusive), as instants.
 */
import { randomBytes } from 'node:crypto'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { StatementSearch } from '../../kernel/statementSearch.ts'
import { api } from '../../kernel/messages.ts'
import type { Queryable } from '../db/db.ts'
import { centsToDecimal, decimalToCents } from './money.ts'
import { LINE_COLUMNS, LINES_FROM, lineOf, type LineRow, type Period, type StatementLine } from './statement-lines.ts'
import { searchParams, searchSql } from './statement-search.ts'

const t = api.statement

/** The longest statement, in days, both bounds included (a leap year). */
export const MAX_STATEMENT_DAYS = 366
/**
 * Rows read per query when a file is produced. On PGlite a query runs in the main thread: 500 rows
 * measured 30–40 ms of it on a loaded 2-core machine, so reads stay well under the 100 ms budget.
 */
export const PAGE_ROWS = 250
/** Lines of a page of the screen when the call names a page but no size (the screen's own, 25). */
export const STATEMENT_PAGE_SIZE = 25

export interface StatementInput {
  startDate: string
  endDate: string
  account: string
  currency: string
}

export type StatementAccount = {
  id: string
  number: string
  currency: string
}

export type CheckOutcome = { ok: true; account: StatementAccount; period: Period } | { ok: false; message: string }

/** Days from `start` to `end`, both included; the contract's `format: date` lets only real calendar dates through. */
function daysIncluded(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1
}

/**
 * The checks of statements and report/pdf, in this order: the module, the dates (start ≤ end,
 * at most MAX_STATEMENT_DAYS days), the account (the customer's own, in the currency given when
 * one is given). An account that is not the customer's — unknown or someone else's — gets one
 * message that says nothing about it. REQ-ACCESS-03, REQ-CHOICE-06.
 *
 * One statement reads the module, the account and the period's instants (periodOf's), instead of
 * four round trips: the checks are still made in the order above, on what it read.
 */
export async function checkStatementRequest(q: Queryable, customerId: string, input: StatementInput, timeZone: string): Promise<CheckOutcome> {
  const [row] = await q.query<{ enabled: boolean; id: string | null; number: string; currency: string; from: string; to: string }>(
    `select exists (select 1 from customer_modules where customer_id = $1 and module = 'statement') as enabled,
            a.id::text as id, a.number, a.currency, ${periodColumns('$3', '$4', '$5')}
       from (select 1) as one
       left join accounts a on a.kind = 'customer' and a.customer_id = $1 and a.number = $2`,
    [customerId, input.account.trim().toUpperCase(), input.startDate, input.endDate, timeZone],
  )
  if (!row!.enabled) return { ok: false, message: t.serviceDisabled }
  if (input.startDate > input.endDate) return { ok: false, message: t.startAfterEnd }
  if (daysIncluded(input.startDate, input.endDate) > MAX_STATEMENT_DAYS) return { ok: false, message: t.rangeTooLong(MAX_STATEMENT_DAYS) }
  if (row!.id === null) return { ok: false, message: t.notOwn }
  const account: StatementAccount = { id: row!.id, number: row!.number, currency: row!.currency }
  const currency = input.currency.trim()
  if (currency !== '' && currency !== account.currency) return { ok: false, message: t.currencyMismatch }
  return { ok: true, account, period: { from: new Date(row!.from), to: new Date(row!.to) } }
}

/** "releve-20260301-20260331-" + 32 hex characters (128 random bits). */
function newStatementId(startDate: string, endDate: string): string {
  return `releve-${startDate.replaceAll('-', '')}-${endDate.replaceAll('-', '')}-${randomBytes(16).toString('hex')}`
}

/** Stores the statement record and answers its file name. */
export async function createStatementFile(q: Queryable, customerId: string, account: StatementAccount, input: StatementInput, now: Date): Promise<string> {
  const id = newStatementId(input.startDate, input.endDate)
  await q.query(
    `insert into statement_files (id, customer_id, account_id, start_date, end_date, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, customerId, account.id, input.startDate, input.endDate, now],
  )
  return id
}

export type StatementFile = {
  id: string
  customerName: string
  kcode: string
  accountId: string
  number: string
  currency: string
  startDate: string
  endDate: string
}

/** A statement record of this customer (undefined for an unknown one or another customer's). */
export async function findStatementFile(q: Queryable, customerId: string, id: string): Promise<StatementFile | undefined> {
  const [row] = await q.query<StatementFile>(
    `select f.id, c.name as "customerName", c.kcode, a.id::text as "accountId", a.number, a.currency,
            to_char(f.start_date, 'YYYY-MM-DD') as "startDate", to_char(f.end_date, 'YYYY-MM-DD') as "endDate"
       from statement_files f
       join customers c on c.id = f.customer_id
       join accounts a on a.id = f.account_id and a.customer_id = f.customer_id
      where f.id = $1 and f.customer_id = $2`,
    [id, customerId],
  )
  return row
}

/** A period's instants, "from" and "to", from the parameters of its first day, its last day and the bank's time zone. */
const periodColumns = (start: string, end: string, zone: string) =>
  `to_char((${start}::date)::timestamp at time zone ${zone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
   to_char((${end}::date + 1)::timestamp at time zone ${zone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`

export async function periodOf(q: Queryable, startDate: string, endDate: string, timeZone: string): Promise<Period> {
  const [row] = await q.query<{ from: string; to: string }>(`select ${periodColumns('$1', '$2', '$3')}`, [startDate, endDate, timeZone])
  return { from: new Date(row!.from), to: new Date(row!.to) }
}

/** Where the next page starts: after this (booked_at, id). */
interface Cursor {
  bookedAt: string
  id: string
}

/**
 * Two statements, not one with `$5 is null or (booked_at, id) > (…)`: once PostgreSQL kept that
 * one's generic plan (after five calls of a prepared statement), the keyset was a filter instead of
 * a bound of the index scan, so that every page read the period again from its start: a
 * 50,000-line statement read 200 pages of up to 50,000 rows (quadratic; 18–22 s with stale
 * statistics). Each of these two is a range of the index (account_id, booked_at, id) whatever its plan.
 */
const PERIOD_LINES = `select ${LINE_COLUMNS} ${LINES_FROM} where e.account_id = $1 and e.booked_at >= $2 and e.booked_at < $3`
const KEYSET = 'and (e.booked_at, e.id) > ($6::timestamptz, $7::bigint)'
const FIRST_PAGE_SQL = `${PERIOD_LINES} order by e.booked_at, e.id limit $5`
const NEXT_PAGE_SQL = `${PERIOD_LINES} ${KEYSET} order by e.booked_at, e.id limit $5`
/** One page of the screen (offset: the index is walked up to it, without reading the rows' transactions). */
const SCREEN_PAGE_SQL = `${PERIOD_LINES} order by e.booked_at, e.id offset $6 limit $5`
/** The first two with a search (statement-search.ts, which also pages the screen's search): its parameters follow the others. */
const FIRST_FOUND_SQL = `${PERIOD_LINES} ${searchSql(6)} order by e.booked_at, e.id limit $5`
const NEXT_FOUND_SQL = `${PERIOD_LINES} ${KEYSET} ${searchSql(8)} order by e.booked_at, e.id limit $5`

/** UTC: the lines' `date_operation` is UTC whatever zone is given for the CSV's local time. */
const DEFAULT_ZONE = 'UTC'

/** The rows of an account over a period, oldest first, one array per keyset page (with `num` set). */
async function* linePages(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  pageRows: number,
  timeZone: string,
  search: StatementSearch | null = null,
): AsyncGenerator<LineRow[]> {
  let cursor: Cursor | undefined
  const found = search ? searchParams(search) : []
  for (;;) {
    const rows = cursor
      ? await q.query<LineRow>(search ? NEXT_FOUND_SQL : NEXT_PAGE_SQL, [
          account.id,
          period.from,
          period.to,
          timeZone,
          pageRows,
          cursor.bookedAt,
          cursor.id,
          ...found,
        ])
      : await q.query<LineRow>(search ? FIRST_FOUND_SQL : FIRST_PAGE_SQL, [account.id, period.from, period.to, timeZone, pageRows, ...found])
    for (const row of rows) row.num = account.number
    if (rows.length > 0) yield rows
    if (rows.length < pageRows) return
    // Other customers' calls get their turn between pages (a long statement is many pages).
    await yieldToEventLoop()
    const last = rows[rows.length - 1]!
    cursor = { bookedAt: last.at_text, id: last.id }
  }
}

/**
 * The lines of an account over a period, oldest first (booked_at, then entry id), one array per
 * keyset page of `pageRows` lines, read with a keyset on the index ledger_entries (account_id,
 * booked_at, id). `solde` is the entry's running balance (balance_after). The files take the lines
 * page by page: an async generator step per line cost a few promises and result objects each,
 * 100,000 of them over a 50,000-line PDF and CSV, all garbage for the server's thread.
 */
export async function* statementPages(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  pageRows = PAGE_ROWS,
): AsyncGenerator<StatementLine[]> {
  for await (const rows of linePages(q, account, period, pageRows, DEFAULT_ZONE)) yield rows.map(lineOf)
}

/** The same lines one by one (tests). */
export async function* statementLines(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  pageRows = PAGE_ROWS,
): AsyncGenerator<StatementLine> {
  for await (const page of statementPages(q, account, period, pageRows)) yield* page
}

/** Lines `offset` to `offset + size` (excluded) of the period: one page of the screen. */
export async function statementScreenPage(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  offset: number,
  size: number,
): Promise<StatementLine[]> {
  const rows = await q.query<LineRow>(SCREEN_PAGE_SQL, [account.id, period.from, period.to, DEFAULT_ZONE, size, offset])
  return rows.map((row) => lineOf({ ...row, num: account.number }))
}

/**
 * The whole answer of `statements` as JSON text in chunks, one per keyset page: never the whole
 * list in memory, and each line written once (no array of objects, then a document, then its text).
 * With a search, the lines that match it, and no file name (the files hold the whole period).
 */
export async function* statementJson(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  filename: string | null,
  search: StatementSearch | null = null,
): AsyncGenerator<string> {
  yield `{"code":"0","status":"0",${filename === null ? '' : `"filename":${JSON.stringify(filename)},`}"transactions":[`
  let first = true
  for await (const rows of linePages(q, account, period, PAGE_ROWS, DEFAULT_ZONE, search)) {
    let chunk = first ? '' : ','
    for (let i = 0; i < rows.length; i++) chunk += (i === 0 ? '' : ',') + JSON.stringify(lineOf(rows[i]!))
    first = false
    yield chunk
  }
  yield ']}'
}

/** Opening and closing balances, totals and number of lines of a period, computed in SQL. */
export interface StatementSummary {
  opening: string
  closing: string
  totalDebits: string
  totalCredits: string
  count: number
  /** The lowest and highest balance over the period, the opening balance included. */
  lowest: string
  highest: string
}

export async function statementSummary(q: Queryable, accountId: string, period: Period): Promise<StatementSummary> {
  const [row] = await q.query<{ opening: string | null; debits: string; credits: string; count: number; lowest: string | null; highest: string | null }>(
    `select (select balance_after::text from ledger_entries
              where account_id = $1 and booked_at < $2 order by booked_at desc, id desc limit 1) as opening,
            coalesce(sum(-amount) filter (where amount < 0), 0)::text as debits,
            coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
            count(*)::int as count,
            min(balance_after)::text as lowest, max(balance_after)::text as highest
       from ledger_entries where account_id = $1 and booked_at >= $2 and booked_at < $3`,
    [accountId, period.from, period.to],
  )
  const opening = decimalToCents(row!.opening ?? '0')
  const debits = decimalToCents(row!.debits)
  const credits = decimalToCents(row!.credits)
  const lowest = row!.lowest === null ? opening : decimalToCents(row!.lowest)
  const highest = row!.highest === null ? opening : decimalToCents(row!.highest)
  return {
    opening: centsToDecimal(opening),
    closing: centsToDecimal(opening - debits + credits),
    totalDebits: centsToDecimal(debits),
    totalCredits: centsToDecimal(credits),
    count: row!.count,
    lowest: centsToDecimal(lowest < opening ? lowest : opening),
    highest: centsToDecimal(highest > opening ? highest : opening),
  }
}

// CSV ----------------------------------------------------------------------------------------

/** The header row: the seven fields of the contract's Transaction, in its order. */
export const CSV_COLUMNS = ['num_transaction', 'date_operation', 'num', 'description', 'debit', 'credit', 'solde'] as const

/** "-1234.50" → "-1234,50": decimal comma, no separator of thousands. */
function csvNumber(decimal: string): string {
  return decimal.replace('.', ',')
}

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[;"\r\n]/

/**
 * A text cell: a leading `'` when it starts with = + - @ tab or CR (OWASP CSV injection: a
 * spreadsheet would run it as a formula), then quoted (RFC 4180, quotes doubled) when it holds
 * `;`, `"`, CR or LF. REQ-API-05, REQ-CHOICE-06.
 */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/**
 * A CSV row. `date_operation` is the line's date and time in the bank's time zone,
 * `dd/mm/yyyy hh:mm:ss` (the screen's date, with the seconds), which a French spreadsheet reads
 * as a date; the JSON's is an instant in UTC (ISO 8601), which the screen shows in that zone.
 */
export function csvRow(line: StatementLine, localDateTime: string): string {
  return (
    csvText(line.num_transaction) +
    ';' +
    csvText(localDateTime) +
    ';' +
    csvText(line.num) +
    ';' +
    csvText(line.description) +
    ';' +
    csvNumber(line.debit) +
    ';' +
    csvNumber(line.credit) +
    ';' +
    csvNumber(line.solde)
  )
}

/** The CSV file in chunks: BOM and header, then one chunk per keyset page of rows; CRLF line ends. */
export async function* statementCsv(q: Queryable, file: StatementFile, timeZone: string): AsyncGenerator<string> {
  const period = await periodOf(q, file.startDate, file.endDate, timeZone)
  yield `\uFEFF${CSV_COLUMNS.join(';')}\r\n`
  for await (const rows of linePages(q, { id: file.accountId, number: file.number }, period, PAGE_ROWS, timeZone)) {
    let chunk = ''
    for (const row of rows) chunk += `${csvRow(row, row.local_at)}\r\n`
    yield chunk
  }
}

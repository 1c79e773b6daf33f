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
import { api } from '../../machines/messages.ts'
import type { Queryable } from '../db/db.ts'
import { centsToDecimal, decimalToCents } from './money.ts'

const t = api.statement

/** The longest statement, in days, both bounds included (a leap year). */
export const MAX_STATEMENT_DAYS = 366
/**
 * Rows read per query when a file is produced. On PGlite a query runs in the main thread: 500 rows
 * measured 30–40 ms of it on a loaded 2-core machine, so reads stay well under the 100 ms budget.
 */
export const PAGE_ROWS = 250

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

export type CheckOutcome = { ok: true; account: StatementAccount } | { ok: false; message: string }

/**
 * The checks of statements and report/pdf, in this order: the module, the dates (start ≤ end,
 * at most MAX_STATEMENT_DAYS days), the account (the customer's own, in the currency given when
 * one is given). An account that is not the customer's — unknown or someone else's — gets one
 * message that says nothing about it.
 */
export async function checkStatementRequest(q: Queryable, customerId: string, input: StatementInput): Promise<CheckOutcome> {
  const modules = await q.query("select 1 from customer_modules where customer_id = $1 and module = 'statement'", [customerId])
  if (modules.length === 0) return { ok: false, message: t.serviceDisabled }
  if (input.startDate > input.endDate) return { ok: false, message: t.startAfterEnd }
  const [span] = await q.query<{ days: number }>('select ($2::date - $1::date + 1)::int as days', [input.startDate, input.endDate])
  if (span!.days > MAX_STATEMENT_DAYS) return { ok: false, message: t.rangeTooLong(MAX_STATEMENT_DAYS) }
  const [account] = await q.query<StatementAccount>(
    `select id::text, number, currency from accounts where kind = 'customer' and customer_id = $1 and number = $2`,
    [customerId, input.account.trim().toUpperCase()],
  )
  if (!account) return { ok: false, message: t.notOwn }
  const currency = input.currency.trim()
  if (currency !== '' && currency !== account.currency) return { ok: false, message: t.currencyMismatch }
  return { ok: true, account }
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

/** The instants of a period of days in the time zone: [from, to). */
export interface Period {
  from: Date
  to: Date
}

export async function periodOf(q: Queryable, startDate: string, endDate: string, timeZone: string): Promise<Period> {
  const [row] = await q.query<{ from: string; to: string }>(
    `select to_char(($1::date)::timestamp at time zone $3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
            to_char(($2::date + 1)::timestamp at time zone $3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`,
    [startDate, endDate, timeZone],
  )
  return { from: new Date(row!.from), to: new Date(row!.to) }
}

/** One line of a statement, as the contract's Transaction (amounts: exact decimals, 2 decimals). */
export interface StatementLine {
  num_transaction: string
  date_operation: string
  num: string
  description: string
  debit: string
  credit: string
  solde: string
}

type LineRow = {
  id: string
  reference: string
  booked_at: string
  /** booked_at at full precision (microseconds), for the keyset */
  at_text: string
  description: string
  amount: string
  balance_after: string
}

/** Where the next page starts: after this (booked_at, id). */
interface Cursor {
  bookedAt: string
  id: string
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
  let cursor: Cursor | undefined
  for (;;) {
    const rows = await q.query<LineRow>(
      `select e.id::text, t.reference,
              to_char(e.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as booked_at,
              e.booked_at::text as at_text,
              coalesce(e.description, t.description) as description, e.amount::text as amount, e.balance_after::text as balance_after
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account_id = $1 and e.booked_at >= $2 and e.booked_at < $3
          and ($4::timestamptz is null or (e.booked_at, e.id) > ($4::timestamptz, $5::bigint))
        order by e.booked_at, e.id
        limit $6`,
      [account.id, period.from, period.to, cursor?.bookedAt ?? null, cursor?.id ?? null, pageRows],
    )
    const page = rows.map((r): StatementLine => {
      const cents = decimalToCents(r.amount)
      return {
        num_transaction: r.reference,
        date_operation: r.booked_at,
        num: account.number,
        description: r.description,
        debit: cents < 0n ? centsToDecimal(-cents) : '',
        credit: cents > 0n ? centsToDecimal(cents) : '',
        solde: centsToDecimal(decimalToCents(r.balance_after)),
      }
    })
    if (page.length > 0) yield page
    if (rows.length < pageRows) return
    // Other customers' calls get their turn between pages (a long statement is many pages).
    await yieldToEventLoop()
    const last = rows[rows.length - 1]!
    cursor = { bookedAt: last.at_text, id: last.id }
  }
}

/** The same lines one by one (the screen's JSON answer). */
export async function* statementLines(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  pageRows = PAGE_ROWS,
): AsyncGenerator<StatementLine> {
  for await (const page of statementPages(q, account, period, pageRows)) yield* page
}

/** Opening and closing balances, totals and number of lines of a period, computed in SQL. */
export interface StatementSummary {
  opening: string
  closing: string
  totalDebits: string
  totalCredits: string
  count: number
}

export async function statementSummary(q: Queryable, accountId: string, period: Period): Promise<StatementSummary> {
  const [row] = await q.query<{ opening: string | null; debits: string; credits: string; count: number }>(
    `select (select balance_after::text from ledger_entries
              where account_id = $1 and booked_at < $2 order by booked_at desc, id desc limit 1) as opening,
            coalesce(sum(-amount) filter (where amount < 0), 0)::text as debits,
            coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
            count(*)::int as count
       from ledger_entries where account_id = $1 and booked_at >= $2 and booked_at < $3`,
    [accountId, period.from, period.to],
  )
  const opening = decimalToCents(row!.opening ?? '0')
  const debits = decimalToCents(row!.debits)
  const credits = decimalToCents(row!.credits)
  return {
    opening: centsToDecimal(opening),
    closing: centsToDecimal(opening - debits + credits),
    totalDebits: centsToDecimal(debits),
    totalCredits: centsToDecimal(credits),
    count: row!.count,
  }
}

// CSV ----------------------------------------------------------------------------------------

/** The header row: the seven fields of the contract's Transaction, in its order. */
export const CSV_COLUMNS = ['num_transaction', 'date_operation', 'num', 'description', 'debit', 'credit', 'solde'] as const

/** "-1234.50" → "-1234,50": decimal comma, no separator of thousands. */
function csvNumber(decimal: string): string {
  return decimal.replace('.', ',')
}

/**
 * A text cell: a leading `'` when it starts with = + - @ tab or CR (OWASP CSV injection: a
 * spreadsheet would run it as a formula), then quoted (RFC 4180, quotes doubled) when it holds
 * `;`, `"`, CR or LF.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvRow(line: StatementLine): string {
  return [
    csvText(line.num_transaction),
    csvText(line.date_operation),
    csvText(line.num),
    csvText(line.description),
    line.debit === '' ? '' : csvNumber(line.debit),
    line.credit === '' ? '' : csvNumber(line.credit),
    csvNumber(line.solde),
  ].join(';')
}

/** The CSV file in chunks: BOM and header, then one chunk per page of rows; CRLF line ends. */
export async function* statementCsv(q: Queryable, file: StatementFile, timeZone: string): AsyncGenerator<string> {
  const period = await periodOf(q, file.startDate, file.endDate, timeZone)
  yield `\uFEFF${CSV_COLUMNS.join(';')}\r\n`
  for await (const page of statementPages(q, { id: file.accountId, number: file.number }, period)) {
    let chunk = ''
    for (const line of page) chunk += `${csvRow(line)}\r\n`
    yield chunk
  }
}

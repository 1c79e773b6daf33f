/**
 * The statement search on the server (issue 27; the rules in kernel/statementSearch.ts, which the
 * screen reads too): the SQL condition a line must meet, and one page of the lines that meet it
 * with their count and totals over the whole period.
 *
 * The plan: no index of its own. A search reads the period's lines of one account through the
 * index ledger_entries (account_id, booked_at, id), as every statement does, and their
 * transactions by primary key, and tests each line once; a period holds at most
 * STATEMENT_MAX_ROWS lines (50,000 by default), which the statement's cap checks before any
 * search. A page of the screen is one pass over the period, in slices (SEARCH_SLICE_ROWS): the
 * lines that match are counted and summed, the ids of the page's kept, and only the page's lines
 * are read in full. The text is matched with a
 * regular expression of letter classes (`searchRegex`), not by folding every label in SQL
 * (`translate`: 1.2–1.6 s over 50,000 labels on PostgreSQL). A trigram index would serve a search
 * of the whole ledger rather than of one account's period, and cost every transfer its upkeep
 * (docs/decisions.md, "Statement search").
 */
import { searchRegex, type StatementSearch } from '../../kernel/statementSearch.ts'
import type { Queryable } from '../db/db.ts'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { centsToDecimal, decimalToCents } from './money.ts'
import { LINE_COLUMNS, LINES_FROM, lineOf, type LineRow, type Period, type StatementLine } from './statement-lines.ts'

/**
 * The condition, its three parameters from `$first` on (`searchParams`): the text inside the label
 * or the reference, case and accents aside (`searchRegex`), or the amount (exact cents, or whole
 * units). A null parameter matches nothing (`= null`), so one statement serves every search.
 */
export function searchSql(first: number): string {
  return `and (coalesce(e.description, t.description) ~ $${first}::text
    or t.reference ~ $${first}::text
    or abs(e.amount) * 100 = $${first + 1}::numeric
    or trunc(abs(e.amount)) = $${first + 2}::numeric)`
}

export function searchParams(search: StatementSearch): [string, string | null, string | null] {
  return [searchRegex(search), search.cents === null ? null : search.cents.toString(), search.units === null ? null : search.units.toString()]
}

/** The lines of a period that match a search: how many, and their debits and credits (exact). */
export interface StatementFound {
  count: number
  totalDebits: string
  totalCredits: string
}

/**
 * Lines of the period read per statement. On PGlite a statement runs in the server's only thread:
 * one statement over 50,000 lines held it 0.6–1 s (at load 15 on 2 cores), so that every other
 * customer waited; a slice of 2,500 holds it a twentieth of that, and other calls run between two.
 */
export const SEARCH_SLICE_ROWS = 2500

/**
 * One slice of the period in the index's order, after a line (`$10`, `$11`; the first slice after
 * the period's start and id 0, so that every slice is this one statement, whose keyset is a bound
 * of the index scan: without it, the first slice's plan sorted the whole period, 140 ms of 50,000
 * lines against 10 ms a slice): how many lines it read and where it ended, how many of them match
 * and their totals, and the ids of those within the page asked for (`$5` skipped, at most `$9` kept).
 */
const SLICE_SQL = `with c as (
    select e.id, e.booked_at, e.amount, (true ${searchSql(6)}) as hit ${LINES_FROM}
     where e.account_id = $1 and e.booked_at >= $2 and e.booked_at < $3 and (e.booked_at, e.id) > ($10::timestamptz, $11::bigint)
     order by e.booked_at, e.id limit $4),
  m as (select id, booked_at, amount from c where hit)
  select (select count(*) from c)::int as scanned,
         (select booked_at::text from c order by booked_at desc, id desc limit 1) as last_at,
         (select id::text from c order by booked_at desc, id desc limit 1) as last_id,
         (select count(*) from m)::int as found,
         (select coalesce(sum(-amount) filter (where amount < 0), 0)::text from m) as debits,
         (select coalesce(sum(amount) filter (where amount > 0), 0)::text from m) as credits,
         (select coalesce(string_agg(id::text, ',' order by booked_at, id), '')
            from (select id, booked_at from m order by booked_at, id offset $5 limit $9) p) as ids`
/** The page's lines in full, by their ids. */
const LINES_SQL = `select ${LINE_COLUMNS} ${LINES_FROM}
     where e.account_id = $1 and e.booked_at >= $2 and e.booked_at < $3 and e.id = any(string_to_array($5, ',')::bigint[])
     order by e.booked_at, e.id`

type Slice = { scanned: number; last_at: string | null; last_id: string | null; found: number; debits: string; credits: string; ids: string }

/**
 * Lines `offset` to `offset + size` (excluded) of those that match, with the count and totals of
 * them all: the period read slice by slice (`sliceRows` lines each, other calls served between
 * two), then the page's lines read in full by their ids. Lines booked while the slices are read
 * may be counted or not, as in any statement asked a moment earlier or later.
 */
export async function statementFoundPage(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  search: StatementSearch,
  offset: number,
  size: number,
  sliceRows = SEARCH_SLICE_ROWS,
): Promise<{ found: StatementFound; transactions: StatementLine[] }> {
  const params = searchParams(search)
  let count = 0
  let debits = 0n
  let credits = 0n
  const ids: string[] = []
  let after: [Date | string, string] = [period.from, '0']
  for (;;) {
    // the matches of this slice that fall within the page: skip those before it, keep up to its end
    const skip = Math.max(0, offset - count)
    const keep = Math.max(0, offset + size - Math.max(offset, count))
    const [slice] = await q.query<Slice>(SLICE_SQL, [account.id, period.from, period.to, sliceRows, skip, ...params, keep, ...after])
    count += slice!.found
    debits += decimalToCents(slice!.debits)
    credits += decimalToCents(slice!.credits)
    if (slice!.ids !== '') ids.push(...slice!.ids.split(','))
    if (slice!.scanned < sliceRows || slice!.last_at === null || slice!.last_id === null) break
    after = [slice!.last_at, slice!.last_id]
    await yieldToEventLoop()
  }
  const rows = ids.length === 0 ? [] : await q.query<LineRow>(LINES_SQL, [account.id, period.from, period.to, 'UTC', ids.join(',')])
  return {
    found: { count, totalDebits: centsToDecimal(debits), totalCredits: centsToDecimal(credits) },
    transactions: rows.map((row) => lineOf({ ...row, num: account.number })),
  }
}

/**
 * The statement search on the server (issue 27; the rules in kernel/statementSearch.ts, which the
 * screen reads too): the SQL condition a line must meet, and one page of the lines that meet it
 * with their count and totals over the whole period.
 *
 * The plan: no index of its own. A search reads the period's lines of one account through the
 * index ledger_entries (account_id, booked_at, id), as every statement does, and their
 * transactions by primary key, and tests each line once; a period holds at most
 * STATEMENT_MAX_ROWS lines (50,000 by default), which the statement's cap checks before any
 * search. A page of the screen is one scan: the lines that match are kept (id, instant, amount),
 * counted and summed, and only the page's lines are read in full. The text is matched with a
 * regular expression of letter classes (`searchRegex`), not by folding every label in SQL
 * (`translate`: 1.2–1.6 s over 50,000 labels on PostgreSQL). A trigram index would serve a search
 * of the whole ledger rather than of one account's period, and cost every transfer its upkeep
 * (docs/decisions.md, "Statement search").
 */
import { searchRegex, type StatementSearch } from '../../kernel/statementSearch.ts'
import type { Queryable } from '../db/db.ts'
import { centsToDecimal, decimalToCents } from './money.ts'
import { LINE_COLUMNS, LINES_FROM, lineOf, type LineRow, type Period, type StatementLine } from './statements.ts'

/**
 * The condition, its three parameters from `$first` on (`searchParams`): the text inside the label
 * or the reference, case and accents aside (`searchRegex`), or the amount (exact cents, or whole
 * units). A null parameter matches nothing (`= null`), so one statement serves every search.
 * (Function declarations: statements.ts, which this module imports, calls them as it loads.)
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

let foundPageSql: string | undefined
/** Built at the first call (LINE_COLUMNS comes from statements.ts, which imports this module). */
const FOUND_PAGE_SQL = () =>
  (foundPageSql ??= `with m as materialized (
    select e.id, e.booked_at, e.amount ${LINES_FROM}
     where e.account_id = $1 and e.booked_at >= $2 and e.booked_at < $3 ${searchSql(7)}),
  f as (select count(*)::int as found_count,
               coalesce(sum(-amount) filter (where amount < 0), 0)::text as found_debits,
               coalesce(sum(amount) filter (where amount > 0), 0)::text as found_credits from m),
  p as (select id from m order by booked_at, id offset $6 limit $5)
  select f.*, l.* from f left join lateral (
    select ${LINE_COLUMNS}, e.booked_at as sort_at ${LINES_FROM} where e.id in (select id from p)) l on true
  order by l.sort_at, l.id::bigint`)

type FoundRow = Partial<LineRow> & { found_count: number; found_debits: string; found_credits: string }

/** Lines `offset` to `offset + size` (excluded) of those that match, with the count and totals of them all. */
export async function statementFoundPage(
  q: Queryable,
  account: { id: string; number: string },
  period: Period,
  search: StatementSearch,
  offset: number,
  size: number,
): Promise<{ found: StatementFound; transactions: StatementLine[] }> {
  const rows = await q.query<FoundRow>(FOUND_PAGE_SQL(), [account.id, period.from, period.to, 'UTC', size, offset, ...searchParams(search)])
  const first = rows[0]!
  return {
    found: {
      count: first.found_count,
      totalDebits: centsToDecimal(decimalToCents(first.found_debits)),
      totalCredits: centsToDecimal(decimalToCents(first.found_credits)),
    },
    transactions: rows.filter((row) => row.id !== null && row.id !== undefined).map((row) => lineOf({ ...(row as LineRow), num: account.number })),
  }
}

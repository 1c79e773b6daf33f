/**
 * The balance line of the statement screen's chart (page 0 of a paged statement), from the ledger:
 * never a scan of the whole period beyond CHART_POINTS lines.
 */
import type { Queryable } from '../db/db.ts'
import type { Period } from './statement-lines.ts'
import type { StatementSummary } from './statements.ts'

/** The most points of the screen's balance chart (its SVG is 600 units wide). */
export const CHART_POINTS = 600

/**
 * The balance line of the screen's chart: the opening balance, then the balance after each line
 * when there are at most CHART_POINTS lines; beyond, the balance at CHART_POINTS evenly spaced
 * instants of the period (the last line booked before each: one index probe each, never a scan of
 * the whole period). Exact decimals.
 */
export async function statementChart(q: Queryable, accountId: string, period: Period, summary: StatementSummary): Promise<string[]> {
  if (summary.count === 0) return [summary.opening]
  if (summary.count <= CHART_POINTS) {
    const rows = await q.query<{ b: string }>(
      `select balance_after::text as b from ledger_entries
        where account_id = $1 and booked_at >= $2 and booked_at < $3 order by booked_at, id`,
      [accountId, period.from, period.to],
    )
    return [summary.opening, ...rows.map((r) => r.b)]
  }
  const rows = await q.query<{ b: string | null }>(
    `select (select balance_after::text from ledger_entries
              where account_id = $1 and booked_at < $2::timestamptz + ($3::timestamptz - $2::timestamptz) * i / $4
              order by booked_at desc, id desc limit 1) as b
       from generate_series(1, $4::int) i order by i`,
    [accountId, period.from, period.to, CHART_POINTS],
  )
  return [summary.opening, ...rows.map((r) => r.b ?? summary.opening)]
}

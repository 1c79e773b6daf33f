/**
 * The planner's statistics kept fresh on both drivers. PGlite has no autovacuum, so nothing ever
 * analyses its tables by itself: statistics taken while the ledger was small (or none at all) made
 * the planner read a 50,000-line statement with plans fit for a few rows (its JSON and CSV took
 * 18–22 s instead of under 3). PostgreSQL's autovacuum analyses too, but only some time after a
 * bulk change; an ANALYZE of our own as the ledger grows is harmless there.
 *
 * When: after migrations (migrate.ts), at start (the first check, which covers the demo seed and
 * any change made while the server was down), and as the ledger grows: every
 * `STATISTICS_CHECK_SECONDS` a timer compares the ledger's highest entry id (one index probe, never
 * on a request's path) with the one noted at the last ANALYZE (kept in `app_state`, so that every
 * process on a PostgreSQL database shares it and a restart remembers it); once the ledger has grown
 * by `GROWTH` of its size then (and at least `MIN_GROWTH` rows), the database is analysed. An
 * ANALYZE samples at most 30,000 rows a table, so it costs about the same whatever the size.
 */
import type { Queryable } from './types.ts'

/** Growth since the last ANALYZE, as a fraction of the ledger's size then, that calls for another. */
export const GROWTH = 0.1
/** Fewer new rows than this never call for an ANALYZE (a small ledger grows by 10 % at each transfer). */
export const MIN_GROWTH = 1000
/** How often the timer checks. */
export const STATISTICS_CHECK_SECONDS = 60

const KEY = 'statistics_ledger_max_id'

export interface PlannerStatistics {
  /** Analyses when the ledger has grown enough (or was never analysed by us); answers whether it did. */
  check(): Promise<boolean>
  /** Starts the timer (unref'd: it never keeps a process alive). */
  start(): void
  stop(): void
}

/** ANALYZE of the whole database: the ledger is what grows, the other tables cost next to nothing. */
export async function analyse(q: Queryable): Promise<void> {
  await q.exec('analyze')
}

export function plannerStatistics(q: Queryable, onError: (error: unknown) => void = () => {}): PlannerStatistics {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<boolean> | undefined

  async function checkOnce(): Promise<boolean> {
    const [row] = await q.query<{ max: string; noted: string | null; size: number }>(
      `select coalesce((select max(id) from ledger_entries), 0)::text as max,
              (select value from app_state where key = $1) as noted,
              greatest((select reltuples from pg_class where oid = 'ledger_entries'::regclass), 0)::float8 as size`,
      [KEY],
    )
    const max = BigInt(row!.max)
    if (row!.noted !== null) {
      const grown = Number(max - BigInt(row!.noted))
      if (grown < Math.max(MIN_GROWTH, GROWTH * row!.size)) return false
    }
    await analyse(q)
    await q.query('insert into app_state (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [KEY, max.toString()])
    return true
  }

  const check = () => {
    // one at a time: a slow ANALYZE is not started twice by the timer
    running ??= checkOnce().finally(() => (running = undefined))
    return running
  }

  return {
    check,
    start() {
      timer ??= setInterval(() => check().catch(onError), STATISTICS_CHECK_SECONDS * 1000).unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}

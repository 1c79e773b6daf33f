/**
 * Throttles of the asks that send a code by SMS and e-mail (rulings §4), so that nobody can make
 * the server send messages without limit: at most `max` asks per target within a sliding window of
 * `windowMs`. PIN-reset asks are counted per user code (no sign-in needed: an unknown code is
 * counted alike, so the answers never tell which codes exist); transfer asks per customer, the
 * three kinds together.
 *
 * The asks let through are rows of `ask_throttle` (migration 006), so the count holds across
 * restarts and across several servers on one PostgreSQL. `takeAsk` runs in the transaction that
 * writes the ask and its outbox messages, under a lock per target held until that transaction ends:
 * two parallel asks of one target are counted one after the other, never both let through as the
 * last one; and an ask rolled back leaves no row. A refused ask writes nothing, so hammering a
 * target does not push its window further: the asks pass again once the oldest leaves the window.
 */
import type { Queryable } from '../db/db.ts'

export type ThrottleScope = 'pin_reset' | 'transfer'

export interface AskLimit {
  /** Asks let through per window, per target. */
  max: number
  windowMs: number
}

/** Any fixed number: the first key of the per-target advisory locks (the second is the target's hash). */
const THROTTLE_LOCK = 724_303
/** Rows out of every window deleted by one ask, at most (the sweep never waits for another ask). */
const SWEEP_BATCH = 100

/**
 * Answers true, and records the ask, when the target has had fewer than `limit.max` asks in the
 * window ending at `now`; false, writing nothing, otherwise. Call it inside a transaction.
 */
export async function takeAsk(tx: Queryable, scope: ThrottleScope, target: string, limit: AskLimit, now: Date): Promise<boolean> {
  // Two targets whose hashes collide only wait for each other: still counted apart.
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK, `${scope}:${target}`])
  const windowStart = new Date(now.getTime() - limit.windowMs)
  // One statement after the lock (its snapshot is taken once the lock is held, so it counts every
  // ask committed before): the count, the ask's row when under the limit, and only then a batch of
  // rows that no window counts any more, of any target (a row another ask is deleting is skipped).
  const [row] = await tx.query<{ taken: number }>(
    `with taken as (
       insert into ask_throttle (scope, target, asked_at)
       select $1, $2, $4
        where (select count(*) from ask_throttle where scope = $1 and target = $2 and asked_at > $3) < $5
       returning 1),
     swept as (
       delete from ask_throttle where exists (select 1 from taken) and id in (
         select id from ask_throttle where scope = $1 and asked_at <= $3 order by id limit $6 for update skip locked))
     select count(*)::int as taken from taken`,
    [scope, target, windowStart, now, limit.max, SWEEP_BATCH],
  )
  return row!.taken === 1
}

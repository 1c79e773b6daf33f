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
 * Takes the target's lock, held until the transaction ends. Alone in its statement: the statement
 * that counts must start (and take its snapshot) once the lock is held, so that it sees every ask
 * committed before.
 */
export async function lockAskTarget(tx: Queryable, scope: ThrottleScope, target: string): Promise<void> {
  // Two targets whose hashes collide only wait for each other: still counted apart.
  await tx.query(`select ${lockAskTargetSql('$1', '$2')}`, [THROTTLE_LOCK, `${scope}:${target}`])
}

/**
 * The lock as an expression of a caller's own statement (its snapshot may be older than the lock:
 * only what does not count asks may be read by that statement), with the parameters of
 * `lockAskTargetParams` at `$key` and `$name`.
 */
export const lockAskTargetSql = (key: string, name: string) => `pg_advisory_xact_lock(${key}, hashtext(${name}))`
export const lockAskTargetParams = (scope: ThrottleScope, target: string): unknown[] => [THROTTLE_LOCK, `${scope}:${target}`]

/**
 * The count, the ask's row when under the limit, and only then a batch of rows that no window counts
 * any more, of any target (a row another ask is deleting is skipped), as the common table
 * expressions `taken` (one row when the ask is let through, else none) and `swept`. Its parameters
 * (`takeAskParams`) are numbered from `$first`, so that a caller can write its ask in the same
 * statement, each write conditioned on `exists (select 1 from taken)`. Run after lockAskTarget, in
 * its transaction.
 */
export function takeAskSql(first: number): string {
  const $ = (i: number) => `$${first + i}`
  return `taken as (
       insert into ask_throttle (scope, target, asked_at)
       select ${$(0)}, ${$(1)}, ${$(3)}
        where (select count(*) from ask_throttle where scope = ${$(0)} and target = ${$(1)} and asked_at > ${$(2)}) < ${$(4)}
       returning 1),
     swept as (
       delete from ask_throttle where exists (select 1 from taken) and id in (
         select id from ask_throttle where scope = ${$(0)} and asked_at <= ${$(2)} order by id limit ${$(5)} for update skip locked))`
}

export function takeAskParams(scope: ThrottleScope, target: string, limit: AskLimit, now: Date): unknown[] {
  return [scope, target, new Date(now.getTime() - limit.windowMs), now, limit.max, SWEEP_BATCH]
}

/**
 * Answers true, and records the ask, when the target has had fewer than `limit.max` asks in the
 * window ending at `now`; false, writing nothing, otherwise. Call it inside a transaction.
 */
export async function takeAsk(tx: Queryable, scope: ThrottleScope, target: string, limit: AskLimit, now: Date): Promise<boolean> {
  await lockAskTarget(tx, scope, target)
  const [row] = await tx.query<{ taken: number }>(`with ${takeAskSql(1)} select count(*)::int as taken from taken`, takeAskParams(scope, target, limit, now))
  return row!.taken === 1
}

/**
 * Throttles of the asks that send a code by SMS and e-mail (rulings §4, REQ-CHOICE-08), so that nobody can make
 * the server send messages without limit: at most `max` asks per target within a sliding window of
 * `windowMs`. PIN-reset asks are counted per user code (no sign-in needed: an unknown code is
 * counted alike, so the answers never tell which codes exist); transfer asks per customer, the
 * three kinds together.
 *
 * The asks let through are rows of `ask_throttle` (migrations 006, 017, 058), so the count holds across
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
async function lockAskTarget(tx: Queryable, scope: ThrottleScope, target: string): Promise<void> {
  // Two targets whose hashes collide only wait for each other: still counted apart.
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', lockAskTargetParams(scope, target))
}

export const lockAskTargetParams = (scope: ThrottleScope, target: string): unknown[] => [THROTTLE_LOCK, `${scope}:${target}`]

/**
 * For a statement that takes the lock and the count of a target it finds itself (transfer_ask,
 * migration 060: the customer of the session it reads, locked by the name "transfer:<her id>" as
 * lockAskTargetParams names it): the locks' first key, then take_ask's window start, max and sweep.
 */
export const askLimitParams = (limit: AskLimit, now: Date): unknown[] => [THROTTLE_LOCK, new Date(now.getTime() - limit.windowMs), limit.max, SWEEP_BATCH]

/**
 * The parameters of the database's take_ask (migration 017): the count, the ask's row when under
 * the limit, and only then a batch of rows that no window counts any more, of any target (a row
 * another ask is deleting is skipped). The count is one index probe: is the ask `max` places
 * before the newest still in the window (the migration says why that is the count).
 */
export function takeAskParams(scope: ThrottleScope, target: string, limit: AskLimit, now: Date): unknown[] {
  return [scope, target, new Date(now.getTime() - limit.windowMs), now, limit.max, SWEEP_BATCH]
}

/**
 * Answers true, and records the ask, when the target has had fewer than `limit.max` asks in the
 * window ending at `now`; false, writing nothing, otherwise. Call it inside a transaction.
 */
export async function takeAsk(tx: Queryable, scope: ThrottleScope, target: string, limit: AskLimit, now: Date): Promise<boolean> {
  await lockAskTarget(tx, scope, target)
  const [row] = await tx.query<{ taken: boolean }>('select take_ask($1, $2, $3, $4, $5, $6) as taken', takeAskParams(scope, target, limit, now))
  return row!.taken
}

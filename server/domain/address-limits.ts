/**
 * Per-address limits (rulings §8): at most `max` calls of one scope from one client address per
 * fixed window. Counted in the database (migration 007, `address_hits`) so that every server
 * process on one PostgreSQL shares the count, and it survives restarts.
 *
 * Why fixed windows and an upsert rather than a row per call (as the ask throttles do): a flood
 * from one address must cost the server one small statement per call, not a growing table and a
 * count; `insert … on conflict do update … returning` is atomic, so parallel calls are counted
 * exactly without a lock of our own. The cost is the known edge of fixed windows (up to twice the
 * limit across a window boundary), acceptable for a limit whose purpose is to slow floods.
 */
import type { Queryable } from '../db/db.ts'

export type AddressScope = 'signin' | 'pin_reset_ask' | 'pin_reset_confirm' | 'details'

export interface AddressVerdict {
  allowed: boolean
  /** Calls counted in this window, this one included. */
  hits: number
  /** Seconds until the window ends (when refused: the Retry-After). */
  retryAfterSeconds: number
}

/** Rows of past windows deleted by one call that opens a window, at most. */
const SWEEP_BATCH = 200

export async function hitAddress(
  q: Queryable,
  scope: AddressScope,
  address: string,
  limit: { max: number; windowMs: number },
  now: Date,
): Promise<AddressVerdict> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs)
  const [row] = await q.query<{ hits: number }>(
    `insert into address_hits (scope, address, window_start, hits) values ($1, $2, $3, 1)
     on conflict (scope, address, window_start) do update set hits = address_hits.hits + 1
     returning hits`,
    [scope, address.slice(0, 100), windowStart],
  )
  const hits = row!.hits
  // The first call of a window sweeps some rows of windows that are over (any scope, any address).
  if (hits === 1) {
    await q.query(`delete from address_hits where ctid in (select ctid from address_hits where window_start < $1 limit $2)`, [
      new Date(now.getTime() - limit.windowMs),
      SWEEP_BATCH,
    ])
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000))
  return { allowed: hits <= limit.max, hits, retryAfterSeconds }
}

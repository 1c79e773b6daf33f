/**
 * The sign-in lock-out (rulings §4, §8, §9.6; REQ-SERVER-06, REQ-SERVER-11; design and trade-offs in
 * docs/security.md): a lock that a stranger cannot turn against a customer, and that nobody can
 * out-run with parallel tries.
 *
 * Failures are counted per user code as typed (known or not: the answers never tell which codes
 * exist):
 * - per client address: 5 consecutive wrong PINs from one address block that address for that code
 *   (HTTP 401 with a code: "reset your PIN");
 * - from every address ('*' row, the sum of the address rows): from the 5th failure, each next try
 *   must wait 1, 2, 4, 8, 16 minutes after the previous failure (HTTP 429), and the 10th blocks the
 *   access everywhere until a PIN reset. A guesser gets at most 10 tries out of 100 000 PINs;
 * - rulings §9.6: at an address from which the customer signed in with the right PIN before
 *   (`signin_known_addresses`), failures from other addresses never make her wait; her own failures
 *   there count (5 block it), and the block after 10 from every address together holds there too;
 * - a right PIN clears its own address's failures (and takes them off the '*' sum); failures from
 *   other addresses stay counted until a PIN reset, which clears every count of the code;
 * - the customer is told by SMS, e-mail and a notification when a block happens.
 *
 * Exact under concurrency, and never a refusal of a right PIN because of tries in flight: a try
 * first reserves a check (`signin_checks`), which it may do only while the failures *plus the checks
 * in flight* stay under each limit — every check in flight is assumed to fail. When only checks in
 * flight stand in the way the try is `busy`: it asks again once one of them ends (signin.ts), and
 * then finds either a free check (they were right PINs) or the block / the wait (they were wrong).
 * So 30 simultaneous guesses from one address get 5 checks, as before, and 30 simultaneous right
 * PINs all sign in. A wrong PIN is counted only after its check, in the same transaction that gives
 * the check back and, for the blocking one, writes the block and the alerts. scrypt runs outside
 * every transaction. Everything that bounds lives in the database, so several server processes on
 * one PostgreSQL share it. Lock order: the customer's row, then the code's `signin_failures` rows in
 * address order, then `signin_checks` (as a PIN reset: customer, then `signin_failures`).
 */
import { api } from '../../kernel/messages.ts'
import type { Db, Queryable } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { enqueueMessage } from './outbox.ts'
import { MAX_PIN_FAILURES } from './pins.ts'

/** rulings §4: consecutive failures from one address that block it. */
const ADDRESS_FAILURES_BLOCK = MAX_PIN_FAILURES
/** Failures from every address together that block the access everywhere. */
const CODE_FAILURES_BLOCK = 10
/** From this many failures (every address together), the next try waits — except at a known address. */
const WAIT_FROM_FAILURES = 5
const EVERY_ADDRESS = '*'
/** A check in flight longer than this was left by a crashed process: ignored and deleted. */
const STALE_CHECK_MS = 60_000
/** An address counts as the customer's for this long after her last success there. */
const KNOWN_ADDRESS_MS = 180 * 24 * 3600_000

/** The wait before the next try after `failures` failures: none, then 1, 2, 4, 8, 16 minutes. */
function waitAfter(failures: number): number {
  return failures < WAIT_FROM_FAILURES ? 0 : 60_000 * 2 ** (failures - WAIT_FROM_FAILURES)
}

const keyOf = (kcode: string) => kcode.slice(0, 200)
const addressOf = (address: string) => address.slice(0, 100)

export type LockoutCustomer = {
  id: string
  name: string
  pin_hash: string
  web_blocked: boolean
  email: string | null
  phone: string | null
}

export type Reservation =
  | { kind: 'blocked' }
  | { kind: 'wait'; retryAfterSeconds: number }
  /** Every check this try could take is in flight (`inFlight`: their ids): ask again when one ends. */
  | { kind: 'busy'; inFlight: string }
  | {
      kind: 'reserved'
      /** The check's row in `signin_checks`, given back by recordFailure / recordSuccess / releaseCheck. */
      check: string
      customer: LockoutCustomer | null
      /** The customer signed in from this address before (rulings §9.6). */
      known: boolean
    }

type FailureRow = { address: string; failures: number; last_failed_at: Date | null }

/** The code's two counters (this address, every address), locked in address order; made when missing. */
async function lockCounters(tx: Queryable, key: string, from: string): Promise<{ pair: FailureRow; all: FailureRow }> {
  await tx.query('insert into signin_failures (kcode, address) values ($1, $2), ($1, $3) on conflict (kcode, address) do nothing', [key, from, EVERY_ADDRESS])
  const rows = await tx.query<FailureRow>(
    'select address, failures, last_failed_at from signin_failures where kcode = $1 and address in ($2, $3) order by address for update',
    [key, from, EVERY_ADDRESS],
  )
  return { pair: rows.find((r) => r.address === from)!, all: rows.find((r) => r.address === EVERY_ADDRESS)! }
}

/**
 * Reserves a check of this try's PIN, or refuses the try (blocked, or too soon after failures from
 * other addresses), or answers `busy` when only checks in flight stand in the way.
 */
export async function reserveCheck(db: Db, kcode: string, address: string, now: Date): Promise<Reservation> {
  const key = keyOf(kcode)
  const from = addressOf(address)
  return db.transaction(async (tx) => {
    const [row] = await tx.query<LockoutCustomer & { pin_blocked_at: Date | null; known: boolean }>(
      `select id::text, name, pin_hash, web_blocked, email, phone, pin_blocked_at,
              exists (select 1 from signin_known_addresses k where k.customer_id = customers.id and k.address = $2 and k.last_signed_in_at > $3) as known
         from customers where kcode = $1 for no key update`,
      [key, from, new Date(now.getTime() - KNOWN_ADDRESS_MS)],
    )
    if (row?.pin_blocked_at) return { kind: 'blocked' }
    const { pair, all } = await lockCounters(tx, key, from)
    if (all.failures >= CODE_FAILURES_BLOCK || pair.failures >= ADDRESS_FAILURES_BLOCK) return { kind: 'blocked' }

    await tx.query('delete from signin_checks where kcode = $1 and started_at < $2', [key, new Date(now.getTime() - STALE_CHECK_MS)])
    const [checks] = await tx.query<{ here: number; everywhere: number; ids: string | null }>(
      `select (count(*) filter (where address = $2))::int as here, count(*)::int as everywhere, string_agg(id::text, ',' order by id) as ids
         from signin_checks where kcode = $1`,
      [key, from],
    )
    const { here, everywhere } = checks!
    const busy = { kind: 'busy', inFlight: checks!.ids ?? '' } as const
    // Every check in flight may turn out wrong: this one may start only if the limits hold even then.
    if (pair.failures + here >= ADDRESS_FAILURES_BLOCK || all.failures + everywhere >= CODE_FAILURES_BLOCK) return busy
    const known = row?.known ?? false
    // The wait after failures from every address, except at the customer's own address (§9.6).
    if (!known && all.failures + everywhere >= WAIT_FROM_FAILURES) {
      if (everywhere > 0) return busy
      const waitEnds = (all.last_failed_at?.getTime() ?? 0) + waitAfter(all.failures)
      if (waitEnds > now.getTime()) return { kind: 'wait', retryAfterSeconds: Math.max(1, Math.ceil((waitEnds - now.getTime()) / 1000)) }
    }
    const [check] = await tx.query<{ id: string }>('insert into signin_checks (kcode, address, started_at) values ($1, $2, $3) returning id::text', [
      key,
      from,
      now,
    ])
    const customer = row ? { id: row.id, name: row.name, pin_hash: row.pin_hash, web_blocked: row.web_blocked, email: row.email, phone: row.phone } : null
    return { kind: 'reserved', check: check!.id, customer, known }
  })
}

export interface BlockSettings {
  now: Date
  /** The time as the customer reads it ("21 novembre 2026 à 14:03"). */
  when: string
  bankName: string
  kcode: string
}

/**
 * The checked PIN was wrong: counted from its address and from every address, the check given back,
 * and — for the failure that reaches a limit — the block recorded and the customer told (SMS, e-mail,
 * notification; rulings §8), all in one transaction. Answers which block this failure made, if any.
 */
export async function recordFailure(
  db: Db,
  reservation: { check: string; customer: LockoutCustomer | null },
  address: string,
  s: BlockSettings,
): Promise<'address' | 'everywhere' | undefined> {
  const key = keyOf(s.kcode)
  const from = addressOf(address)
  const { customer } = reservation
  return db.transaction(async (tx) => {
    if (customer) await tx.query('select 1 from customers where id = $1 for no key update', [customer.id])
    await lockCounters(tx, key, from)
    const rows = await tx.query<{ address: string; failures: number }>(
      'update signin_failures set failures = failures + 1, last_failed_at = $4 where kcode = $1 and address in ($2, $3) returning address, failures',
      [key, from, EVERY_ADDRESS, s.now],
    )
    await tx.query('delete from signin_checks where id = $1', [reservation.check])
    const pair = rows.find((r) => r.address === from)!.failures
    const all = rows.find((r) => r.address === EVERY_ADDRESS)!.failures
    const block = all === CODE_FAILURES_BLOCK ? 'everywhere' : pair === ADDRESS_FAILURES_BLOCK ? 'address' : undefined
    if (!customer) return block
    await tx.query(
      `update customers set failed_attempts = failed_attempts + 1,
              pin_blocked_at = case when $2 and pin_blocked_at is null then $3::timestamptz else pin_blocked_at end
        where id = $1`,
      [customer.id, all >= CODE_FAILURES_BLOCK, s.now],
    )
    if (block) await alert(tx, customer, s)
    return block
  })
}

/** The customer is told of a block by a notification, an SMS and an e-mail (outbox, same transaction). */
async function alert(tx: Queryable, customer: LockoutCustomer, s: BlockSettings): Promise<void> {
  await addNotification(tx, customer.id, { title: api.lockout.title, content: api.lockout.content(s.when), createdAt: s.now })
  if (customer.phone)
    await enqueueMessage(tx, { channel: 'sms', to: customer.phone, text: api.lockout.sms({ when: s.when, bank: s.bankName }), createdAt: s.now })
  if (customer.email)
    await enqueueMessage(tx, {
      channel: 'email',
      to: customer.email,
      subject: api.lockout.emailSubject,
      text: api.lockout.email({ name: customer.name, kcode: s.kcode, when: s.when, bank: s.bankName }),
      createdAt: s.now,
    })
}

/**
 * A right PIN, inside the sign-in's transaction: the check given back, this address's failures
 * cleared (and taken off the count from every address: failures elsewhere stay counted), the address
 * remembered as the customer's (rulings §9.6).
 */
export async function recordSuccess(tx: Queryable, check: string, customerId: string, kcode: string, address: string, now: Date): Promise<void> {
  const key = keyOf(kcode)
  const from = addressOf(address)
  await tx.query('select 1 from customers where id = $1 for no key update', [customerId])
  const { pair } = await lockCounters(tx, key, from)
  if (pair.failures > 0)
    await tx.query('update signin_failures set failures = greatest(failures - $3, 0) where kcode = $1 and address = $2', [key, EVERY_ADDRESS, pair.failures])
  await tx.query('delete from signin_failures where kcode = $1 and address = $2', [key, from])
  await tx.query('delete from signin_checks where id = $1', [check])
  await tx.query('update customers set failed_attempts = 0 where id = $1', [customerId])
  await tx.query(
    `insert into signin_known_addresses (customer_id, address, last_signed_in_at) values ($1, $2, $3)
     on conflict (customer_id, address) do update set last_signed_in_at = excluded.last_signed_in_at`,
    [customerId, from, now],
  )
  await tx.query('delete from signin_known_addresses where customer_id = $1 and last_signed_in_at < $2', [
    customerId,
    new Date(now.getTime() - KNOWN_ADDRESS_MS),
  ])
}

/** A check that ended without an outcome (an error): given back, nothing counted. */
export async function releaseCheck(db: Db, check: string): Promise<void> {
  await db.query('delete from signin_checks where id = $1', [check])
}

/** A PIN reset lifts every block of the customer's code (checks in flight are left to end). */
export const CLEAR_ON_RESET_SQL = 'delete from signin_failures where kcode = (select kcode from customers where id = $1)'

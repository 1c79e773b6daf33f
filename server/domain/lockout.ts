/**
 * The sign-in lock-out (rulings §4, §8; design and trade-offs in docs/security.md): a lock that a
 * stranger cannot cheaply turn against a customer, and that nobody can out-run with parallel tries.
 *
 * Counted per user code as typed (known or not: the answers never tell which codes exist):
 * - per client address: 5 consecutive wrong PINs from one address block that address for that code
 *   (HTTP 401 with a code: "reset your PIN"). The customer's own address stays open when a stranger
 *   does it — the stranger's failures do not count against it;
 * - from every address ('*' row): from the 5th failure, each next try must wait 1, 2, 4, 8, 16
 *   minutes after the previous failure (HTTP 429), and the 10th blocks the access everywhere. To
 *   block a customer everywhere a stranger needs several addresses and half an hour; a guesser
 *   gets at most 10 tries out of 100 000 PINs before a reset;
 * - the customer is told by SMS and e-mail when a block happens; a PIN reset lifts every block of
 *   the code; a success clears its address's count and the count from every address.
 *
 * Exact under concurrency: a try is counted as a failure *before* its PIN is checked, in a short
 * transaction holding the row locks of the customer and of both counters; a right PIN then clears
 * the count. So the 6th of any number of simultaneous guesses finds 5 failures and is answered
 * blocked (or told to wait) without its PIN ever being checked. The slow scrypt check runs outside
 * the transaction, so no lock is held during it. A crash between the two counts a failure too many,
 * which errs on the safe side.
 */
import { api } from '../../machines/messages.ts'
import type { Db, Queryable } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { enqueueMessage } from './outbox.ts'
import { MAX_PIN_FAILURES } from './pins.ts'

/** rulings §4: consecutive failures from one address that block it. */
const ADDRESS_FAILURES_BLOCK = MAX_PIN_FAILURES
/** Consecutive failures from every address together that block the access everywhere. */
const CODE_FAILURES_BLOCK = 10
/** From this many failures (every address together), the next try waits. */
const WAIT_FROM_FAILURES = 5
const EVERY_ADDRESS = '*'

/** The wait before the next try after `failures` failures: none, then 1, 2, 4, 8, 16 minutes. */
function waitAfter(failures: number): number {
  return failures < WAIT_FROM_FAILURES ? 0 : 60_000 * 2 ** (failures - WAIT_FROM_FAILURES)
}

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
  | {
      kind: 'reserved'
      customer: LockoutCustomer | null
      /** This try, if wrong, is the one that blocks the address / the access everywhere. */
      blocksAddress: boolean
      blocksCode: boolean
    }

/** Counts the try as a failure before its PIN is checked, or refuses it (blocked, or too soon). */
export async function reserveAttempt(db: Db, kcode: string, address: string, now: Date): Promise<Reservation> {
  const key = kcode.slice(0, 200)
  const from = address.slice(0, 100)
  return db.transaction(async (tx) => {
    const [customer] = await tx.query<LockoutCustomer & { pin_blocked_at: Date | null }>(
      'select id::text, name, pin_hash, web_blocked, email, phone, pin_blocked_at from customers where kcode = $1 for update',
      [key],
    )
    if (customer?.pin_blocked_at) return { kind: 'blocked' }
    await tx.query('insert into signin_failures (kcode, address) values ($1, $2), ($1, $3) on conflict (kcode, address) do nothing', [key, from, EVERY_ADDRESS])
    const rows = await tx.query<{ address: string; failures: number; last_failed_at: Date | null }>(
      'select address, failures, last_failed_at from signin_failures where kcode = $1 and address in ($2, $3) order by address for update',
      [key, from, EVERY_ADDRESS],
    )
    const pair = rows.find((r) => r.address === from)!
    const all = rows.find((r) => r.address === EVERY_ADDRESS)!
    if (all.failures >= CODE_FAILURES_BLOCK || pair.failures >= ADDRESS_FAILURES_BLOCK) return { kind: 'blocked' }
    const wait = waitAfter(all.failures)
    const waitEnds = (all.last_failed_at?.getTime() ?? 0) + wait
    if (wait > 0 && waitEnds > now.getTime()) {
      return { kind: 'wait', retryAfterSeconds: Math.max(1, Math.ceil((waitEnds - now.getTime()) / 1000)) }
    }
    await tx.query('update signin_failures set failures = failures + 1, last_failed_at = $4 where kcode = $1 and address in ($2, $3)', [
      key,
      from,
      EVERY_ADDRESS,
      now,
    ])
    if (customer) await tx.query('update customers set failed_attempts = failed_attempts + 1 where id = $1', [customer.id])
    const { pin_blocked_at: _blocked, ...known } = customer ?? ({} as LockoutCustomer & { pin_blocked_at: null })
    return {
      kind: 'reserved',
      customer: customer ? known : null,
      blocksAddress: pair.failures + 1 >= ADDRESS_FAILURES_BLOCK,
      blocksCode: all.failures + 1 >= CODE_FAILURES_BLOCK,
    }
  })
}

/**
 * The try that blocked was wrong: the access everywhere is marked blocked (10 failures), and the
 * customer is told by SMS, e-mail and a notification (rulings §8). Nothing for an unknown code.
 */
export async function recordBlock(
  db: Db,
  customer: LockoutCustomer | null,
  everywhere: boolean,
  s: { now: Date; when: string; bankName: string; kcode: string },
): Promise<void> {
  if (!customer) return
  await db.transaction(async (tx) => {
    if (everywhere) await tx.query('update customers set pin_blocked_at = $2 where id = $1 and pin_blocked_at is null', [customer.id, s.now])
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
  })
}

/** A right PIN: this address's count and the count from every address start again. */
export async function clearOnSuccess(tx: Queryable, kcode: string, address: string): Promise<void> {
  await tx.query('delete from signin_failures where kcode = $1 and address = $2', [kcode.slice(0, 200), address.slice(0, 100)])
  await tx.query('update signin_failures set failures = 0 where kcode = $1 and address = $2', [kcode.slice(0, 200), EVERY_ADDRESS])
}

/** A PIN reset lifts every block of the customer's code. */
export const CLEAR_ON_RESET_SQL = 'delete from signin_failures where kcode = (select kcode from customers where id = $1)'

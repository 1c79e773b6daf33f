/**
 * Sign-in with a user code and a PIN (spec §4, rulings §4). The outcome is a plain value; the
 * route turns it into HTTP. Order of the checks:
 * 1. an access blocked by wrong PINs (from this address, or everywhere) stays blocked whatever the
 *    PIN, until a reset; too soon after many failures, the try waits (domain/lockout.ts);
 * 2. the try is counted as a failure before the PIN (or, for an unknown user, a decoy costing the
 *    same time) is checked, and the 5th from one address blocks it;
 * 3. a right PIN clears the counter; web banking blocked by the bank is told only then, so that
 *    the answer does not reveal a blocked customer to someone who does not know the PIN;
 * 4. otherwise a session opens and a "Nouvelle connexion" notification is written with it.
 */
import { api } from '../../machines/messages.ts'
import type { Db } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { clearOnSuccess, recordBlock, reserveAttempt } from './lockout.ts'
import { decoyPinHash, verifyPin } from './pins.ts'
import { openSession } from './sessions.ts'

export type SignInOutcome =
  | { kind: 'signedIn'; token: string; name: string; kcode: string; modules: string[]; customerId: string }
  | { kind: 'wrongCredentials' }
  /** `newly`: this try blocked the address, or the access everywhere (the customer was told). */
  | { kind: 'pinBlocked'; newly?: 'address' | 'everywhere' }
  | { kind: 'webBlocked' }
  /** Too soon after the failures from every address (domain/lockout.ts): the PIN was not checked. */
  | { kind: 'wait'; retryAfterSeconds: number }

export interface SignInContext {
  now: Date
  bankName: string
  timeZone: string
  /** The client's address (request.ip): failures are counted per user code and address. */
  address: string
}

const MODULE_ORDER = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa']

export async function signIn(db: Db, userCode: string, pin: string, ctx: SignInContext): Promise<SignInOutcome> {
  const kcode = userCode.trim().toUpperCase()
  const reservation = await reserveAttempt(db, kcode, ctx.address, ctx.now)
  if (reservation.kind === 'blocked') return { kind: 'pinBlocked' }
  if (reservation.kind === 'wait') return reservation
  const { customer } = reservation

  // An unknown code is checked against a decoy, so that it costs the same time as a known one.
  const right = await verifyPin(pin, customer?.pin_hash ?? (await decoyPinHash()))
  if (!right || !customer) {
    if (!reservation.blocksAddress && !reservation.blocksCode) return { kind: 'wrongCredentials' }
    await recordBlock(db, customer, reservation.blocksCode, {
      now: ctx.now,
      when: formatWhen(ctx.now, ctx.timeZone),
      bankName: ctx.bankName,
      kcode,
    })
    return { kind: 'pinBlocked', newly: reservation.blocksCode ? 'everywhere' : 'address' }
  }

  return db.transaction(async (tx) => {
    // The try was counted as a failure before the check (domain/lockout.ts): a right PIN clears it.
    await clearOnSuccess(tx, kcode, ctx.address)
    await tx.query('update customers set failed_attempts = 0 where id = $1', [customer.id])
    if (customer.web_blocked) return { kind: 'webBlocked' } as const

    const token = await openSession(tx, customer.id, ctx.now)
    await addNotification(tx, customer.id, {
      title: api.newLoginTitle,
      content: api.newLoginContent(formatWhen(ctx.now, ctx.timeZone), ctx.bankName),
      createdAt: ctx.now,
    })
    const modules = await tx.query<{ module: string }>('select module from customer_modules where customer_id = $1', [customer.id])
    return {
      kind: 'signedIn',
      token,
      name: customer.name,
      kcode,
      customerId: customer.id,
      modules: modules.map((m) => m.module).sort((a, b) => MODULE_ORDER.indexOf(a) - MODULE_ORDER.indexOf(b)),
    } as const
  })
}

/** "21 novembre 2026 à 14:03" in the bank's time zone. */
export function formatWhen(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date)
}

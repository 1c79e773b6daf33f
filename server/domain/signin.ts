/**
 * Sign-in with a user code and a PIN (spec §4, rulings §4). The outcome is a plain value; the
 * route turns it into HTTP. Order of the checks:
 * 1. an access already blocked by 5 wrong PINs stays blocked, whatever the PIN (until a reset);
 * 2. a wrong PIN (or an unknown user, checked against a decoy so that it costs the same time)
 *    counts one failure, and the 5th blocks the access;
 * 3. a right PIN clears the counter; web banking blocked by the bank is told only then, so that
 *    the answer does not reveal a blocked customer to someone who does not know the PIN;
 * 4. otherwise a session opens and a "Nouvelle connexion" notification is written with it.
 */
import { api } from '../../machines/messages.ts'
import type { Db } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { MAX_PIN_FAILURES, decoyPinHash, verifyPin } from './pins.ts'
import { openSession } from './sessions.ts'

export type SignInOutcome =
  | { kind: 'signedIn'; token: string; name: string; kcode: string; modules: string[] }
  | { kind: 'wrongCredentials' }
  | { kind: 'pinBlocked' }
  | { kind: 'webBlocked' }

export interface SignInContext {
  now: Date
  bankName: string
  timeZone: string
}

const MODULE_ORDER = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa']

export async function signIn(db: Db, userCode: string, pin: string, ctx: SignInContext): Promise<SignInOutcome> {
  const kcode = userCode.trim().toUpperCase()
  const [customer] = await db.query<{ id: string; name: string; pin_hash: string; failed_attempts: number; web_blocked: boolean }>(
    'select id::text, name, pin_hash, failed_attempts, web_blocked from customers where kcode = $1',
    [kcode],
  )
  if (!customer) {
    await verifyPin(pin, await decoyPinHash())
    return { kind: 'wrongCredentials' }
  }
  if (customer.failed_attempts >= MAX_PIN_FAILURES) return { kind: 'pinBlocked' }

  if (!(await verifyPin(pin, customer.pin_hash))) {
    // Counted in the database (not read-modify-write in code) so that parallel tries all count.
    const [row] = await db.query<{ failed_attempts: number }>(
      `update customers set failed_attempts = failed_attempts + 1,
              pin_blocked_at = case when failed_attempts + 1 >= $2 then $3::timestamptz else pin_blocked_at end
        where id = $1 returning failed_attempts`,
      [customer.id, MAX_PIN_FAILURES, ctx.now],
    )
    return (row?.failed_attempts ?? 0) >= MAX_PIN_FAILURES ? { kind: 'pinBlocked' } : { kind: 'wrongCredentials' }
  }

  return db.transaction(async (tx) => {
    // Re-checked under the row lock: a parallel wrong try may have blocked the access meanwhile.
    const [locked] = await tx.query<{ failed_attempts: number }>(
      'select failed_attempts from customers where id = $1 for update',
      [customer.id],
    )
    if ((locked?.failed_attempts ?? 0) >= MAX_PIN_FAILURES) return { kind: 'pinBlocked' } as const
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
      modules: modules.map((m) => m.module).sort((a, b) => MODULE_ORDER.indexOf(a) - MODULE_ORDER.indexOf(b)),
    } as const
  })
}

/** "21 novembre 2026 à 14:03" in the bank's time zone. */
export function formatWhen(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date)
}

/**
 * Sign-in with a user code and a PIN (spec §4, rulings §4, §9.6; REQ-SERVER-06). The outcome is a plain value; the
 * route turns it into HTTP. Order of the checks:
 * 1. an access blocked by wrong PINs (from this address, or everywhere) stays blocked whatever the
 *    PIN, until a reset; too soon after many failures from other addresses, the try waits — never at
 *    an address where the customer signed in before (domain/lockout.ts);
 * 2. the try reserves a check of its PIN: when the checks already in flight for the code could, if
 *    wrong, reach a limit, it waits for one of them to end and asks again (a right PIN is never
 *    refused because of tries in flight; guesses stay bounded);
 * 3. the PIN (or, for an unknown user, a decoy costing the same time) is checked outside any
 *    transaction; a wrong one is counted then, and the one that reaches a limit blocks and alerts;
 * 4. a right PIN clears its address's count; web banking blocked by the bank is told only then, so
 *    that the answer does not reveal a blocked customer to someone who does not know the PIN;
 * 5. otherwise a session opens and a "Nouvelle connexion" notification is written with it — or, from
 *    a device or an address new for the customer, the new-device notice with its SMS and e-mail
 *    (domain/new-device.ts).
 */
import { api } from '../../kernel/messages.ts'
import { newDevice as newDeviceTexts } from '../../kernel/messages/newDevice.ts'
import type { Db, Queryable } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { recordFailure, recordSuccess, releaseCheck, reserveCheck, type LockoutCustomer, type Reservation } from './lockout.ts'
import { isNewDeviceOrAddress } from './new-device.ts'
import { enqueueMessage } from './outbox.ts'
import { clientOf } from './user-agent.ts'
import { decoyPinHash, verifyPin } from './pins.ts'
import { openSession } from './sessions.ts'

export type SignInOutcome =
  /** `mustChangePin`: signed in with the PIN a reset sent (rulings §9.5), to be changed before anything else. */
  | { kind: 'signedIn'; token: string; name: string; kcode: string; modules: string[]; customerId: string; mustChangePin: boolean }
  /** The right PIN, but the temporary one a sign-in already used (rulings §9.5): a new reset is needed. */
  | { kind: 'temporaryPinUsed' }
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
  /** The client's User-Agent, kept with the session to be shown (rulings §9.4). */
  userAgent?: string
}

const MODULE_ORDER = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa']

/**
 * A try waits for checks in flight as long as they end (a queue of sign-ins of one customer moves
 * at one scrypt, ~0.1 s, per check); when none of them ended for this long it is told to try again
 * (429, one second). Checks stuck that long belong to a process that crashed mid-check (ignored
 * after a minute) or to a server far over its capacity.
 */
const BUSY_STALL_MS = 10_000
/** A check that ends in another process is seen by asking again after at most this long. */
const BUSY_POLL_MS = 50

/** Tries of this process waiting for a check of their code to end, woken when one ends here. */
const waiting = new Map<string, Set<() => void>>()
function checkEnded(kcode: string): void {
  const wake = waiting.get(kcode)
  waiting.delete(kcode)
  for (const resolve of wake ?? []) resolve()
}
function untilCheckEnds(kcode: string): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(kcode) ?? new Set()
    waiting.set(kcode, set)
    const done = () => {
      clearTimeout(timer)
      set.delete(done)
      if (set.size === 0 && waiting.get(kcode) === set) waiting.delete(kcode)
      resolve()
    }
    const timer = setTimeout(done, BUSY_POLL_MS * (0.5 + Math.random()))
    set.add(done)
  })
}

async function reserveWhenFree(db: Db, kcode: string, address: string, now: Date): Promise<Exclude<Reservation, { kind: 'busy' }>> {
  let seen = ''
  let since = Date.now()
  for (;;) {
    const reservation = await reserveCheck(db, kcode, address, now)
    if (reservation.kind !== 'busy') return reservation
    if (reservation.inFlight !== seen) [seen, since] = [reservation.inFlight, Date.now()]
    else if (Date.now() - since >= BUSY_STALL_MS) return { kind: 'wait', retryAfterSeconds: 1 }
    await untilCheckEnds(kcode)
  }
}

export async function signIn(db: Db, userCode: string, pin: string, ctx: SignInContext): Promise<SignInOutcome> {
  const kcode = userCode.trim().toUpperCase()
  const reservation = await reserveWhenFree(db, kcode, ctx.address, ctx.now)
  if (reservation.kind === 'blocked') return { kind: 'pinBlocked' }
  if (reservation.kind === 'wait') return reservation
  const { customer, check } = reservation
  let ended = false
  try {
    // An unknown code is checked against a decoy, so that it costs the same time as a known one.
    const right = await verifyPin(pin, customer?.pin_hash ?? (await decoyPinHash()))
    if (!right || !customer) {
      const newly = await recordFailure(db, reservation, ctx.address, {
        now: ctx.now,
        when: formatWhen(ctx.now, ctx.timeZone),
        bankName: ctx.bankName,
        kcode,
      })
      ended = true
      return newly ? { kind: 'pinBlocked', newly } : { kind: 'wrongCredentials' }
    }

    const outcome = await db.transaction(async (tx) => {
      // Read before this sign-in records its own address and session (domain/new-device.ts).
      const newDevice = await isNewDeviceOrAddress(tx, customer.id, ctx, ctx.now)
      await recordSuccess(tx, check, customer.id, kcode, ctx.address, ctx.now)
      if (customer.web_blocked) return { kind: 'webBlocked' } as const
      // rulings §9.5: the PIN a reset sent opens one session only, which must change it.
      const [pin] = await tx.query<{ was: 'sent' | 'used' | null }>(
        `update customers c set pin_temporary = case when o.was = 'sent' then 'used' else o.was end
           from (select pin_temporary as was from customers where id = $1) o
          where c.id = $1 returning o.was`,
        [customer.id],
      )
      if (pin?.was === 'used') return { kind: 'temporaryPinUsed' } as const

      const token = await openSession(tx, customer.id, ctx.now, { userAgent: ctx.userAgent, address: ctx.address })
      const when = formatWhen(ctx.now, ctx.timeZone)
      if (newDevice) await alertNewDevice(tx, customer, { when, bank: ctx.bankName, address: ctx.address, userAgent: ctx.userAgent, now: ctx.now })
      else await addNotification(tx, customer.id, { title: api.newLoginTitle, content: api.newLoginContent(when, ctx.bankName), createdAt: ctx.now })
      const modules = await tx.query<{ module: string }>('select module from customer_modules where customer_id = $1', [customer.id])
      return {
        kind: 'signedIn',
        token,
        name: customer.name,
        kcode,
        customerId: customer.id,
        mustChangePin: pin?.was === 'sent',
        modules: modules.map((m) => m.module).sort((a, b) => MODULE_ORDER.indexOf(a) - MODULE_ORDER.indexOf(b)),
      } as const
    })
    ended = true
    return outcome
  } finally {
    // A check that ended without an outcome (an error) is given back, counting nothing.
    if (!ended) await releaseCheck(db, check).catch(() => {})
    checkEnded(kcode)
  }
}

/**
 * A sign-in from a new device or address (domain/new-device.ts): the notification, the SMS and the
 * e-mail that name the browser and the address, in the sign-in's transaction, as a block's alerts.
 */
async function alertNewDevice(
  tx: Queryable,
  customer: LockoutCustomer,
  s: { when: string; bank: string; address: string; userAgent: string | undefined; now: Date },
): Promise<void> {
  const { browser, system } = clientOf(s.userAgent)
  const device = browser
    ? newDeviceTexts.device(browser, system)
    : system
      ? newDeviceTexts.device(newDeviceTexts.unknownDevice, system)
      : newDeviceTexts.unknownDevice
  const told = { when: s.when, device, address: s.address, bank: s.bank }
  await addNotification(tx, customer.id, { title: newDeviceTexts.title, content: newDeviceTexts.content(told), createdAt: s.now })
  if (customer.phone) await enqueueMessage(tx, { channel: 'sms', to: customer.phone, text: newDeviceTexts.sms(told), createdAt: s.now })
  if (customer.email)
    await enqueueMessage(tx, {
      channel: 'email',
      to: customer.email,
      subject: newDeviceTexts.emailSubject,
      text: newDeviceTexts.email({ ...told, name: customer.name }),
      createdAt: s.now,
    })
}

/** "21 novembre 2026 à 14:03" in the bank's time zone. */
export function formatWhen(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date)
}

/**
 * Forgotten PIN (spec §2 /reinit-password, rulings §4; REQ-SERVER-07). Ask: the user code → an 8-digit code by SMS
 * and e-mail (stored as an HMAC like transfer codes, valid CODE_LIFETIME_SECONDS, single use, 3 wrong
 * tries cancel) and a random reference. Confirm: the reference and the code → a new random 5-digit
 * PIN (scrypt), sent by SMS and e-mail; the failure counter is cleared (the 5-failure block lifted),
 * every session of the customer ends, a notification is written. All in one transaction with the
 * outbox.
 *
 * No enumeration (REQ-CHOICE-07): an unknown user code answers the same words and a reference of the same shape,
 * stored with no customer, so that its confirm behaves alike (tries, expiry) and never succeeds.
 *
 * Throttle (REQ-CHOICE-08): at most PIN_RESET_ASK_LIMIT asks per user code within the window (domain/throttles.ts),
 * counted by the code as asked (trimmed, upper-cased), known or not: beyond, every code gets the
 * same `tooManyAsks` answer and nothing is stored or sent. The `noContact` answer sends nothing and
 * is not counted.
 */
import { randomInt } from 'node:crypto'
import { api } from '../../kernel/messages.ts'
import type { Db } from '../db/db.ts'
import { codeMatches, hashCode, newCode, newReference, type CodeKey } from './codes.ts'
import { addNotification } from './notifications.ts'
import { enqueueMessage } from './outbox.ts'
import { CLEAR_ON_RESET_SQL } from './lockout.ts'
import { hashPin } from './pins.ts'
import { endCustomerSessions } from './sessions.ts'
import { formatWhen } from './signin.ts'
import { takeAsk, type AskLimit } from './throttles.ts'

const PIN_RESET_TRIES = 3
const NEW_PIN_DIGITS = 5

export interface PinResetSettings {
  now: Date
  lifetimeSeconds: number
  codeKey: CodeKey
  bankName: string
  timeZone: string
  /** Asks per user code and window (PIN_RESET_ASK_LIMIT, PIN_RESET_ASK_WINDOW_MINUTES). */
  askLimit: AskLimit
}

export type AskOutcome = { ok: true; reference: string; message: string } | { ok: false; message: string }
export type ConfirmOutcome = { ok: boolean; message: string }

function newPin(): string {
  return randomInt(0, 10 ** NEW_PIN_DIGITS)
    .toString()
    .padStart(NEW_PIN_DIGITS, '0')
}

export async function askPinReset(db: Db, userCode: string, s: PinResetSettings): Promise<AskOutcome> {
  const kcode = userCode.trim().toUpperCase()
  const lifetime = api.transfer.lifetime(s.lifetimeSeconds)
  const expiresAt = new Date(s.now.getTime() + s.lifetimeSeconds * 1000)
  return db.transaction(async (tx) => {
    const [customer] = await tx.query<{ id: string; name: string; email: string | null; phone: string | null }>(
      'select id::text, name, email, phone from customers where kcode = $1 for no key update',
      [kcode],
    )
    if (customer && !customer.email && !customer.phone) return { ok: false, message: api.pinReset.noContact }
    // Counted by the code as asked, known or not; beyond the limit, nothing is written.
    if (!(await takeAsk(tx, 'pin_reset', kcode, s.askLimit, s.now))) return { ok: false, message: api.tooManyAsks }
    const reference = newReference('pinReset')
    const code = newCode()
    if (customer) {
      // A new ask replaces the customer's pending ones: only the last code sent is valid.
      await tx.query("update pin_resets set status = 'replaced', finished_at = $2 where customer_id = $1 and status = 'pending'", [customer.id, s.now])
    }
    await tx.query('insert into pin_resets (reference, customer_id, code_hash, tries_left, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)', [
      reference,
      customer?.id ?? null,
      hashCode(s.codeKey, reference, code),
      PIN_RESET_TRIES,
      s.now,
      expiresAt,
    ])
    if (customer) {
      if (customer.phone) await enqueueMessage(tx, { channel: 'sms', to: customer.phone, text: api.pinReset.codeSms({ code, lifetime }), createdAt: s.now })
      if (customer.email)
        await enqueueMessage(tx, {
          channel: 'email',
          to: customer.email,
          subject: api.pinReset.codeEmailSubject,
          text: api.pinReset.codeEmail({ name: customer.name, kcode, code, lifetime, bank: s.bankName }),
          createdAt: s.now,
        })
    }
    return { ok: true, reference, message: api.pinReset.codeSent(lifetime) }
  })
}

export async function confirmPinReset(db: Db, reference: string, code: string, s: PinResetSettings): Promise<ConfirmOutcome> {
  // Hashed before the transaction: scrypt takes ~100 ms and must not hold the row locks.
  const pin = newPin()
  const pinHash = await hashPin(pin)
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ id: string; customer_id: string | null; code_hash: string; tries_left: number; status: string; expires_at: Date }>(
      `select id::text, customer_id::text, code_hash, tries_left, status, expires_at from pin_resets where reference = $1 for update`,
      [reference],
    )
    if (!reset) return { ok: false, message: api.pinReset.invalid }
    if (reset.status === 'wrong_code') return { ok: false, message: api.pinReset.cancelledWrongCode }
    if (reset.status === 'expired') return { ok: false, message: api.pinReset.expired }
    if (reset.status !== 'pending') return { ok: false, message: api.pinReset.invalid }
    if (s.now.getTime() >= reset.expires_at.getTime()) {
      await tx.query("update pin_resets set status = 'expired', finished_at = $2 where id = $1", [reset.id, s.now])
      return { ok: false, message: api.pinReset.expired }
    }
    // A reset of an unknown user code has no customer: no code can confirm it.
    if (!codeMatches(s.codeKey, reference, code, reset.code_hash) || !reset.customer_id) {
      const left = reset.tries_left - 1
      await tx.query(
        `update pin_resets set tries_left = $2, status = case when $2 = 0 then 'wrong_code' else status end,
                finished_at = case when $2 = 0 then $3::timestamptz else finished_at end where id = $1`,
        [reset.id, left, s.now],
      )
      return { ok: false, message: left === 0 ? api.pinReset.cancelledWrongCode : api.pinReset.wrongCode(left) }
    }

    const [customer] = await tx.query<{ id: string; name: string; email: string | null; phone: string | null }>(
      `update customers set pin_hash = $2, failed_attempts = 0, pin_blocked_at = null, pin_temporary = 'sent' where id = $1
        returning id::text, name, email, phone`,
      [reset.customer_id, pinHash],
    )
    await tx.query("update pin_resets set status = 'done', finished_at = $2 where id = $1", [reset.id, s.now])
    // Every sign-in block of the code is lifted, from every address.
    await tx.query(CLEAR_ON_RESET_SQL, [reset.customer_id])
    await endCustomerSessions(tx, reset.customer_id, 'pin_reset', s.now)
    const when = formatWhen(s.now, s.timeZone)
    await addNotification(tx, reset.customer_id, { title: api.pinReset.title, content: api.pinReset.content(when, s.bankName), createdAt: s.now })
    if (customer!.phone) await enqueueMessage(tx, { channel: 'sms', to: customer!.phone, text: api.pinReset.newPinSms(pin), createdAt: s.now })
    if (customer!.email)
      await enqueueMessage(tx, {
        channel: 'email',
        to: customer!.email,
        subject: api.pinReset.newPinEmailSubject,
        text: api.pinReset.newPinEmail({ name: customer!.name, pin, when, bank: s.bankName }),
        createdAt: s.now,
      })
    return { ok: true, message: api.pinReset.done }
  })
}

/**
 * The signed-in customer's own data (spec §2 /app/update-password, /app/profile, /app/update-contact):
 * PIN change, contact data. Each change writes a security notification.
 */
import { api, validation } from '../../kernel/messages.ts'
import type { Db, Queryable } from '../db/db.ts'
import { addNotification } from './notifications.ts'
import { MAX_PIN_FAILURES, hashPin, verifyPin } from './pins.ts'
import { endCustomerSessions, type Session } from './sessions.ts'
import { formatWhen } from './signin.ts'

export interface ProfileSettings {
  now: Date
  bankName: string
  timeZone: string
}

export type ChangePinOutcome = { ok: true } | { ok: false; description: string; blocked?: boolean }

/**
 * Checks, in this order: the two new PINs are equal; the old PIN is right (a wrong one counts as a
 * sign-in failure: 5 block the access and end every session); the new PIN differs from the old.
 * Then the PIN is re-hashed, the customer's other sessions end, a notification is written.
 * REQ-VAL-03, REQ-CHOICE-07.
 */
export async function changePin(
  db: Db,
  session: Session,
  input: { oldPassword: string; password: string; password2: string },
  s: ProfileSettings,
): Promise<ChangePinOutcome> {
  if (input.password !== input.password2) return { ok: false, description: api.changePassword.mismatch }
  const [customer] = await db.query<{ pin_hash: string }>('select pin_hash from customers where id = $1', [session.customerId])
  if (!customer || !(await verifyPin(input.oldPassword, customer.pin_hash))) {
    const [row] = await db.query<{ failed_attempts: number }>(
      `update customers set failed_attempts = failed_attempts + 1,
              pin_blocked_at = case when failed_attempts + 1 >= $2 then $3::timestamptz else pin_blocked_at end
        where id = $1 returning failed_attempts`,
      [session.customerId, MAX_PIN_FAILURES, s.now],
    )
    if ((row?.failed_attempts ?? 0) >= MAX_PIN_FAILURES) {
      await endCustomerSessions(db, session.customerId, 'blocked', s.now)
      return { ok: false, description: api.pinBlocked, blocked: true }
    }
    return { ok: false, description: api.changePassword.wrongOld }
  }
  if (input.password === input.oldPassword) return { ok: false, description: api.changePassword.sameAsOld }
  const pinHash = await hashPin(input.password)
  await db.transaction(async (tx) => {
    // The customer's own PIN now: a temporary one (rulings §9.5) is over, every call opens again.
    await tx.query('update customers set pin_hash = $2, failed_attempts = 0, pin_temporary = null where id = $1', [session.customerId, pinHash])
    await endCustomerSessions(tx, session.customerId, 'pin_changed', s.now, session.id)
    await addNotification(tx, session.customerId, {
      title: api.changePassword.title,
      content: api.changePassword.content(formatWhen(s.now, s.timeZone), s.bankName),
      createdAt: s.now,
    })
  })
  return { ok: true }
}

export interface Contact {
  email: string
  phone: string
  address: string
  photo: string
  country: string
}

export async function getContact(q: Queryable, customerId: string): Promise<Contact> {
  const [row] = await q.query<{ email: string | null; phone: string | null; address: string | null; country: string | null; photo: string | null }>(
    `select c.email, c.phone, c.address, c.country, p.id as photo
       from customers c left join customer_photos p on p.customer_id = c.id where c.id = $1`,
    [customerId],
  )
  return { email: row?.email ?? '', phone: row?.phone ?? '', address: row?.address ?? '', photo: row?.photo ?? '', country: row?.country ?? '' }
}

/** The rules of the form (spec §5; REQ-VAL-50, REQ-VAL-52, REQ-VAL-53), checked again by the server; blanks around values are dropped. */
const PHONE = /^[0-9]{6,10}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function updateContact(
  db: Db,
  customerId: string,
  input: { phone: string; email: string; address: string; country: string },
  s: ProfileSettings,
): Promise<{ ok: boolean; message: string }> {
  const phone = input.phone.trim()
  const email = input.email.trim()
  const address = input.address.trim()
  const country = input.country.trim().toUpperCase()
  if (!PHONE.test(phone)) return { ok: false, message: validation.phoneFormat }
  if (!EMAIL.test(email)) return { ok: false, message: validation.emailFormat }
  if (address.length < 5) return { ok: false, message: validation.addressTooShort }
  return db.transaction(async (tx) => {
    const [known] = await tx.query('select 1 from countries where code = $1', [country])
    if (!known) return { ok: false, message: api.contact.unknownCountry }
    await tx.query('update customers set phone = $2, email = $3, address = $4, country = $5 where id = $1', [customerId, phone, email, address, country])
    await addNotification(tx, customerId, {
      title: api.contact.title,
      content: api.contact.content(formatWhen(s.now, s.timeZone), s.bankName),
      createdAt: s.now,
    })
    return { ok: true, message: api.contact.done }
  })
}

/**
 * Cancelled transfers (rulings §4, §9.1; REQ-SERVER-03): a code expired, the third wrong code, the balance short
 * at the confirm, or the customer's own "Annuler le transfert". Every cancellation notifies the
 * customer ("Transfert annulé" with its reason). Lock order: domain/transfers.ts.
 */
import { api } from '../../kernel/messages.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Db, Queryable } from '../db/db.ts'
import { decimalToCents, formatMoney } from './money.ts'
import { addNotification, addNotifications } from './notifications.ts'

const t = api.transfer

export type CancelReason = 'expired' | 'wrong_code' | 'insufficient_funds' | 'by_customer'

/** A pending transfer's row (pending_transfers), as the confirm and the cancellations read it. */
export type PendingRow = {
  id: string
  reference: string
  customer_id: string
  kind: TransferKind
  debit_account_id: string
  credit_account_id: string
  payee: string
  amount: string
  currency_sent: string
  debit_amount: string
  description: string
  code_hash: string
  tries_left: number
  state: 'pending' | 'executed' | 'cancelled'
  cancel_reason: CancelReason | null
  expires_at: Date
}

/** The answer to a confirm (or a cancel) of a transfer cancelled for this reason. */
export const CANCELLED: Record<CancelReason, string> = {
  expired: t.expired,
  wrong_code: t.cancelledWrongCode,
  insufficient_funds: t.cancelledFunds,
  by_customer: t.cancelledByCustomer,
}

/**
 * Every pending transfer whose code has expired cancelled, with its customer's notification, in
 * one transaction of its own. It runs at an ask (lazily: nothing is reserved by a pending transfer,
 * so nothing waits for it); a confirm cancels its own transfer when it finds it expired. SKIP
 * LOCKED: a row a confirm holds is that confirm's business, and two sweeps never wait on each other.
 */
export async function sweepExpired(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const expired = await tx.query<{ customer_id: string; amount: string; currency_sent: string; payee: string }>(
      `update pending_transfers set state = 'cancelled', cancel_reason = 'expired', cancelled_at = $1
        where id in (select id from pending_transfers where state = 'pending' and expires_at <= $1 order by id for update skip locked)
       returning customer_id::text, amount::text, currency_sent, payee`,
      [now],
    )
    await addNotifications(
      tx,
      expired.map((row) => ({ customerId: row.customer_id, ...cancelledNotice(row, 'expired'), createdAt: now })),
    )
  })
}

/** Cancels a pending transfer whose row the caller has locked, and notifies its customer. */
export async function cancel(tx: Queryable, row: PendingRow, reason: CancelReason, now: Date, triesLeft = row.tries_left): Promise<void> {
  await tx.query("update pending_transfers set state = 'cancelled', cancel_reason = $2, cancelled_at = $3, tries_left = $4 where id = $1", [
    row.id,
    reason,
    now,
    triesLeft,
  ])
  await notifyCancelled(tx, row.customer_id, row, reason, now)
}

async function notifyCancelled(
  tx: Queryable,
  customerId: string,
  row: { amount: string; currency_sent: string; payee: string },
  reason: CancelReason,
  now: Date,
): Promise<void> {
  await addNotification(tx, customerId, { ...cancelledNotice(row, reason), createdAt: now })
}

/** The title and content of the notification of a cancelled transfer. */
function cancelledNotice(row: { amount: string; currency_sent: string; payee: string }, reason: CancelReason): { title: string; content: string } {
  return {
    title: t.cancelledTitle,
    content: t.cancelledContent({ amount: formatMoney(decimalToCents(row.amount), row.currency_sent), payee: row.payee, reason: t.reasons[reason] }),
  }
}

export type CancelOutcome =
  | { ok: true; description: string }
  /** Another customer's reference, or an unknown one: nothing tells it exists (404). */
  | { ok: false; notFound: true }
  /** Over already: executed, or cancelled (also when found expired now); `state` as My transfers shows it. */
  | { ok: false; notFound?: undefined; description: string; state: 'executed' | 'cancelled' | 'expired' }

/**
 * The customer cancels a pending transfer before giving its code (rulings §9.1, "Annuler le
 * transfert"): one transaction that locks the transfer's row FOR UPDATE and nothing else (lock 3 of
 * "Lock order": no account, no customer row), so a confirm of the same transfer runs wholly before
 * or after it — never a transfer both executed and cancelled. Cancelled `by_customer` with the
 * notification "Transfert annulé", as every cancellation; a transfer found expired is cancelled as
 * `expired`, as its confirm would. An executed or cancelled one is left as it is.
 */
export async function cancelByCustomer(db: Db, customerId: string, reference: string, now: Date): Promise<CancelOutcome> {
  return db.transaction(async (tx): Promise<CancelOutcome> => {
    // Found by the reference's unique index; another customer's row is not even locked.
    const [row] = await tx.query<PendingRow>(
      `select id::text, reference, customer_id::text, kind, amount::text, currency_sent, payee, tries_left, state, cancel_reason, expires_at
         from pending_transfers where reference = $1 and customer_id = $2 for update`,
      [reference, customerId],
    )
    if (!row) return { ok: false, notFound: true }
    if (row.state === 'executed') return { ok: false, description: t.cannotCancelExecuted, state: 'executed' }
    if (row.state === 'cancelled') {
      const reason = row.cancel_reason ?? 'expired'
      return { ok: false, description: CANCELLED[reason], state: reason === 'expired' ? 'expired' : 'cancelled' }
    }
    if (now.getTime() >= row.expires_at.getTime()) {
      await cancel(tx, row, 'expired', now)
      return { ok: false, description: t.expired, state: 'expired' }
    }
    await cancel(tx, row, 'by_customer', now)
    return { ok: true, description: t.cancelledByCustomer }
  })
}

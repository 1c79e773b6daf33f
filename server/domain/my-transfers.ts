/**
 * My transfers (rulings §9.1): every transfer of the signed-in customer, of every kind and state,
 * newest first, in keyset pages. No HTTP here.
 *
 * The states the customer reads come from the stored one and the clock: `pending` while its code can
 * still be given, `expired` once its code has expired (cancelled as `expired` by its confirm or by
 * the sweep, or still `pending` in the table with `expires_at` past: expiry is lazy, see
 * domain/transfer-cancel.ts), `executed`, and `cancelled` for every other cancellation (wrong code three
 * times, balance short at the confirm, by the customer) with its reason.
 *
 * Pages: newest first by (created_at, id), read on the index of migration 050; `before` is the
 * reference of the last transfer of the previous page (a cursor the customer already owns: another
 * customer's reference, or an unknown one, is "not found"). Filters by state and kind narrow the
 * same walk.
 */
import type { Queryable } from '../db/db.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { CancelReason } from './transfer-cancel.ts'

export type ShownState = 'pending' | 'executed' | 'cancelled' | 'expired'

export interface MyTransfer {
  reference: string
  kind: TransferKind
  state: ShownState
  /** Why it was cancelled (states cancelled and expired). */
  cancelReason?: CancelReason
  /** As the ask named it: holder label, phone number or "carte 12345678 ****4321". */
  payee: string
  /** The holder's name of a mobile-money number or card the bank knows (migration 051), else absent. */
  payeeName?: string
  /** Account transfers: the credited account's number. */
  creditAccount?: string
  debitAccount: string
  amount: string
  currencySent: string
  debitAmount: string
  /** The debit account's currency (that of debitAmount). */
  currency: string
  rate?: string
  description: string
  createdAt: string
  expiresAt: string
  executedAt?: string
  cancelledAt?: string
  /** Pending: tries of the code left. */
  triesLeft?: number
}

export interface MyTransfersQuery {
  /** The reference of the last transfer of the previous page. */
  before?: string
  size: number
  state?: ShownState
  kind?: TransferKind
}

export type MyTransfersPage = { found: false } | { found: true; transfers: MyTransfer[]; nextCursor?: string }

type Row = {
  id: string
  reference: string
  kind: TransferKind
  shown: ShownState
  cancel_reason: CancelReason | null
  payee: string
  payee_name: string | null
  debit_number: string
  debit_currency: string
  credit_number: string
  amount: string
  currency_sent: string
  debit_amount: string
  rate: string | null
  description: string
  tries_left: number
  created_at: Date
  expires_at: Date
  executed_at: Date | null
  cancelled_at: Date | null
}

/** The state as the customer reads it, from the stored one and the clock ($2 = now). */
const SHOWN = `case when p.state = 'pending' then case when p.expires_at > $2 then 'pending' else 'expired' end
                    when p.state = 'cancelled' and p.cancel_reason = 'expired' then 'expired'
                    else p.state end`

/**
 * One page: $1 customer, $2 now, $3 kind, $4 shown state, $5 rows, then $6 the cursor's id (its
 * created_at read in SQL, at the database's precision). Two texts (first page, later pages) so that each keeps a plan that walks the
 * index from its start.
 */
const pageSql = (after: boolean) => `
  select p.id::text, p.reference, p.kind, ${SHOWN} as shown, p.cancel_reason, p.payee, h.holder as payee_name,
         d.number as debit_number, d.currency as debit_currency, cr.number as credit_number,
         p.amount::text, p.currency_sent, p.debit_amount::text, p.rate::text, p.description, p.tries_left,
         p.created_at, p.expires_at, p.executed_at, p.cancelled_at
    from pending_transfers p
    join accounts d on d.id = p.debit_account_id
    join accounts cr on cr.id = p.credit_account_id
    left join payee_holders h on h.kind = p.kind and h.payee_key = p.payee_key
   where p.customer_id = $1
     ${after ? 'and (p.created_at, p.id) < (select c.created_at, c.id from pending_transfers c where c.id = $6)' : ''}
     and ($3::text is null or p.kind = $3)
     and ($4::text is null or ${SHOWN} = $4)
   order by p.created_at desc, p.id desc
   limit $5`

const FIRST_PAGE = pageSql(false)
const LATER_PAGE = pageSql(true)

export async function myTransfers(q: Queryable, customerId: string, query: MyTransfersQuery, now: Date): Promise<MyTransfersPage> {
  let cursor: string | undefined
  if (query.before !== undefined) {
    const [row] = await q.query<{ id: string }>('select id::text from pending_transfers where reference = $1 and customer_id = $2', [query.before, customerId])
    if (!row) return { found: false }
    cursor = row.id
  }
  // One row more than the page tells whether another page follows.
  const params: unknown[] = [customerId, now, query.kind ?? null, query.state ?? null, query.size + 1]
  const rows = await q.query<Row>(cursor ? LATER_PAGE : FIRST_PAGE, cursor ? [...params, cursor] : params)
  const page = rows.slice(0, query.size).map(toTransfer)
  return rows.length > query.size ? { found: true, transfers: page, nextCursor: page[page.length - 1]!.reference } : { found: true, transfers: page }
}

function toTransfer(r: Row): MyTransfer {
  return {
    reference: r.reference,
    kind: r.kind,
    state: r.shown,
    // A transfer still pending in the table but past its expiry is cancelled as expired when next touched.
    ...(r.cancel_reason ? { cancelReason: r.cancel_reason } : r.shown === 'expired' ? { cancelReason: 'expired' as const } : {}),
    payee: r.payee,
    ...(r.payee_name ? { payeeName: r.payee_name } : {}),
    ...(r.kind === 'account' ? { creditAccount: r.credit_number } : {}),
    debitAccount: r.debit_number,
    amount: r.amount,
    currencySent: r.currency_sent,
    debitAmount: r.debit_amount,
    currency: r.debit_currency,
    ...(r.rate !== null ? { rate: r.rate } : {}),
    description: r.description,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    ...(r.executed_at ? { executedAt: r.executed_at.toISOString() } : {}),
    ...(r.cancelled_at ? { cancelledAt: r.cancelled_at.toISOString() } : {}),
    ...(r.shown === 'pending' ? { triesLeft: r.tries_left } : {}),
  }
}

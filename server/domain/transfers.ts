/**
 * Transfers in two steps (spec §1, §4; rulings §4). No HTTP here: outcomes are plain values.
 *
 * - transfer-ask.ts: the ask (checks, the pending transfer, the code's SMS and e-mail, the throttle);
 * - transfer-confirm.ts: the confirm (the code, then the money moves, in one transaction);
 * - transfer-cancel.ts: the cancellations (expired, wrong code, funds short, by the customer);
 * - this file: the settings they share, and the reads of executed transfers (used-freq, receipts).
 *
 * Lock order of every money path (docs/server.md, "Lock order"; migration 018): the ask's throttle
 * lock, then the customer's row, then the pending transfer's row, then the accounts in id order.
 * Inserts that reference an account (an ask's pending row, ledger entries) take only FOR KEY SHARE,
 * which the accounts' FOR NO KEY UPDATE does not block: an ask never waits for a confirm. Each
 * unit runs in one transaction (an ask's write is one statement), run again whole by the driver
 * on a deadlock or failed serialization (db/pg.ts retried), 503 if it still fails.
 *
 * The statements are PL/pgSQL functions (migration 014_transfer_functions.sql), whose plans the
 * database keeps per connection: an ask is two calls (read, then write); a confirm that moves money
 * is one call (transfer_confirm, migration 055: the catalogue's texts given as templates, filled
 * under the locks), any other confirm two calls in its transaction (lock, then execute). The checks
 * and the French texts stay in TypeScript.
 *
 * Money is bigint cents or numeric text, never a JS number.
 */
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Queryable } from '../db/db.ts'
import type { AskLimit } from './throttles.ts'
import type { CodeKey } from './codes.ts'
import type { Lease } from './outbox.ts'

export interface TransferSettings {
  now: Date
  lifetimeSeconds: number
  bankName: string
  timeZone: string
  codeKey: CodeKey
  /** Asks that send a code, per customer and window (TRANSFER_ASK_LIMIT, TRANSFER_ASK_WINDOW_MINUTES). */
  askLimit: AskLimit
  /** The channels this process sends itself, leased at the write (domain/outbox.ts); none when absent. */
  lease?: Lease
}

/**
 * A value the database puts in a catalogue text sent to it as a template (migration 055's
 * fill_template: the confirm's texts, and the ask's since 060), by its name.
 */
export const templateSlot = (name: 'name' | 'payee' | 'amount' | 'debit' | 'balance' | 'reference' | 'debitAccount' | 'description') => `\u0001${name}\u0001`

/**
 * One formatter per time zone (making an Intl.DateTimeFormat costs far more than using it), and the
 * last text it made, by its second: every confirm formats the current second, so under load most
 * calls of a second reuse it (Intl's `format` was the costliest single call of a confirm on the
 * server, about 0.09 ms; 27 November, the bench's profile). The text shows no fraction of a second.
 */
const dateTimeFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; text: string }>()

/** "12 mars 2026 à 14:03:05" in the bank's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const second = Math.floor(date.getTime() / 1000)
  let kept = dateTimeFormats.get(timeZone)
  if (kept?.second === second) return kept.text
  if (!kept) {
    kept = { format: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone }), second: NaN, text: '' }
    dateTimeFormats.set(timeZone, kept)
  }
  const text = kept.format.format(date)
  kept.second = second
  kept.text = text
  return text
}

/** A payee credited often: its account number or phone number, and the holder's name when known. */
export interface FrequentPayee {
  compte: string
  /**
   * The holder as the payee's details call would answer it now: account transfers, the account's
   * current holder label (details, domain/accounts.ts findHolder), absent when the account is no
   * longer a customer or payee account; phone numbers, the named wallet's holder (details-wallet,
   * payee_holders), absent when the bank does not know the number. The screen names the payee from
   * it without calling details again (docs/decisions.md, "Mobile data: a frequent payee's holder
   * from its suggestion").
   */
  holder?: string
}

/** used-freq (REQ-API-06): the payees this customer credited most by executed transfers, most used first. */
export async function frequentPayees(q: Queryable, customerId: string, kind: Exclude<TransferKind, 'card'>, limit = 5): Promise<FrequentPayee[]> {
  // The holder from the details calls' own sources, so that a suggestion names the payee as
  // details would: an account's current holder label (findHolder: a customer or payee account,
  // never the bank's own), not the label written on an old transfer, which a rename leaves stale;
  // a phone number's, the bank's directory of named wallets (rulings §9.2).
  const rows = await q.query<{ payee_key: string; holder: string | null }>(
    `select f.payee_key, case when $2 = 'account' then a.holder_label else h.holder end as holder
       from (select payee_key, count(*) as n, max(executed_at) as latest
               from pending_transfers where customer_id = $1 and kind = $2 and state = 'executed'
              group by payee_key order by n desc, latest desc, payee_key limit $3) f
       left join payee_holders h on $2 <> 'account' and h.kind = $2 and h.payee_key = f.payee_key
       left join accounts a on $2 = 'account' and a.number = f.payee_key and a.kind in ('customer', 'external')
      order by f.n desc, f.latest desc, f.payee_key`,
    [customerId, kind, limit],
  )
  return rows.map((r) => (r.holder ? { compte: r.payee_key, holder: r.holder } : { compte: r.payee_key }))
}

export interface ExecutedTransfer {
  reference: string
  kind: TransferKind
  customerName: string
  kcode: string
  debitAccount: string
  debitCurrency: string
  creditAccount: string
  payee: string
  amount: string
  currencySent: string
  debitAmount: string
  rate: string | null
  description: string
  balanceAfter: string
  executedAt: Date
}

/** An executed transfer of this customer's, for its receipt; undefined for any other. */
export async function findExecuted(q: Queryable, customerId: string, reference: string): Promise<ExecutedTransfer | undefined> {
  const [row] = await q.query<{
    reference: string
    kind: TransferKind
    name: string
    kcode: string
    debit_number: string
    debit_currency: string
    credit_number: string
    payee: string
    amount: string
    currency_sent: string
    debit_amount: string
    rate: string | null
    description: string
    balance_after: string
    executed_at: Date
  }>(
    `select p.reference, p.kind, c.name, c.kcode, d.number as debit_number, d.currency as debit_currency,
            cr.number as credit_number, p.payee, p.amount::text, p.currency_sent, p.debit_amount::text, p.rate::text,
            p.description, p.balance_after::text, p.executed_at
       from pending_transfers p
       join customers c on c.id = p.customer_id
       join accounts d on d.id = p.debit_account_id
       join accounts cr on cr.id = p.credit_account_id
      where p.reference = $1 and p.customer_id = $2 and p.state = 'executed'`,
    [reference, customerId],
  )
  if (!row) return undefined
  return {
    reference: row.reference,
    kind: row.kind,
    customerName: row.name,
    kcode: row.kcode,
    debitAccount: row.debit_number,
    debitCurrency: row.debit_currency,
    creditAccount: row.credit_number,
    payee: row.payee,
    amount: row.amount,
    currencySent: row.currency_sent,
    debitAmount: row.debit_amount,
    rate: row.rate,
    description: row.description,
    balanceAfter: row.balance_after,
    executedAt: row.executed_at,
  }
}

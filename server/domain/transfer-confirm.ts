/**
 * Confirm, the second step of a transfer (spec §4 Transfers; rulings §4, §6.1; REQ-SERVER-03,
 * REQ-SERVER-04): in ONE transaction, the pending row locked (FOR UPDATE): state, expiry, tries,
 * code (constant time); then both account rows locked (in id order, FOR NO KEY UPDATE), the balance
 * checked again, both balances moved, one ledger entry per side with its running balance (dated in
 * the order of the accounts' locks), the transfer marked executed, notification and outbox written.
 * Money moves only here, so a repeated confirm finds the transfer executed and moves nothing.
 *
 * The confirm that moves money (pending, not expired, the right code, the funds) is one call of
 * transfer_confirm (migration 055), atomic by itself: the catalogue's texts go to it as templates,
 * filled under the locks with the balance after the debit. Anything else it answers 'other' and
 * writes nothing; then the transaction of two calls (transfer_confirm_lock, then
 * transfer_execute; migration 014) decides, with the checks and the French texts here.
 * Lock order: domain/transfers.ts.
 */
import { api } from '../../kernel/messages.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Db, Queryable } from '../db/db.ts'
import { CODE_DIGITS, codeMatches, hashCode } from './codes.ts'
import { centsToDecimal, decimalToCents, formatMoney, ISO_CODES, OTHER_ISO } from './money.ts'
import { leasedMessages, writtenMessages, type LeasedMessage, type NewMessage, type WrittenColumns } from './outbox.ts'
import { checkCaller, customerOfRow, isRefusal, type Caller, type SessionColumns, type SessionRefusal } from './sessions.ts'
import { CANCELLED, cancel, type PendingRow } from './transfer-cancel.ts'
import { formatDateTime, templateSlot as slot, type TransferSettings } from './transfers.ts'

const t = api.transfer

type AccountRow = {
  id: string
  number: string
  currency: string
  kind: string
  customer_id: string | null
  holder_label: string
  balance: string
}

type CustomerContact = {
  name: string
  phone: string | null
  email: string | null
}

export type ConfirmOutcome =
  | {
      ok: true
      reference: string
      executedAt: Date
      balance: string
      currency: string
      message: string
      /** The confirmation's messages written leased to this process: it sends them now (delivery/sender.ts). */
      leased: LeasedMessage[]
    }
  | { ok: false; description: string; triesLeft?: number; reference?: string }
  /** A wrong code with tries left: the transfer stays pending (rulings §6.1). */
  | { ok: false; wrongCode: true; description: string; triesLeft: number }

/** A caller already checked (her customer id) is never refused for her session. */
export async function confirmTransfer(
  db: Db,
  customerId: string,
  kind: TransferKind,
  reference: string,
  code: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome>
export async function confirmTransfer(
  db: Db,
  caller: Caller,
  kind: TransferKind,
  reference: string,
  code: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome | SessionRefusal>
export async function confirmTransfer(
  db: Db,
  caller: Caller,
  kind: TransferKind,
  reference: string,
  code: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome | SessionRefusal> {
  // The code's hash, when the code has the right shape, lets transfer_confirm_lock lock the two
  // accounts in the same call; the decision is still the constant-time comparison below.
  const codeHash = code.length === CODE_DIGITS ? hashCode(s.codeKey, reference, code) : null
  let customerId = typeof caller === 'string' ? caller : undefined
  if (codeHash) {
    const tried = await confirmInOneCall(db, caller, kind, reference, codeHash, s)
    if (isRefusal(tried)) return tried
    if (tried.done) return tried.done
    customerId = tried.customerId
  }
  if (customerId === undefined) {
    const checked = await checkCaller(caller)
    if (isRefusal(checked)) return checked
    customerId = checked
  }
  return transactionOfConfirm(db, customerId, kind, reference, code, codeHash, s)
}

/** Any confirm but one that moves money in one call: a transaction of two calls decides (see above). */
function transactionOfConfirm(
  db: Db,
  customerId: string,
  kind: TransferKind,
  reference: string,
  code: string,
  codeHash: string | null,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    // Another customer's reference, or one of another kind, is "not found": nothing tells it exists.
    // The customer's name and contacts come with it (for the messages); the transfer's row is
    // locked, and both accounts when the code is right (migration 014; found by its reference's
    // unique index since 016, whatever the customer's history).
    const [row] = await tx.query<PendingRow & CustomerContact & { accounts: AccountRow[] | null }>(
      `select id, reference, customer_id, kind, debit_account_id, credit_account_id, payee, amount, currency_sent, debit_amount,
              description, code_hash, tries_left, state, cancel_reason, expires_at, name, phone, email, accounts
         from transfer_confirm_lock($1, $2, $3, $4, $5)`,
      [reference, customerId, kind, s.now, codeHash],
    )
    if (!row) return { ok: false, description: t.notFound }
    if (row.state === 'executed') return { ok: false, description: t.alreadyExecuted(row.reference), reference: row.reference }
    if (row.state === 'cancelled') {
      const reason = row.cancel_reason ?? 'expired'
      return { ok: false, description: CANCELLED[reason], ...(reason === 'wrong_code' ? { triesLeft: 0 } : {}) }
    }
    if (s.now.getTime() >= row.expires_at.getTime()) {
      await cancel(tx, row, 'expired', s.now)
      return { ok: false, description: t.expired }
    }
    if (code.length !== CODE_DIGITS || !codeMatches(s.codeKey, row.reference, code, row.code_hash)) {
      const triesLeft = row.tries_left - 1
      if (triesLeft <= 0) {
        await cancel(tx, row, 'wrong_code', s.now, 0)
        return { ok: false, description: t.cancelledWrongCode, triesLeft: 0 }
      }
      await tx.query('update pending_transfers set tries_left = $2 where id = $1', [row.id, triesLeft])
      return { ok: false, wrongCode: true, description: t.wrongCode(triesLeft), triesLeft }
    }
    // The right code: the same hash as the one that made the function lock both accounts.
    return execute(tx, row, row.accounts!, s)
  })
}

/** The confirmation's texts as transfer_confirm's templates, in its order; `when` is the server's. */
function confirmTemplates(when: string): string[] {
  const [amount, payee, reference, balance, name, debit] = [slot('amount'), slot('payee'), slot('reference'), slot('balance'), slot('name'), slot('debit')]
  return [
    t.doneTitle,
    t.doneContent({ amount, payee, reference }),
    t.receivedTitle,
    t.receivedContent({ amount: debit, from: name, reference }),
    t.doneSms({ amount, payee, reference, balance }),
    t.doneEmailSubject,
    t.doneEmail({ name, amount, payee, reference, when, debitAccount: slot('debitAccount'), debit, balance }),
    t.debitLine(payee, slot('description')),
    t.creditLine(name, slot('description')),
  ]
}

/**
 * The confirm that moves money, in one statement (transfer_confirm, migration 055): the transfer's
 * row locked, then both accounts in id order; pending, not expired, the code's hash the stored one,
 * the funds there: the money moves and the texts are filled under the locks. `done` only when it
 * moved money; anything else wrote nothing, and the transaction of two calls decides.
 *
 * A caller whose session was not checked yet: the same statement checks it first
 * (transfer_confirm_signed, migration 059) and answers the customer found; no customer when it could
 * not decide (the session is then checked on its own before the transaction), or a refusal.
 */
async function confirmInOneCall(
  db: Db,
  caller: Caller,
  kind: TransferKind,
  reference: string,
  codeHash: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<{ done?: ConfirmOutcome; customerId?: string } | SessionRefusal> {
  const args = [
    confirmTemplates(formatDateTime(s.now, s.timeZone)),
    ISO_CODES.codes,
    ISO_CODES.names,
    OTHER_ISO,
    s.lease?.channels ?? [],
    s.lease?.seconds ?? 0,
  ]
  let row: ConfirmRow | undefined
  let customerId: string
  if (typeof caller === 'string') {
    customerId = caller
    ;[row] = await db.query<ConfirmRow>(`select ${SELECT_CONFIRM} from transfer_confirm($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
      reference,
      customerId,
      kind,
      s.now,
      codeHash,
      ...args,
    ])
  } else {
    const { tokenHash, idleSince, startedAfter, staleBefore } = caller.window
    const [signed] = await db.query<ConfirmRow & SessionColumns>(
      `select session_id, customer_id, kcode, must_change_pin, ${SELECT_CONFIRM}
         from transfer_confirm_signed($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [tokenHash, idleSince, startedAfter, staleBefore, reference, kind, s.now, codeHash, ...args],
    )
    const customer = customerOfRow(caller, signed)
    if (customer === undefined) return {}
    if (isRefusal(customer)) return customer
    customerId = customer
    row = signed
  }
  if (row?.status !== 'done') return { customerId }
  const messages = writtenMessages(row)
  return {
    customerId,
    done: {
      ok: true,
      reference: row.reference,
      executedAt: s.now,
      balance: row.debited,
      currency: row.currency,
      message: t.done({
        amount: formatMoney(decimalToCents(row.amount), row.currency_sent),
        payee: row.payee,
        balance: formatMoney(decimalToCents(row.debited), row.currency),
      }),
      leased: leasedMessages(messages, row.outbox_ids ?? [], s.lease),
    },
  }
}

const SELECT_CONFIRM =
  'status, reference, amount, currency_sent, payee, debited, currency, outbox_ids::text[] as outbox_ids, channels, recipients, subjects, bodies'

type ConfirmRow = WrittenColumns & {
  status: 'done' | 'other'
  reference: string
  amount: string
  currency_sent: string
  payee: string
  debited: string
  currency: string
  outbox_ids: string[] | null
}

/**
 * The right code: the money moves, under the locks of both accounts (taken by
 * transfer_confirm_lock). The balance is checked here; then one call of transfer_execute moves
 * both balances, writes the ledger transaction with one entry per side, marks the transfer
 * executed and writes the notifications and messages.
 */
async function execute(
  tx: Queryable,
  row: PendingRow & CustomerContact,
  accounts: readonly AccountRow[],
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome> {
  const debit = accounts.find((a) => a.id === row.debit_account_id)!
  const credit = accounts.find((a) => a.id === row.credit_account_id)!
  const amount = decimalToCents(row.debit_amount)
  if (decimalToCents(debit.balance) < amount) {
    await cancel(tx, row, 'insufficient_funds', s.now)
    return { ok: false, description: t.cancelledFunds }
  }
  // Under the locks, the balance after the debit is known before the write: the texts are made
  // first, and one statement moves the money and writes the notifications and the messages.
  const balanceAfter = decimalToCents(debit.balance) - amount
  const amountText = formatMoney(decimalToCents(row.amount), row.currency_sent)
  const debitText = formatMoney(amount, debit.currency)
  const balanceText = formatMoney(balanceAfter, debit.currency)
  const notices = [
    {
      customerId: row.customer_id,
      title: t.doneTitle,
      content: t.doneContent({ amount: amountText, payee: row.payee, reference: row.reference }),
    },
    ...(credit.kind === 'customer' && credit.customer_id
      ? [
          {
            customerId: credit.customer_id,
            title: t.receivedTitle,
            content: t.receivedContent({ amount: debitText, from: row.name, reference: row.reference }),
          },
        ]
      : []),
  ]
  const messages: NewMessage[] = [
    ...(row.phone
      ? [{ channel: 'sms' as const, to: row.phone, text: t.doneSms({ amount: amountText, payee: row.payee, reference: row.reference, balance: balanceText }) }]
      : []),
    ...(row.email
      ? [
          {
            channel: 'email' as const,
            to: row.email,
            subject: t.doneEmailSubject,
            text: t.doneEmail({
              name: row.name,
              amount: amountText,
              payee: row.payee,
              reference: row.reference,
              when: formatDateTime(s.now, s.timeZone),
              debitAccount: debit.number,
              debit: debitText,
              balance: balanceText,
            }),
          },
        ]
      : []),
  ]
  const [moved] = await tx.query<{ debited: string; outbox_ids: string[] | null }>(
    `select debited, outbox_ids::text[] as outbox_ids
       from transfer_execute($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      row.id,
      debit.id,
      credit.id,
      centsToDecimal(amount),
      row.reference,
      row.kind,
      row.description,
      s.now,
      t.debitLine(row.payee, row.description),
      t.creditLine(row.name, row.description),
      notices.map((n) => n.customerId),
      notices.map((n) => n.title),
      notices.map((n) => n.content),
      messages.map((m) => m.channel),
      messages.map((m) => m.to),
      messages.map((m) => m.subject ?? null),
      messages.map((m) => m.text),
      s.lease?.channels ?? [],
      s.lease?.seconds ?? 0,
    ],
  )
  return {
    ok: true,
    reference: row.reference,
    executedAt: s.now,
    balance: moved!.debited,
    currency: debit.currency,
    message: t.done({ amount: amountText, payee: row.payee, balance: balanceText }),
    leased: leasedMessages(messages, moved!.outbox_ids ?? [], s.lease),
  }
}

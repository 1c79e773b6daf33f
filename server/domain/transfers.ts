/**
 * Transfers in two steps (spec §1, §4; rulings §4). No HTTP here: outcomes are plain values.
 *
 * Ask: checks the form and the balance, stores a pending transfer, sends an 8-digit code by SMS
 * and e-mail naming the amount, the currency and the payee. A refusal changes no row. Only an ask
 * that passed every check, i.e. one that would send a code, counts toward the customer's throttle
 * (TRANSFER_ASK_LIMIT per window, the three kinds together; domain/throttles.ts); beyond it the ask
 * is refused with `tooManyAsks` and nothing is stored or sent.
 * Confirm: in ONE transaction, the pending row locked (FOR UPDATE): state, expiry, tries, code
 * (constant time); then both account rows locked (in id order, FOR NO KEY UPDATE), the balance
 * checked again, both balances moved, one ledger entry per side with its running balance (dated in
 * the order of the accounts' locks), the transfer marked executed, notification and outbox written.
 * Money moves only there, so a repeated confirm finds the transfer executed and moves nothing.
 *
 * Lock order of every money path (docs/server.md, "Lock order"; migration 018): the ask's throttle
 * lock, then the customer's row, then the pending transfer's row, then the accounts in id order.
 * Inserts that reference an account (an ask's pending row, ledger entries) take only FOR KEY SHARE,
 * which the accounts' FOR NO KEY UPDATE does not block: an ask never waits for a confirm. Each
 * unit runs in one transaction (an ask's write is one statement), run again whole by the driver
 * on a deadlock or failed serialization (db/pg.ts retried), 503 if it still fails.
 *
 * The statements are PL/pgSQL functions (migration 014_transfer_functions.sql), whose plans the
 * database keeps per connection: an ask is two calls (read, then write), a confirm two calls in its
 * transaction (lock, then execute). The checks and the French texts stay here.
 *
 * Money is bigint cents or numeric text, never a JS number.
 */
import { api } from '../../kernel/messages.ts'
import { transferKindContract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Db, Queryable } from '../db/db.ts'
import { CODE_DIGITS, codeMatches, hashCode, newCode, newReference } from './codes.ts'
import { centsToDecimal, convertCents, currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { addNotification, addNotifications } from './notifications.ts'
import { lockAskTargetParams, takeAskParams, type AskLimit } from './throttles.ts'

const t = api.transfer

/** Rulings §4: the 3rd wrong code cancels the transfer. */
const MAX_CODE_TRIES = 3
/** spec §9: description minimum 5 (the contract counts blanks; the server does not). */
const DESCRIPTION_MIN_LENGTH = 5

/**
 * Mobile-money networks by the two digits after 243 (operator prefixes in the DRC). A number of
 * another prefix belongs to no network the bank settles with, and is refused.
 */
const WALLET_PREFIXES: Record<string, string> = {
  '81': 'mpesa',
  '82': 'mpesa',
  '83': 'mpesa',
  '97': 'airtel',
  '98': 'airtel',
  '99': 'airtel',
  '80': 'orange',
  '84': 'orange',
  '85': 'orange',
  '89': 'orange',
  '90': 'africell',
  '91': 'africell',
}
/** Card transfers are settled with the card network's account. */
const CARD_NETWORK = 'visa'

export interface TransferSettings {
  now: Date
  lifetimeSeconds: number
  bankName: string
  timeZone: string
  codeKey: Buffer
  /** Asks that send a code, per customer and window (TRANSFER_ASK_LIMIT, TRANSFER_ASK_WINDOW_MINUTES). */
  askLimit: AskLimit
}

interface Common {
  debitAccount: string
  currency: string
  amount: string
  description: string
}
export type AskInput =
  | (Common & { kind: 'account'; creditAccount: string })
  | (Common & { kind: 'momo'; phone: string; currencySent: string })
  | (Common & { kind: 'card'; accountId: string; lastFour: string; currencySent: string })

export type AskOutcome =
  | { ok: false; message: string }
  | {
      ok: true
      reference: string
      message: string
      /** The debit account's currency (of debitAmount and solde). */
      currency: string
      currencySent: string
      amount: string
      debitAmount: string
      payee: string
      expiresAt: Date
      solde: string
    }

type AccountRow = {
  id: string
  number: string
  currency: string
  kind: string
  customer_id: string | null
  holder_label: string
  balance: string
}

const refuse = (message: string) => ({ ok: false, message }) as const

/** What an ask needs to know, read by one call of transfer_ask_context (migration 014). */
interface AskContext {
  enabled: boolean
  name: string
  phone: string | null
  email: string | null
  debit: { id: string; number: string; currency: string; balance: string } | undefined
  /** Account transfers: the account credited (a customer's or a payee's); mobile and card: the network's settlement account. */
  credit: { id: string; number: string; currency: string; holder_label: string } | undefined
  /** Mobile and card: whether the currency sent is offered for the kind. */
  offered: boolean
  /** The latest rate from the currency sent to the debit account's currency, when they differ. */
  rate: string | null
}

type AskContextRow = {
  enabled: boolean
  name: string
  phone: string | null
  email: string | null
  d_id: string | null
  d_number: string
  d_currency: string
  d_balance: string
  cr_id: string | null
  cr_number: string
  cr_currency: string
  cr_holder_label: string
  offered: boolean
  rate: string | null
}

/**
 * The module, the customer's contacts, the debit account, the account credited, whether the
 * currency sent is offered and the rate, in one call instead of up to seven statements: the checks
 * below still take them in the order of the refusals. Nothing is locked: an ask reserves nothing
 * (the confirm checks the balance again under the accounts' locks), and the throttle's lock is
 * taken by the write (transfer_ask_write).
 */
async function askContext(q: Queryable, customerId: string, input: AskInput, network: string | undefined, now: Date): Promise<AskContext | undefined> {
  const [row] = await q.query<AskContextRow>(
    `select enabled, name, phone, email, d_id, d_number, d_currency, d_balance, cr_id, cr_number, cr_currency, cr_holder_label, offered, rate
       from transfer_ask_context($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      customerId,
      transferKindContract[input.kind].module,
      input.debitAccount,
      input.kind === 'account' ? input.creditAccount : null,
      input.kind === 'account' ? null : input.currencySent,
      input.kind === 'account' ? null : input.kind === 'momo',
      network ?? null,
      now,
    ],
  )
  if (!row) return undefined
  return {
    enabled: row.enabled,
    name: row.name,
    phone: row.phone,
    email: row.email,
    debit: row.d_id === null ? undefined : { id: row.d_id, number: row.d_number, currency: row.d_currency, balance: row.d_balance },
    credit: row.cr_id === null ? undefined : { id: row.cr_id, number: row.cr_number, currency: row.cr_currency, holder_label: row.cr_holder_label },
    offered: row.offered,
    rate: row.rate,
  }
}

/**
 * Two calls, each atomic by itself (no BEGIN and COMMIT): the context (transfer_ask_context), the
 * checks and the texts here, then the write (transfer_ask_write), which takes the throttle's lock,
 * counts the ask and, when it is let through, stores it with its messages. A refusal writes nothing.
 */
export async function askTransfer(db: Db, customerId: string, input: AskInput, s: TransferSettings): Promise<AskOutcome> {
  // Mobile: the network by the number's prefix; unknown is refused below, after the currency.
  const network = input.kind === 'momo' ? WALLET_PREFIXES[input.phone.slice(3, 5)] : input.kind === 'card' ? CARD_NETWORK : undefined
  const context = await askContext(db, customerId, input, network, s.now)
  if (!context?.enabled) return refuse(t.serviceDisabled)
  const { debit } = context
  if (!debit) return refuse(t.debitNotOwn)
  if (input.currency !== debit.currency) return refuse(t.currencyMismatch)
  const amountCents = decimalToCents(input.amount)
  if (amountCents <= 0n) return refuse(t.zeroAmount)
  const description = input.description.trim()
  if (description.length < DESCRIPTION_MIN_LENGTH) return refuse(t.descriptionTooShort)

  const { credit } = context
  let payee: string
  let payeeKey: string
  let currencySent = debit.currency
  if (input.kind === 'account') {
    if (!credit) return refuse(t.creditNotFound)
    if (credit.id === debit.id) return refuse(t.sameAccount)
    if (credit.currency !== debit.currency) return refuse(t.creditCurrency)
    payee = credit.holder_label
    payeeKey = credit.number
  } else {
    currencySent = input.currencySent
    if (!context.offered) return refuse(t.currencyNotOffered)
    if (!network) return refuse(t.unknownNetwork)
    if (input.kind === 'momo') {
      payee = input.phone
      payeeKey = input.phone
    } else {
      payee = t.cardPayee(input.accountId, input.lastFour)
      payeeKey = `${input.accountId}/${input.lastFour}`
    }
    // The network's settlement account in the debit account's currency: the sum of the balances
    // of each currency stays the same; the network pays out in the currency sent.
    if (!credit) return refuse(t.serviceUnavailable)
  }

  let debitCents = amountCents
  let rate: string | null = null
  let conversion = ''
  if (currencySent !== debit.currency) {
    if (context.rate === null) return refuse(t.noRate)
    rate = context.rate
    debitCents = convertCents(amountCents, rate)
    if (debitCents <= 0n) return refuse(t.amountTooSmall)
    conversion = t.conversion(formatMoney(debitCents, debit.currency), t.rate(currencyIso(currencySent), formatRate(rate), currencyIso(debit.currency)))
  }

  const balanceCents = decimalToCents(debit.balance)
  if (balanceCents < debitCents) return refuse(t.insufficientFunds(formatMoney(balanceCents, debit.currency)))

  const customer = context
  if (!customer.phone && !customer.email) return refuse(t.noContact)

  const reference = newReference(input.kind)
  const code = newCode()
  const expiresAt = new Date(s.now.getTime() + s.lifetimeSeconds * 1000)
  const amountText = formatMoney(amountCents, currencySent)
  const lifetime = t.lifetime(s.lifetimeSeconds)

  // Both messages in the call that stores the pending row: never a code for a transfer that was
  // not stored, never a pending transfer whose code was not sent.
  const messages: NewMessage[] = [
    ...(customer.phone ? [{ channel: 'sms' as const, to: customer.phone, text: t.codeSms({ code, amount: amountText, payee, conversion, lifetime }) }] : []),
    ...(customer.email
      ? [
          {
            channel: 'email' as const,
            to: customer.email,
            subject: t.codeEmailSubject,
            text: t.codeEmail({ name: customer.name, code, amount: amountText, payee, debitAccount: debit.number, conversion, lifetime, bank: s.bankName }),
          },
        ]
      : []),
  ]
  const sent = await askWrite(db, customerId, s, messages, [
    reference,
    customerId,
    input.kind,
    debit.id,
    credit.id,
    payee,
    payeeKey,
    centsToDecimal(amountCents),
    currencySent,
    centsToDecimal(debitCents),
    rate,
    description,
    hashCode(s.codeKey, reference, code),
    MAX_CODE_TRIES,
    expiresAt,
  ])
  if (!sent) return refuse(api.tooManyAsks)

  return {
    ok: true,
    reference,
    message: t.codeSent({ amount: amountText, payee, conversion, lifetime }),
    currency: debit.currency,
    currencySent,
    amount: centsToDecimal(amountCents),
    debitAmount: centsToDecimal(debitCents),
    payee,
    expiresAt,
    solde: centsToDecimal(balanceCents),
  }
}

type PendingRow = {
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

export type CancelReason = 'expired' | 'wrong_code' | 'insufficient_funds' | 'by_customer'

type CustomerContact = {
  name: string
  phone: string | null
  email: string | null
}

type NewMessage = { channel: 'sms' | 'email'; to: string; text: string; subject?: string }

/**
 * The ask's write, one call of transfer_ask_write (migration 014): the throttle's lock, count and
 * row (the rules of throttles.ts), and only when the ask is let through: the pending row
 * (`pending`: its columns but `created_at`, `now`) and its messages. Answers whether the ask was
 * let through; when pending transfers have expired, they are cancelled (sweepExpired) before the
 * answer.
 */
async function askWrite(db: Db, customerId: string, s: TransferSettings, messages: readonly NewMessage[], pending: readonly unknown[]): Promise<boolean> {
  const [scope, target, windowStart, now, max, sweep] = takeAskParams('transfer', customerId, s.askLimit, s.now)
  const [lockKey, lockName] = lockAskTargetParams('transfer', customerId)
  const [row] = await db.query<{ taken: boolean; expired: boolean }>(
    `select taken, expired from transfer_ask_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)`,
    [
      lockKey,
      lockName,
      scope,
      target,
      windowStart,
      now,
      max,
      sweep,
      ...pending,
      messages.map((x) => x.channel),
      messages.map((x) => x.to),
      messages.map((x) => x.subject ?? null),
      messages.map((x) => x.text),
    ],
  )
  // The sweep is housekeeping after the ask was stored and its code sent: should it fail (the
  // database gone a moment), the ask's answer still stands, the next ask sweeps again, and a
  // confirm cancels its own expired transfer anyway. Failing the answer would make the customer ask
  // again and receive a second code.
  if (row!.expired) await sweepExpired(db, s.now).catch(() => undefined)
  return row!.taken
}

/**
 * Every pending transfer whose code has expired cancelled, with its customer's notification, in
 * one transaction of its own. It runs at an ask (lazily: nothing is reserved by a pending transfer,
 * so nothing waits for it); a confirm cancels its own transfer when it finds it expired. SKIP
 * LOCKED: a row a confirm holds is that confirm's business, and two sweeps never wait on each other.
 */
async function sweepExpired(db: Db, now: Date): Promise<void> {
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

async function cancel(tx: Queryable, row: PendingRow, reason: CancelReason, now: Date, triesLeft = row.tries_left): Promise<void> {
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

export type ConfirmOutcome =
  | { ok: true; reference: string; executedAt: Date; balance: string; currency: string; message: string }
  | { ok: false; description: string; triesLeft?: number; reference?: string }
  /** A wrong code with tries left: the transfer stays pending (rulings §6.1). */
  | { ok: false; wrongCode: true; description: string; triesLeft: number }

const CANCELLED: Record<CancelReason, string> = {
  expired: t.expired,
  wrong_code: t.cancelledWrongCode,
  insufficient_funds: t.cancelledFunds,
  by_customer: t.cancelledByCustomer,
}

export async function confirmTransfer(
  db: Db,
  customerId: string,
  kind: TransferKind,
  reference: string,
  code: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome> {
  // The code's hash, when the code has the right shape, lets transfer_confirm_lock lock the two
  // accounts in the same call; the decision is still the constant-time comparison below.
  const codeHash = code.length === CODE_DIGITS ? hashCode(s.codeKey, reference, code) : null
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
  const [moved] = await tx.query<{ debited: string }>(
    'select transfer_execute($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) as debited',
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
    ],
  )
  return {
    ok: true,
    reference: row.reference,
    executedAt: s.now,
    balance: moved!.debited,
    currency: debit.currency,
    message: t.done({ amount: amountText, payee: row.payee, balance: balanceText }),
  }
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** "12 mars 2026 à 14:03:05" in the bank's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone })
    dateTimeFormats.set(timeZone, format)
  }
  return format.format(date)
}

/** A payee credited often: its account number or phone number, and the holder's name when known. */
export interface FrequentPayee {
  compte: string
  /** Account transfers: the holder label written on the latest transfer to it; phone numbers: the named wallet's holder, when known. */
  holder?: string
}

/** used-freq: the payees this customer credited most by executed transfers, most used first. */
export async function frequentPayees(q: Queryable, customerId: string, kind: Exclude<TransferKind, 'card'>, limit = 5): Promise<FrequentPayee[]> {
  const rows = await q.query<{ payee_key: string; latest_payee: string; holder: string | null }>(
    `select f.payee_key, f.latest_payee, h.holder
       from (select payee_key, (array_agg(payee order by executed_at desc))[1] as latest_payee, count(*) as n, max(executed_at) as latest
               from pending_transfers where customer_id = $1 and kind = $2 and state = 'executed'
              group by payee_key order by n desc, latest desc, payee_key limit $3) f
       left join payee_holders h on h.kind = $2 and h.payee_key = f.payee_key
      order by f.n desc, f.latest desc, f.payee_key`,
    [customerId, kind, limit],
  )
  // An account's holder is the label its transfers named; a phone number's, the bank's directory
  // of named wallets (rulings §9.2), when it knows the number.
  const holderOf = (r: (typeof rows)[number]) => (kind === 'account' ? r.latest_payee : r.holder)
  return rows.map((r) => (holderOf(r) ? { compte: r.payee_key, holder: holderOf(r)! } : { compte: r.payee_key }))
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

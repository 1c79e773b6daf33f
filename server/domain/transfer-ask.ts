/**
 * Ask, the first step of a transfer (spec §4 Transfers; rulings §4, §9.3): checks the form and the
 * balance, stores a pending transfer, sends an 8-digit code by SMS and e-mail naming the amount,
 * the currency and the payee. A refusal changes no row. Only an ask that passed every check, i.e.
 * one that would send a code, counts toward the customer's throttle (TRANSFER_ASK_LIMIT per window,
 * the three kinds together; domain/throttles.ts); beyond it the ask is refused with `tooManyAsks`
 * and nothing is stored or sent. REQ-SERVER-02, REQ-ERR-11.
 *
 * Two calls of the PL/pgSQL functions of migrations 014 and 059 (transfer_ask_context, which also
 * checks the caller's session, then transfer_ask_write); the checks and the French texts stay here.
 * Lock order: domain/transfers.ts.
 */
import { api } from '../../kernel/messages.ts'
import { transferKindContract } from '../../openapi/transfer-kinds.ts'
import type { Db, Queryable } from '../db/db.ts'
import { hashCode, newCode, newReference } from './codes.ts'
import { centsToDecimal, convertCents, currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { leasedMessages, type LeasedMessage, type NewMessage } from './outbox.ts'
import { lockAskTargetParams, takeAskParams } from './throttles.ts'
import { checkCaller, customerOfRow, isRefusal, type Caller, type SessionColumns, type SessionRefusal } from './sessions.ts'
import { sweepExpired } from './transfer-cancel.ts'
import type { TransferSettings } from './transfers.ts'

const t = api.transfer

/** Rulings §4: the 3rd wrong code cancels the transfer. */
const MAX_CODE_TRIES = 3
/** spec §9: description minimum 5 (the contract counts blanks; the server does not). */
const DESCRIPTION_MIN_LENGTH = 5

/**
 * Mobile-money networks by the two digits after 243 (operator prefixes in the DRC). A number of
 * another prefix belongs to no network the bank settles with, and is refused. REQ-CHOICE-10.
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
      /** The code's messages written leased to this process: it sends them now (delivery/sender.ts). */
      leased: LeasedMessage[]
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

const SELECT_CONTEXT = 'enabled, name, phone, email, d_id, d_number, d_currency, d_balance, cr_id, cr_number, cr_currency, cr_holder_label, offered, rate'

/**
 * The module, the customer's contacts, the debit account, the account credited, whether the
 * currency sent is offered and the rate, in one call instead of up to seven statements: the checks
 * below still take them in the order of the refusals. Nothing is locked: an ask reserves nothing
 * (the confirm checks the balance again under the accounts' locks), and the throttle's lock is
 * taken by the write (transfer_ask_write).
 *
 * A caller whose session was not checked yet: the same call checks it (transfer_ask_context_signed,
 * migration 059), one statement instead of two; when it cannot decide (no session, or one to
 * refresh or end), the session is checked on its own first, then the context read as for a caller
 * already checked.
 */
async function askContext(
  q: Queryable,
  caller: Caller,
  input: AskInput,
  network: string | undefined,
  now: Date,
): Promise<{ customerId: string; context: AskContext | undefined } | SessionRefusal> {
  const args = [
    transferKindContract[input.kind].module,
    input.debitAccount,
    input.kind === 'account' ? input.creditAccount : null,
    input.kind === 'account' ? null : input.currencySent,
    input.kind === 'account' ? null : input.kind === 'momo',
    network ?? null,
    now,
  ]
  if (typeof caller !== 'string') {
    const { tokenHash, idleSince, startedAfter, staleBefore } = caller.window
    const [row] = await q.query<AskContextRow & SessionColumns>(
      `select session_id, customer_id, kcode, must_change_pin, ${SELECT_CONTEXT}
         from transfer_ask_context_signed($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [tokenHash, idleSince, startedAfter, staleBefore, ...args],
    )
    const customer = customerOfRow(caller, row)
    if (customer !== undefined) return isRefusal(customer) ? customer : { customerId: customer, context: contextOf(row) }
  }
  const customerId = await checkCaller(caller)
  if (isRefusal(customerId)) return customerId
  const [row] = await q.query<AskContextRow>(`select ${SELECT_CONTEXT} from transfer_ask_context($1, $2, $3, $4, $5, $6, $7, $8)`, [customerId, ...args])
  return { customerId, context: contextOf(row) }
}

function contextOf(row: AskContextRow | undefined): AskContext | undefined {
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
export async function askTransfer(db: Db, customerId: string, input: AskInput, s: TransferSettings): Promise<AskOutcome>
export async function askTransfer(db: Db, caller: Caller, input: AskInput, s: TransferSettings): Promise<AskOutcome | SessionRefusal>
export async function askTransfer(db: Db, caller: Caller, input: AskInput, s: TransferSettings): Promise<AskOutcome | SessionRefusal> {
  // Mobile: the network by the number's prefix; unknown is refused below, after the currency.
  const network = input.kind === 'momo' ? WALLET_PREFIXES[input.phone.slice(3, 5)] : input.kind === 'card' ? CARD_NETWORK : undefined
  const read = await askContext(db, caller, input, network, s.now)
  if (isRefusal(read)) return read
  const { customerId, context } = read
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
    leased: sent.leased,
  }
}

/**
 * The ask's write, one call of transfer_ask_write (migrations 014, 054): the throttle's lock, count and
 * row (the rules of throttles.ts), and only when the ask is let through: the pending row
 * (`pending`: its columns but `created_at`, `now`) and its messages, those of the channels this
 * process delivers leased to it. Answers undefined when the ask was not let through, else the
 * leased messages, which the caller hands to its sender; when pending transfers have expired, they are cancelled (sweepExpired) before the
 * answer.
 */
async function askWrite(
  db: Db,
  customerId: string,
  s: TransferSettings,
  messages: readonly NewMessage[],
  pending: readonly unknown[],
): Promise<{ leased: LeasedMessage[] } | undefined> {
  const [scope, target, windowStart, now, max, sweep] = takeAskParams('transfer', customerId, s.askLimit, s.now)
  const [lockKey, lockName] = lockAskTargetParams('transfer', customerId)
  const [row] = await db.query<{ taken: boolean; expired: boolean; outbox_ids: string[] | null }>(
    `select taken, expired, outbox_ids::text[] as outbox_ids from transfer_ask_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29)`,
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
      s.lease?.channels ?? [],
      s.lease?.seconds ?? 0,
    ],
  )
  // The sweep is housekeeping after the ask was stored and its code sent: should it fail (the
  // database gone a moment), the ask's answer still stands, the next ask sweeps again, and a
  // confirm cancels its own expired transfer anyway. Failing the answer would make the customer ask
  // again and receive a second code.
  if (row!.expired) await sweepExpired(db, s.now).catch(() => undefined)
  return row!.taken ? { leased: leasedMessages(messages, row!.outbox_ids ?? [], s.lease) } : undefined
}

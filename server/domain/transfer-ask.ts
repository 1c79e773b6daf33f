/**
 * Ask, the first step of a transfer (spec §4 Transfers; rulings §4, §9.3): checks the form and the
 * balance, stores a pending transfer, sends an 8-digit code by SMS and e-mail naming the amount,
 * the currency and the payee. A refusal changes no row. Only an ask that passed every check, i.e.
 * one that would send a code, counts toward the customer's throttle (TRANSFER_ASK_LIMIT per window,
 * the three kinds together; domain/throttles.ts); beyond it the ask is refused with `tooManyAsks`
 * and nothing is stored or sent. REQ-SERVER-02, REQ-ERR-11.
 *
 * An ask that sends its code without a conversion is one call of transfer_ask (migration 060), which
 * also checks the caller's session: it reads the context, decides, and writes; the catalogue's
 * texts go to it as templates. Anything else is decided here, with the checks and the French texts,
 * on the context that call read; an ask with a conversion is then written by a second call
 * (transfer_ask_write, migration 054). Lock order: domain/transfers.ts.
 */
import { api } from '../../kernel/messages.ts'
import { transferKindContract } from '../../openapi/transfer-kinds.ts'
import type { Db } from '../db/db.ts'
import { hashCode, newCode, newReference } from './codes.ts'
import { centsToDecimal, convertCents, currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { leasedMessages, type LeasedMessage, type NewMessage } from './outbox.ts'
import { askLimitParams } from './throttles.ts'
import { isRefusal, type Caller, type SessionRefusal } from './sessions.ts'
import { askContext, askWrite, sweepAfterAsk } from './transfer-ask-db.ts'
import { templateSlot as slot, type TransferSettings } from './transfers.ts'

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

/**
 * Each call atomic by itself (no BEGIN and COMMIT). An ask the database can decide alone (see
 * askContext) is one call; any other is decided here on the context it read, and when it is let
 * through written by transfer_ask_write, which takes the throttle's lock, counts the ask and stores
 * it with its messages. A refusal writes nothing.
 */
export async function askTransfer(db: Db, customerId: string, input: AskInput, s: TransferSettings): Promise<AskOutcome>
export async function askTransfer(db: Db, caller: Caller, input: AskInput, s: TransferSettings): Promise<AskOutcome | SessionRefusal>
export async function askTransfer(db: Db, caller: Caller, input: AskInput, s: TransferSettings): Promise<AskOutcome | SessionRefusal> {
  // Mobile: the network by the number's prefix; unknown is refused below, after the currency.
  const network = input.kind === 'momo' ? WALLET_PREFIXES[input.phone.slice(3, 5)] : input.kind === 'card' ? CARD_NETWORK : undefined
  const amountCents = decimalToCents(input.amount)
  const description = input.description.trim()
  const ask: NewAsk = {
    reference: newReference(input.kind),
    code: newCode(),
    expiresAt: new Date(s.now.getTime() + s.lifetimeSeconds * 1000),
    lifetime: t.lifetime(s.lifetimeSeconds),
  }
  // Mobile and card: the payee is the number or the card; an account transfer's is the account credited.
  const given =
    input.kind === 'momo'
      ? { payee: input.phone, payeeKey: input.phone }
      : input.kind === 'card'
        ? { payee: t.cardPayee(input.accountId, input.lastFour), payeeKey: `${input.accountId}/${input.lastFour}` }
        : undefined
  // The database decides the ask alone when nothing checked here refuses it and nothing is converted.
  const oneCall =
    amountCents > 0n &&
    description.length >= DESCRIPTION_MIN_LENGTH &&
    (input.kind === 'account' || (network !== undefined && input.currencySent === input.currency))
  const read = await askContext(
    db,
    caller,
    lookupParams(input, network, s.now),
    oneCall ? oneCallParams(input, amountCents, description, given, ask, s) : undefined,
  )
  if (isRefusal(read)) return read
  const { customerId, context, decided } = read
  if (decided) {
    if (!decided.taken) return refuse(api.tooManyAsks)
    if (decided.expired) await sweepAfterAsk(db, s)
    const { debit, credit } = context!
    return asked(ask, {
      amountCents,
      debitCents: amountCents,
      currency: debit!.currency,
      currencySent: debit!.currency,
      payee: given?.payee ?? credit!.holder_label,
      conversion: '',
      balance: debit!.balance,
      leased: leasedMessages(decided.messages, decided.outboxIds, s.lease),
    })
  }
  if (!context?.enabled) return refuse(t.serviceDisabled)
  const { debit } = context
  if (!debit) return refuse(t.debitNotOwn)
  if (input.currency !== debit.currency) return refuse(t.currencyMismatch)
  if (amountCents <= 0n) return refuse(t.zeroAmount)
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
    ;({ payee, payeeKey } = given!)
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

  const amountText = formatMoney(amountCents, currencySent)
  const texts = codeTexts(ask, { amount: amountText, payee, debitAccount: debit.number, conversion, name: customer.name, bank: s.bankName })
  // Both messages in the call that stores the pending row: never a code for a transfer that was
  // not stored, never a pending transfer whose code was not sent.
  const messages: NewMessage[] = [
    ...(customer.phone ? [{ channel: 'sms' as const, to: customer.phone, text: texts.sms }] : []),
    ...(customer.email ? [{ channel: 'email' as const, to: customer.email, subject: texts.subject, text: texts.email }] : []),
  ]
  const sent = await askWrite(db, customerId, s, messages, [
    ask.reference,
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
    hashCode(s.codeKey, ask.reference, ask.code),
    MAX_CODE_TRIES,
    ask.expiresAt,
  ])
  if (!sent) return refuse(api.tooManyAsks)
  return asked(ask, { amountCents, debitCents, currency: debit.currency, currencySent, payee, conversion, balance: debit.balance, leased: sent.leased })
}

/** The ask's own values, made before the database is asked. */
interface NewAsk {
  reference: string
  /** The 8 digits sent; only its hash is stored. */
  code: string
  expiresAt: Date
  lifetime: string
}

/** The code's SMS and e-mail (the subject and the body), from the catalogue. */
function codeTexts(
  ask: NewAsk,
  v: { amount: string; payee: string; debitAccount: string; conversion: string; name: string; bank: string },
): { sms: string; subject: string; email: string } {
  const { code, lifetime } = ask
  return {
    sms: t.codeSms({ code, amount: v.amount, payee: v.payee, conversion: v.conversion, lifetime }),
    subject: t.codeEmailSubject,
    email: t.codeEmail({
      name: v.name,
      code,
      amount: v.amount,
      payee: v.payee,
      debitAccount: v.debitAccount,
      conversion: v.conversion,
      lifetime,
      bank: v.bank,
    }),
  }
}

/**
 * transfer_ask_context's parameters after the customer (migration 018), the first of transfer_ask's
 * too: the kind's module, the debit account, the account credited (an account transfer's), the
 * currency sent and whether it goes to a wallet (mobile and card), the network, the time.
 */
function lookupParams(input: AskInput, network: string | undefined, now: Date): unknown[] {
  return [
    transferKindContract[input.kind].module,
    input.debitAccount,
    input.kind === 'account' ? input.creditAccount : null,
    input.kind === 'account' ? null : input.currencySent,
    input.kind === 'account' ? null : input.kind === 'momo',
    network ?? null,
    now,
  ]
}

/**
 * transfer_ask's parameters after the context's (migration 060): the form's currency and amount,
 * the throttle's, the pending transfer's (the payee and its key null for an account transfer: the
 * account credited's), and the code's texts as templates (no conversion: the currency sent is the
 * debit account's, the form's).
 */
function oneCallParams(
  input: AskInput,
  amountCents: bigint,
  description: string,
  given: { payee: string; payeeKey: string } | undefined,
  ask: NewAsk,
  s: TransferSettings,
): unknown[] {
  const texts = codeTexts(ask, {
    amount: formatMoney(amountCents, input.currency),
    payee: slot('payee'),
    debitAccount: slot('debitAccount'),
    conversion: '',
    name: slot('name'),
    bank: s.bankName,
  })
  return [
    input.currency,
    centsToDecimal(amountCents),
    ...askLimitParams(s.askLimit, s.now),
    ask.reference,
    input.kind,
    given?.payee ?? null,
    given?.payeeKey ?? null,
    description,
    hashCode(s.codeKey, ask.reference, ask.code),
    MAX_CODE_TRIES,
    ask.expiresAt,
    [texts.sms, texts.subject, texts.email],
    s.lease?.channels ?? [],
    s.lease?.seconds ?? 0,
  ]
}

/** The answer of an ask let through. */
function asked(
  ask: NewAsk,
  v: {
    amountCents: bigint
    debitCents: bigint
    currency: string
    currencySent: string
    payee: string
    conversion: string
    balance: string
    leased: LeasedMessage[]
  },
): AskOutcome {
  const amountText = formatMoney(v.amountCents, v.currencySent)
  return {
    ok: true,
    reference: ask.reference,
    message: t.codeSent({ amount: amountText, payee: v.payee, conversion: v.conversion, lifetime: ask.lifetime }),
    currency: v.currency,
    currencySent: v.currencySent,
    amount: centsToDecimal(v.amountCents),
    debitAmount: centsToDecimal(v.debitCents),
    payee: v.payee,
    expiresAt: ask.expiresAt,
    solde: centsToDecimal(decimalToCents(v.balance)),
    leased: v.leased,
  }
}

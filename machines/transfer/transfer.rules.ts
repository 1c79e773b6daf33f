/** The pure rules of the transfer flow: its fresh context, its form errors, what an answer means, its guards. */
import { formatAmount } from '../amounts.ts'
import { transferConfirmForm, toContractAmount } from './transfer.form.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { transfer as texts, validation } from '../messages.ts'
import { accountsUnavailable } from '../shared/accounts.ts'
import { debitAccountOf, transferKinds, type TransferField, type TransferValues } from './transfer.kinds.ts'
import type {
  AskAnswer,
  ConfirmAnswer,
  PendingTransfer,
  RateInput,
  TransferAskBody,
  TransferConfirmBody,
  TransferContext,
  TransferEvent,
  TransferInput,
  TransferReceipt,
} from './transfer.types.ts'
import { isHttpSuccess, isSessionEnded, text } from '../shared/answers.ts'

/** The context of a fresh form. */
export function freshTransferContext({ kind, accounts, accountsFailed }: TransferInput): TransferContext {
  return {
    kind,
    accounts,
    accountsFailed,
    accountsUnavailable: accountsUnavailable(accounts, accountsFailed),
    values: { ...transferKinds[kind].initialValues },
    errors: {},
    submitted: false,
    error: null,
    holder: null,
    holderError: null,
    quote: null,
    suggestions: null,
    currencies: null,
    balance: null,
    pending: null,
    token: '',
    tokenError: null,
    tokenSubmitted: false,
    triesLeft: null,
    codeRefused: false,
    receipt: null,
    downloadError: null,
  }
}

type FormState = Pick<TransferContext, 'kind' | 'values' | 'accounts' | 'accountsUnavailable'>

/** The accounts the form offers: none while they are unavailable (spec §8). */
export const offeredAccounts = ({ accounts, accountsUnavailable }: Pick<TransferContext, 'accounts' | 'accountsUnavailable'>) =>
  accountsUnavailable ? [] : accounts

/**
 * The first message of each invalid field (spec §5; the REQ-VAL ids in transfer.form.ts). A debit account that is not one of the
 * accounts offered shows the debit account's required message.
 */
export function formErrors(form: FormState): FieldErrors<TransferValues> {
  const errors: FieldErrors<TransferValues> = fieldErrors(transferKinds[form.kind].schema, form.values)
  if (!errors.debitAccount && !debitAccountOf(form.values, offeredAccounts(form))) {
    errors.debitAccount = validation.debitAccountRequired
  }
  return errors
}

/** The code field's message (spec §5 confirmation token, REQ-VAL-28), `null` when the code may be sent. */
export function tokenErrorOf(token: string): string | null {
  return fieldErrors(transferConfirmForm, { token }).token ?? null
}

/** The answer's message, or the generic transfer error. */
export const messageOf = (body: { message?: unknown } | null) => text(body?.message) ?? texts.failed
/** A confirm answer's description (spec §4; REQ-XFER-07, REQ-ERR-12), else its message, else the generic transfer error. */
export const descriptionOf = (body: TransferConfirmBody | null) => text(body?.description) ?? text(body?.message) ?? texts.failed
export const triesLeftOf = (body: TransferConfirmBody | null) =>
  typeof body?.triesLeft === 'number' && Number.isInteger(body.triesLeft) && body.triesLeft >= 0 ? body.triesLeft : null

/** The pending transfer of an ask answer that carries a reference (REQ-XFER-03). */
export function pendingOf(context: TransferContext, body: TransferAskBody): PendingTransfer {
  const spec = transferKinds[context.kind]
  const debit = debitAccountOf(context.values, context.accounts)
  const sentCurrency = spec.currencies ? context.values.currencySent.trim() : (debit?.currency ?? '')
  const typedPayee = context.values[spec.payeeField].trim()
  return {
    reference: text(body.code) ?? '',
    amount: text(body.amount) ?? toContractAmount(context.values.amount),
    currency: text(body.currencySent) ?? sentCurrency,
    debitAmount: text(body.debitAmount) ?? null,
    debitCurrency: text(body.currency) ?? debit?.currency ?? '',
    payee: text(body.payee) ?? context.holder ?? typedPayee,
    expiresAt: text(body.expiresAt) ?? null,
    message: text(body.message) ?? null,
  }
}

/** The receipt of an executed transfer (spec §4, REQ-XFER-06: success message with or without the new balance). */
export function receiptOf(context: TransferContext, body: TransferConfirmBody | null): TransferReceipt {
  const newBalance = text(body?.solde) ?? ''
  const currency = text(body?.currency) ?? context.pending?.debitCurrency ?? ''
  return {
    newBalance,
    currency,
    reference: text(body?.reference) ?? context.pending?.reference ?? '',
    executedAt: text(body?.executedAt) ?? null,
    message: newBalance === '' ? texts.success : texts.newBalance(formatAmount(newBalance, currency)),
  }
}

// Guards on an answer (params of the `onDone` branches).
export interface AnyAnswer {
  status: number
  body: { code?: string; status?: string } | null
}
export const askAnswer = ({ event }: { event: { output: AskAnswer } }) => event.output
export const confirmAnswer = ({ event }: { event: { output: ConfirmAnswer } }) => event.output

// ---------------------------------------------------------------------------------------------
// The guards of the chart: `transfer.machine.ts` names and documents each in its `setup`.
// ---------------------------------------------------------------------------------------------

type GuardArgs = { context: TransferContext; event: TransferEvent }

export const isFieldOfKind = ({ context, event }: GuardArgs) => event.type === 'field.change' && transferKinds[context.kind].fields.includes(event.field)
export const areAccountsUnavailable = ({ context }: GuardArgs) => context.accountsUnavailable

export const isPayeeChange = ({ context, event }: GuardArgs) => event.type === 'field.change' && transferKinds[context.kind].payeeFields.includes(event.field)
export const shouldLookUpHolder = ({ context }: GuardArgs) =>
  context.holder === null && context.holderError === null && transferKinds[context.kind].holderLookup(context.values) !== null

/**
 * The holder of the loaded suggestion that is the payee the lookup would ask about, when it carries
 * one; else `null` (suggestions not loaded yet, a payee not in the list, no holder, a card). The
 * payee is compared as `holderLookup` gives it to the lookup (the trimmed account or phone number),
 * the suggestion as used-freq gives it: the same account number or phone number as the details
 * calls key them (docs/decisions.md, "Mobile data: a frequent payee's holder from its suggestion").
 */
export function suggestedHolderOf(context: Pick<TransferContext, 'kind' | 'values' | 'suggestions'>): string | null {
  const lookup = transferKinds[context.kind].holderLookup(context.values)
  if (lookup === null || lookup.kind === 'card' || context.suggestions === null) return null
  const payee = lookup.kind === 'account' ? lookup.account : lookup.phone
  return text(context.suggestions.find((s) => s.value === payee)?.holder) ?? null
}
export const hasSuggestedHolder = ({ context }: GuardArgs) => context.holder === null && context.holderError === null && suggestedHolderOf(context) !== null

/** The fields the rate before committing depends on (rulings §9.3, REQ-SCREEN-XFER-05). */
const RATE_FIELDS: readonly TransferField[] = ['debitAccount', 'amount', 'currencySent']
/** rulings §9.3: the rate is asked this long after the last change of account, currency or amount (one call, not one a keystroke). */
export const RATE_QUIET_MS = 400

/**
 * The `quoteRate` input of the form (rulings §9.3), when the kind has a currency field and the
 * account, the currency and the amount are valid, the currency sent not the account's; else `null`.
 */
export function rateInputOf(context: Pick<TransferContext, 'kind' | 'values' | 'accounts' | 'accountsUnavailable'>): RateInput | null {
  const spec = transferKinds[context.kind]
  if (spec.currencies === null) return null
  const debit = debitAccountOf(context.values, offeredAccounts(context))
  const errors = fieldErrors(spec.schema, context.values)
  if (!debit || errors.amount !== undefined || errors.currencySent !== undefined) return null
  const currencySent = context.values.currencySent.trim()
  if (currencySent === debit.currency) return null
  return { currencySent, currency: debit.currency, amount: toContractAmount(context.values.amount) }
}
export const isRateInputChange = ({ context, event }: GuardArgs) =>
  transferKinds[context.kind].currencies !== null && event.type === 'field.change' && RATE_FIELDS.includes(event.field)
export const shouldQuoteRate = ({ context }: GuardArgs) => context.quote === null && rateInputOf(context) !== null
export const shouldLoadSuggestions = ({ context }: GuardArgs) => transferKinds[context.kind].suggestions !== null && context.suggestions === null
export const shouldLoadCurrencies = ({ context }: GuardArgs) => transferKinds[context.kind].currencies !== null && context.currencies === null
export const isDebitAccountChange = ({ context, event }: GuardArgs) =>
  transferKinds[context.kind].showsBalance && event.type === 'field.change' && event.field === 'debitAccount'
export const shouldLoadBalance = ({ context }: GuardArgs) =>
  transferKinds[context.kind].showsBalance && context.balance === null && debitAccountOf(context.values, offeredAccounts(context)) !== undefined

/** rulings §4: the code form's expiry is known (the ask answer gave `expiresAt`). */
export const hasCodeExpiry = ({ context }: Pick<GuardArgs, 'context'>) => context.pending?.expiresAt != null

/**
 * The milliseconds left before the code expires (rulings §4: 5 minutes), 0 once past or when the
 * answer gave no date (then `hasCodeExpiry` keeps the form open). The delay of the chart's `codeLife`.
 */
export function codeLifeLeft({ context }: Pick<GuardArgs, 'context'>): number {
  const at = Date.parse(context.pending?.expiresAt ?? '')
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now())
}

/** rulings §6.1: HTTP 422 is the bank's refusal of the code typed, with tries left. */
export const isCodeRefusal = (answer: AnyAnswer) => answer.status === 422

export const isTokenValid = ({ context }: GuardArgs) => tokenErrorOf(context.token) === null
export const wasTokenSubmitted = ({ context }: GuardArgs) => context.tokenSubmitted

// On an answer of the ask or confirm call (params of the `onDone` branches).
export const endsSession = (_: unknown, answer: AnyAnswer) => isSessionEnded(answer)
export const isHttpFailure = (_: unknown, answer: AnyAnswer) => !isHttpSuccess(answer.status)
export const isUnreadable = (_: unknown, answer: AnyAnswer) => answer.body === null
export const isRefused = (_: unknown, answer: AnyAnswer) => answer.body?.status === '1'
export const isConfirmed = (_: unknown, answer: AnyAnswer) => isHttpSuccess(answer.status) && answer.body?.status === '0'
export const hasReference = (_: unknown, answer: AskAnswer) => text(answer.body?.code) !== undefined

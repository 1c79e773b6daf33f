/** What the transfer screen shows, from a snapshot: the views read only this and send events. */
import { type SnapshotFrom } from 'xstate'
import { GROUP_SEPARATOR, currencyLabel, formatAmount } from '../amounts.ts'
import { accountOptionsOf } from '../shared/accounts.ts'
import { accounts as accountTexts, transfer as texts } from '../messages.ts'
import type { FieldErrors } from '../shared/form.ts'
import { FIELD_EXACT_LENGTH, FIELD_MAX_LENGTH } from '../limits.ts'
import { transferKinds, type TransferField, type TransferValues } from './transfer.kinds.ts'
import type { transferMachine } from './transfer.machine.ts'
import { rateInputOf } from './transfer.rules.ts'
import type { PendingTransfer, Suggestion, TransferContext } from './transfer.types.ts'

/**
 * The banner of the code form: the error, followed by the tries left (rulings §4) unless the
 * bank's description already says them (the reference server's does); `null` without an error.
 */
export function codeErrorBanner(context: Pick<TransferContext, 'error' | 'triesLeft'>): string | null {
  const { error, triesLeft } = context
  if (!error) return null
  const note = triesLeft !== null && triesLeft > 0 ? texts.triesLeft(triesLeft) : null
  return note && !error.includes(note) ? `${error} ${note}` : error
}

export type TransferStep = 'form' | 'code' | 'done' | 'failed' | 'unknown'

/** An option of a select: the value sent, the label shown. */
export interface TransferOption {
  value: string
  label: string
}

/** The keyboard a field opens on a phone (the input's `inputMode`). */
export type TransferInputMode = 'text' | 'decimal' | 'tel' | 'numeric'

/** One field of the form, complete: the view renders it as it is (spec §2, §5; machines/limits.ts). */
export interface TransferFieldScreen {
  name: TransferField
  label: string
  /** A native select (the accounts, the currencies) or a text input. */
  control: 'select' | 'input'
  value: string
  /** The message of its first broken rule, once a submit was tried (spec §5). */
  error: string | undefined
  /** select: its options and the empty first choice ("Sélectionnez…"); none for an input. */
  options: TransferOption[]
  placeholder: string | null
  /** input: where it stops (the contract's length, machines/limits.ts) and the keyboard it opens. */
  maxLength: number | null
  inputMode: TransferInputMode
  /** input: it offers the frequently used accounts or numbers (the form's datalist, `suggestionsId`). */
  offersSuggestions: boolean
  /** Under the field and describing it: the payee lookup (looking up, the holder, not found). */
  hint: string | null
  /** A line after the field, announced politely: the account's balance (momo), the rate (rulings §9.3). */
  status: string | null
}

/** What the view needs of each field besides its value: its label, its control, its length and keyboard. */
const FIELD_VIEW: Record<TransferField, { control: 'select' | 'input'; maxLength: number | null; inputMode: TransferInputMode }> = {
  debitAccount: { control: 'select', maxLength: null, inputMode: 'text' },
  amount: { control: 'input', maxLength: FIELD_MAX_LENGTH.amount, inputMode: 'decimal' },
  creditAccount: { control: 'input', maxLength: FIELD_EXACT_LENGTH.accountNumber, inputMode: 'text' },
  currencySent: { control: 'select', maxLength: null, inputMode: 'text' },
  phone: { control: 'input', maxLength: FIELD_EXACT_LENGTH.momoNumber, inputMode: 'tel' },
  accountId: { control: 'input', maxLength: FIELD_EXACT_LENGTH.cardAccountId, inputMode: 'numeric' },
  lastFour: { control: 'input', maxLength: FIELD_EXACT_LENGTH.cardLastFour, inputMode: 'numeric' },
  description: { control: 'input', maxLength: FIELD_MAX_LENGTH.description, inputMode: 'text' },
}

/** The code form (spec §4 confirmation form): what the code is for, and the code field. */
export interface TransferCodeScreen {
  /** "Transfert de {amount} vers {payee}". */
  summary: string
  /** The amount debited after conversion, when the debit currency is not the currency sent; `null` otherwise. */
  debitLine: string | null
  /** The ask answer's message (where the code was sent…), if any. */
  message: string | null
  /** When the code expires (ISO date-time), when the answer gives it: the view counts down to it. */
  expiresAt: string | null
  token: string
  tokenError: string | null
  /** The code field: where it stops (machines/limits.ts) and the keyboard it opens. */
  maxLength: number
  inputMode: TransferInputMode
  /** The error of the last refused code with the tries left (`codeErrorBanner`), `null` when none. */
  banner: string | null
  /** The banner is the refusal of the code typed (rulings §6.1): the field is marked invalid and described by it. */
  bannerOnField: boolean
  /** rulings §4: the code's time is over: the field and the submit button are disabled, transfer.codeExpired shows. */
  expired: boolean
}

/** The final screen of an executed transfer (spec §4 success), amounts formatted. */
export interface TransferReceiptScreen {
  /** The success message, with the new balance when known. */
  message: string
  reference: string
  /** As the answer gives it (ISO date-time); the view formats it in the bank's zone. */
  executedAt: string | null
  /** The amount sent and the payee, from the code form. */
  amount: string | null
  payee: string | null
  /** The new balance of the debited account, `null` when the answer has none. */
  newBalance: string | null
}

export interface TransferScreen {
  /** Which of the four screens to show. */
  step: TransferStep
  /** The screen's heading (rulings §1), the page title too. */
  heading: string
  /** The form's title above it (rulings §1), `null` for a kind that shows none (`showsFormTitle`). */
  formTitle: string | null
  /** The form's accessible name: its title, or the kind's form title when none shows. */
  formLabel: string
  /** The information panel of the three steps (spec §2 /app/momo, /app/prepaid-card). */
  showsSteps: boolean
  /** The form's fields in screen order, complete (label, control, value, error, length, keyboard, hint, status). */
  fields: TransferFieldScreen[]
  /** The id of the form's datalist of frequently used accounts or numbers. */
  suggestionsId: string
  /** The form or the code form is waiting for the bank (spinner, buttons disabled). */
  busy: boolean
  lookingUpHolder: boolean
  loadingBalance: boolean

  /** The form (spec §2): what the customer typed, and each field's message once a submit was tried. */
  values: TransferValues
  errors: FieldErrors<TransferValues>
  /** The error banner of the form (a refused ask) or of the transfer refused for good; `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The debit account select's options. */
  accountOptions: TransferOption[]
  /** The currency select's options (none when the list could not be loaded, spec §8). */
  currencyOptions: TransferOption[]
  /** Frequently used accounts or numbers offered on the field to credit (none when not loaded). */
  suggestions: Suggestion[]
  /** momo: the selected account's balance line; `null` when unknown. */
  balanceLine: string | null
  /** Under the payee's last field: the lookup under way, the holder found, or the lookup failure; `null` when none (spec §2, rulings §9.2). */
  holderHint: string | null
  /** momo, card: the rate and the amount debited (rulings §9.3), the quote under way, or the bank's reason; `null` when none. */
  rateLine: string | null

  /** The code form, from the ask answer on; `null` before. */
  code: TransferCodeScreen | null
  /** The executed transfer (`done`); `null` otherwise. */
  receipt: TransferReceiptScreen | null
  /** The receipt is downloading: the spinner on its button (spec §2: a spinner shows while a file downloads). */
  downloading: boolean
  /** rulings §9.7: the receipt could not be downloaded (transfer.downloadFailed) until the next try; `null` otherwise. */
  downloadError: string | null
}

/** spec §4 code form: the debited amount is said when the bank converted it. */
const debitLineOf = ({ debitAmount, debitCurrency, currency }: PendingTransfer): string | null =>
  debitAmount && debitCurrency !== currency ? texts.debitAmount(formatAmount(debitAmount, debitCurrency)) : null

/** spec §2, §8, rulings §9.2: the hint under the payee's last field. */
function holderHintOf({ kind, holder, holderError }: Pick<TransferContext, 'kind' | 'holder' | 'holderError'>, lookingUp: boolean): string | null {
  const holderTexts = transferKinds[kind].holderTexts
  if (lookingUp) return holderTexts.lookingUp
  return holder ? holderTexts.found(holder) : holderError
}

/**
 * A rate in French format, exact (rulings §9.3): the whole part in groups of thousands, a comma,
 * the decimals the bank gives without trailing zeros but at least 2 — '2850.00000000' → '2 850,00',
 * '0.00035088' → '0,00035088'. A text that is not a decimal is shown as it came.
 */
export function formatRate(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim())
  if (!match) return rate.trim()
  const [, whole = '0', fraction = ''] = match
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR)},${decimals}`
}

/** rulings §9.3: the rate line, the quote under way, or the bank's reason for none. */
function rateLineOf(context: TransferContext, quoting: boolean): string | null {
  if (quoting) return texts.quotingRate
  const { quote } = context
  if (!quote) return null
  if (!quote.found) return quote.message ?? null
  const input = rateInputOf(context)
  if (!input) return null
  const { currencySent, currency } = input
  return texts.rate(currencyLabel(currencySent), formatRate(quote.rate), currencyLabel(currency), formatAmount(quote.debitAmount, currency))
}

function codeScreenOf(context: TransferContext, pending: PendingTransfer, expired: boolean): TransferCodeScreen {
  const banner = codeErrorBanner(context)
  return {
    summary: texts.codeFor(formatAmount(pending.amount, pending.currency), pending.payee),
    debitLine: debitLineOf(pending),
    message: pending.message,
    expiresAt: pending.expiresAt,
    token: context.token,
    tokenError: context.tokenError,
    maxLength: FIELD_MAX_LENGTH.confirmationCode,
    inputMode: 'numeric',
    banner,
    bannerOnField: banner !== null && context.codeRefused && !expired,
    expired,
  }
}

function receiptScreenOf({ receipt, pending }: TransferContext): TransferReceiptScreen | null {
  if (!receipt) return null
  return {
    message: receipt.message,
    reference: receipt.reference,
    executedAt: receipt.executedAt,
    amount: pending ? formatAmount(pending.amount, pending.currency) : null,
    payee: pending ? pending.payee : null,
    newBalance: receipt.newBalance ? formatAmount(receipt.newBalance, receipt.currency) : null,
  }
}

/** The screen of a snapshot of `transferMachine`. */
export function transferScreen(snapshot: SnapshotFrom<typeof transferMachine>): TransferScreen {
  const c = snapshot.context
  const step: TransferStep = snapshot.matches('done')
    ? 'done'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('resultUnknown')
        ? 'unknown'
        : snapshot.matches('awaitingCode') || snapshot.matches('confirming') || snapshot.matches('codeExpired')
          ? 'code'
          : 'form'
  const editing = (snapshot.value as { editing?: { holder?: string; balance?: string; rate?: string } }).editing
  const lookingUpHolder = editing?.holder === 'lookingUp'
  const kind = transferKinds[c.kind]
  const accountOptions = accountOptionsOf(c)
  const currencyOptions = (c.currencies ?? []).map((code) => ({ value: code, label: currencyLabel(code) }))
  const suggestions = c.suggestions ?? []
  const balanceLine = c.balance ? texts.balance(formatAmount(c.balance.amount, c.balance.currency)) : null
  const holderHint = holderHintOf(c, lookingUpHolder)
  const rateLine = rateLineOf(c, editing?.rate === 'quoting')
  const hintField = kind.payeeFields[kind.payeeFields.length - 1]
  const fields = kind.fields.map((name): TransferFieldScreen => {
    const view = FIELD_VIEW[name]
    const options = name === 'debitAccount' ? accountOptions : name === 'currencySent' ? currencyOptions : []
    const placeholder = name === 'debitAccount' ? texts.chooseAccount : name === 'currencySent' ? texts.chooseCurrency : null
    return {
      name,
      label: texts.labels[name],
      ...view,
      value: c.values[name],
      error: c.errors[name],
      options,
      placeholder,
      offersSuggestions: kind.suggestions?.field === name && suggestions.length > 0,
      hint: name === hintField ? holderHint : null,
      status: name === 'debitAccount' ? balanceLine : name === 'currencySent' ? rateLine : null,
    }
  })
  return {
    step,
    heading: kind.heading,
    formTitle: kind.showsFormTitle ? kind.formTitle : null,
    formLabel: kind.formTitle,
    showsSteps: kind.showsSteps,
    fields,
    suggestionsId: `suggestions-${c.kind}`,
    busy: snapshot.hasTag('busy'),
    lookingUpHolder,
    loadingBalance: editing?.balance === 'loading',
    values: c.values,
    errors: c.errors,
    error: c.error,
    accountsMessage: c.accountsUnavailable ? accountTexts.notLoaded : null,
    accountOptions,
    currencyOptions,
    suggestions,
    balanceLine,
    holderHint,
    rateLine,
    code: c.pending ? codeScreenOf(c, c.pending, snapshot.matches('codeExpired')) : null,
    receipt: receiptScreenOf(c),
    downloading: snapshot.matches({ done: 'downloading' }),
    downloadError: step === 'done' ? c.downloadError : null,
  }
}

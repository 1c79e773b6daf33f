/** What the transfer screen shows, from a snapshot: the views read only this and send events. */
import { type SnapshotFrom } from 'xstate'
import { currencyLabel, formatAmount } from '../amounts.ts'
import { accountOptionsOf } from '../shared/accounts.ts'
import { transfer as texts } from '../messages.ts'
import type { FieldErrors } from '../shared/form.ts'
import { transferKinds, type TransferValues } from './transfer.kinds.ts'
import type { transferMachine } from './transfer.machine.ts'
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
  /** The form's title above it (rulings §1), `null` for a kind that shows none (`showsFormTitle`). */
  formTitle: string | null
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
  /** account: under the account to credit, the lookup under way, the holder found, or the lookup failure; `null` when none. */
  holderHint: string | null

  /** The code form, from the ask answer on; `null` before. */
  code: TransferCodeScreen | null
  /** The executed transfer (`done`); `null` otherwise. */
  receipt: TransferReceiptScreen | null
  /** The receipt is downloading: the spinner on its button (spec §2: a spinner shows while a file downloads). */
  downloading: boolean
}

/** spec §4 code form: the debited amount is said when the bank converted it. */
const debitLineOf = ({ debitAmount, debitCurrency, currency }: PendingTransfer): string | null =>
  debitAmount && debitCurrency !== currency ? texts.debitAmount(formatAmount(debitAmount, debitCurrency)) : null

/** spec §2, §8: the hint under the account to credit. */
function holderHintOf({ holder, holderError }: Pick<TransferContext, 'holder' | 'holderError'>, lookingUp: boolean): string | null {
  if (lookingUp) return texts.lookingUpHolder
  return holder ? texts.holder(holder) : holderError
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
    newBalance: receipt.solde ? formatAmount(receipt.solde, receipt.currency) : null,
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
  const editing = (snapshot.value as { editing?: { holder?: string; balance?: string } }).editing
  const lookingUpHolder = editing?.holder === 'lookingUp'
  const kind = transferKinds[c.kind]
  return {
    step,
    formTitle: kind.showsFormTitle ? kind.formTitle : null,
    busy: snapshot.hasTag('busy'),
    lookingUpHolder,
    loadingBalance: editing?.balance === 'loading',
    values: c.values,
    errors: c.errors,
    error: c.error,
    accountsMessage: c.accountsUnavailable ? texts.accountsNotLoaded : null,
    accountOptions: accountOptionsOf(c),
    currencyOptions: (c.currencies ?? []).map((code) => ({ value: code, label: currencyLabel(code) })),
    suggestions: c.suggestions ?? [],
    balanceLine: c.balance ? texts.balance(formatAmount(c.balance.amount, c.balance.currency)) : null,
    holderHint: holderHintOf(c, lookingUpHolder),
    code: c.pending ? codeScreenOf(c, c.pending, snapshot.matches('codeExpired')) : null,
    receipt: receiptScreenOf(c),
    downloading: snapshot.matches({ done: 'downloading' }),
  }
}

/** The types of the transfer flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import { type FieldErrors } from '../shared/form.ts'
import type { Account } from '../shared/customer.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import { type TransferField, type TransferValues } from './transfer.kinds.ts'

export interface TransferInput {
  kind: TransferKind
  /** The customer's accounts, from the session's context. */
  accounts: Account[]
  /** The session could not load them (spec §8). */
  accountsFailed: boolean
}

/** The answer of an ask call: the contract's TransferAskResponse, or an error body. */
export type TransferAskBody = components['schemas']['TransferAskResponse'] &
  Partial<components['schemas']['ErrorBody']> & {
    /** The currency of `amount` (momo, card: the currency sent). */
    currencySent?: string
  }
/** The answer of a confirm call: the contract's TransferConfirmResponse, or an error body. */
export type TransferConfirmBody = components['schemas']['TransferConfirmResponse'] & Partial<components['schemas']['ErrorBody']>

/**
 * What the `askTransfer` and `confirmTransfer` actors resolve with: the HTTP status and the body
 * (`null` when it could not be read). They reject only when no answer came (network, timeout).
 */
export interface TransferAnswer<Body> {
  status: number
  body: Body | null
}
export type AskAnswer = TransferAnswer<TransferAskBody>
export type ConfirmAnswer = TransferAnswer<TransferConfirmBody>

/** The input of `confirmTransfer` (spec §7: transfer/confirm, confirm-wallet, confirm-card). */
export interface ConfirmTransferInput {
  kind: TransferKind
  /** The reference answered by the ask call (its `code`). */
  reference: string
  /** The validation code the customer typed. */
  token: string
}

/** What `lookUpHolder` resolves with (POST details, details-wallet, details-card); it may also reject (network). */
/** A lookup the bank refused for too many tries (rulings §8, HTTP 429) carries its message. */
export type HolderLookup = { found: true; libelle: string } | { found: false; message?: string }

/** The input of `quoteRate` (rulings §9.3, POST rate): the currency sent, the debit account's, the amount (contract's dot). */
export interface RateInput {
  currencySent: string
  currency: string
  amount: string
}

/**
 * What `quoteRate` resolves with: the rate (1 `currencySent` = `rate` `currency`) and the amount
 * that would be debited, both exact decimal strings; or no quote, with the bank's reason when it
 * gave one (no rate in force, an amount too small). It may also reject (network): nothing shown.
 */
export type RateQuote = { found: true; rate: string; debitAmount: string } | { found: false; message?: string }

/** The input of `downloadReceipt` (spec §7 transfer/receipt/{reference}). */
export interface ReceiptDownloadInput {
  reference: string
}

/** The params of `logDownloadError`: the receipt and what the `downloadReceipt` actor rejected with. */
export interface ReceiptDownloadFailure {
  reference: string
  error: unknown
}

/** What `loadBalance` resolves with (POST balance); it rejects when there is none. */
export interface AccountBalance {
  amount: string
  currency: string
}

/** The transfer waiting for its validation code: what the code form shows. */
export interface PendingTransfer {
  /** The reference to confirm (the ask answer's `code`). */
  reference: string
  /** The amount sent and its currency code (answer's `amount`/`currencySent`, else the form's). */
  amount: string
  currency: string
  /** The amount debited in the account's currency (after conversion), when the answer gives it. */
  debitAmount: string | null
  /** The debit account's currency code (answer's `currency`, else the account's). */
  debitCurrency: string
  /** Who is credited (answer's `payee`, else the holder label or the typed field). */
  payee: string
  /** When the code expires (ISO date-time), when the answer gives it: the screen shows the time left. */
  expiresAt: string | null
  /** The answer's message (where the code was sent, amount, payee, conversion), if any. */
  message: string | null
}

/** The executed transfer: what the final screen shows. */
export interface TransferReceipt {
  /** The new balance of the debited account (the answer's `solde`; '' when it has none) and its currency code. */
  newBalance: string
  currency: string
  /** The transfer's reference (the receipt's, `transfer/receipt/{reference}`). */
  reference: string
  executedAt: string | null
  /** spec §4: the success message, with the new balance when `newBalance` is not empty. */
  message: string
}

export interface TransferContext {
  kind: TransferKind
  accounts: Account[]
  accountsFailed: boolean
  /** spec §8: no account, or they could not be loaded → `accounts.notLoaded`, click reloads. */
  accountsUnavailable: boolean

  /** The form (fields of `transferKinds[kind].fields`; the others stay empty). */
  values: TransferValues
  /** field → message; set once `submitted` (spec §5). */
  errors: FieldErrors<TransferValues>
  /** Whether the customer has tried to submit the form: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /**
   * The error banner of the current screen, `null` when none: the refusal of the ask (form), of a
   * code (code form), or the description of a transfer refused for good (`failed`).
   */
  error: string | null

  /** The holder of the payee (account, wallet, card), or the lookup's failure message (spec §2, rulings §9.2). */
  holder: string | null
  holderError: string | null
  /**
   * momo, card: the rate and the amount debited for the form's account, currency and amount when
   * the currency sent is not the account's (rulings §9.3); `null` until quoted. Forgotten when one
   * of the three changes.
   */
  quote: RateQuote | null
  /** account, momo: frequently used accounts or numbers; `null` until loaded ([] on failure). */
  suggestions: Suggestion[] | null
  /** momo, card: the currency codes offered; `null` until loaded ([] on failure: nothing shown, spec §8). */
  currencies: string[] | null
  /** momo: the selected account's balance; `null` when unknown (nothing shown). */
  balance: AccountBalance | null

  /** From the ask answer on: the transfer waiting for its code. */
  pending: PendingTransfer | null
  /** The validation code as typed; wiped when the confirm call ends. */
  token: string
  /** The code field's error (spec §5); set once `tokenSubmitted`. */
  tokenError: string | null
  tokenSubmitted: boolean
  /** Tries left after a wrong code, when the answer says (rulings §4: 3 wrong codes cancel). */
  triesLeft: number | null
  /**
   * The banner is the bank's refusal of the code typed (HTTP 422, rulings §6.1): the code field is
   * marked invalid and described by it. `false` for any other banner (no answer, another error).
   */
  codeRefused: boolean

  /** The executed transfer (`done`). */
  receipt: TransferReceipt | null
  /** rulings §9.7: the receipt could not be downloaded (transfer.downloadFailed); cleared by the next try. */
  downloadError: string | null
}

export type TransferEvent =
  | { type: 'field.change'; field: TransferField; value: string }
  | { type: 'transfer.submit' }
  /** The session's account list changed while the screen is open. */
  | { type: 'accounts.change'; accounts: Account[]; accountsFailed: boolean }
  /** The click on `accounts.notLoaded` (spec §8). */
  | { type: 'accounts.reload' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  /** "Faire un autre transfert", "Réessayer un nouveau transfert", or giving up the pending transfer. */
  | { type: 'transfer.restart' }
  /** The receipt button of the final screen. */
  | { type: 'receipt.download' }

/** A frequently used account or number, with the holder's name when the bank knows it (used-freq). */
export interface Suggestion {
  value: string
  holder: string | null
}

/**
 * What differs between the three transfers (spec §2 /app/transfer, /app/momo, /app/prepaid-card;
 * §4 Transfers; §5; §7), as data read by the one transfer machine (`transfer.ts`) and by the one
 * transfer screen:
 *
 * | kind      | module       | form fields (spec §5)                                        | confirm status '1' |
 * |-----------|--------------|--------------------------------------------------------------|--------------------|
 * | account   | transfert    | debitAccount, amount, creditAccount, description             | code form hidden, "Réessayer un nouveau transfert" |
 * | momo      | mobile-money | debitAccount, amount, currencySent, phone, description       | code form kept     |
 * | card      | card-visa    | debitAccount, amount, currencySent, accountId, lastFour, description | code form kept |
 *
 * Extras of a kind: the holder lookup of the account to credit (account), the frequently used
 * accounts or numbers (account: used-freq 1, momo: used-freq 2), the currency list (momo: b2w,
 * card: b2c), the selected account's balance (momo, spec §2).
 */
import * as z from 'zod/mini'
import type { components } from '../../openapi/schema'
import { transferKindContract as contract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { accountTransferForm, cardTransferForm, momoTransferForm, toContractAmount } from './transfer.form.ts'
import { transfer as texts } from '../messages.ts'
import type { Account, ModuleCode } from '../shared/customer.ts'

/** Every field of the three forms; a kind uses some of them (`fields`). Names are the contract's. */
export const TRANSFER_FIELDS = ['debitAccount', 'amount', 'creditAccount', 'currencySent', 'phone', 'accountId', 'lastFour', 'description'] as const
export type TransferField = (typeof TRANSFER_FIELDS)[number]

/**
 * What the inputs hold. Every field is present (an empty string for the fields the kind has not),
 * so that a view reads `values[field]` for any field of `fields`.
 */
export type TransferValues = Record<TransferField, string>

/** The request body of each kind (spec §7: transfer/ask, ask-wallet, ask-card). */
export interface TransferRequests {
  account: components['schemas']['AccountTransferRequest']
  momo: components['schemas']['WalletTransferRequest']
  card: components['schemas']['CardTransferRequest']
}

/** The input of the `askTransfer` actor: the kind tells which call of spec §7 to make. */
export type AskTransferInput = { [K in TransferKind]: { kind: K; body: TransferRequests[K] } }[TransferKind]

/** A form schema of spec §5 (`<flow>.form.ts`), seen from the machine: strings in, strings out. */
export type TransferFormSchema = z.ZodMiniType<Record<string, string>, Record<string, string>>

export interface TransferKindSpec<K extends TransferKind = TransferKind> {
  kind: K
  /** The module that grants the screen (spec §3, §6). */
  module: ModuleCode
  /** The screen heading and the form title (rulings §1). */
  heading: string
  formTitle: string
  /**
   * The form title shows above the form (rulings §1: heading and form title, even when they read
   * alike); not for the account transfer, whose title the spec does not quote (its heading says it).
   */
  showsFormTitle: boolean
  /** The form's zod/mini schema (spec §5). */
  schema: TransferFormSchema
  /** The form fields, in the order the screen shows them (spec §2). */
  fields: readonly TransferField[]
  /** The values of a fresh form: every field empty (spec §5: nothing is pre-selected). */
  initialValues: TransferValues
  /** The field that names who is credited (shown on the code form when the answer has no payee). */
  payeeField: TransferField
  /** spec §2 /app/transfer: the holder of the account to credit is looked up at 21 characters. */
  looksUpHolder: boolean
  /**
   * spec §2, §7, rulings §3: frequently used accounts (used-freq 1) or numbers (used-freq 2),
   * offered on `field`; `null` when the screen has none.
   */
  suggestions: { field: TransferField; usedFreqId: '1' | '2' } | null
  /** spec §7: the currency list of the `currencySent` field (b2w, b2c); `null` when none. */
  currencies: 'b2w' | 'b2c' | null
  /** spec §2 /app/momo: the selected account's balance is displayed. */
  showsBalance: boolean
  /** Whether the information panel of the three steps is shown (spec §2 /app/momo, /app/prepaid-card). */
  showsSteps: boolean
  /**
   * The request body of a valid form (spec §7): trimmed values, the amount with a dot
   * (`toContractAmount`), `currency` = the debit account's currency.
   */
  toRequest(values: TransferValues, debitAccount: Account): TransferRequests[K]
}

const emptyValues: TransferValues = {
  debitAccount: '',
  amount: '',
  creditAccount: '',
  currencySent: '',
  phone: '',
  accountId: '',
  lastFour: '',
  description: '',
}

const trimmed = (values: TransferValues, field: TransferField) => values[field].trim()

const account: TransferKindSpec<'account'> = {
  kind: 'account',
  module: contract.account.module,
  heading: texts.accountHeading,
  formTitle: texts.accountFormTitle,
  showsFormTitle: false,
  schema: accountTransferForm,
  fields: ['debitAccount', 'amount', 'creditAccount', 'description'],
  initialValues: emptyValues,
  payeeField: 'creditAccount',
  looksUpHolder: true,
  suggestions: { field: 'creditAccount', usedFreqId: contract.account.usedFreqId },
  currencies: contract.account.currencies,
  showsBalance: false,
  showsSteps: false,
  toRequest: (values, debit) => ({
    debitAccount: debit.compte,
    creditAccount: trimmed(values, 'creditAccount'),
    description: trimmed(values, 'description'),
    currency: debit.currency,
    amount: toContractAmount(values.amount),
  }),
}

const momo: TransferKindSpec<'momo'> = {
  kind: 'momo',
  module: contract.momo.module,
  heading: texts.momoHeading,
  formTitle: texts.momoFormTitle,
  showsFormTitle: true,
  schema: momoTransferForm,
  fields: ['debitAccount', 'amount', 'currencySent', 'phone', 'description'],
  initialValues: emptyValues,
  payeeField: 'phone',
  looksUpHolder: false,
  suggestions: { field: 'phone', usedFreqId: contract.momo.usedFreqId },
  currencies: contract.momo.currencies,
  showsBalance: true,
  showsSteps: true,
  toRequest: (values, debit) => ({
    debitAccount: debit.compte,
    phone: trimmed(values, 'phone'),
    description: trimmed(values, 'description'),
    currency: debit.currency,
    amount: toContractAmount(values.amount),
    currencySent: trimmed(values, 'currencySent'),
  }),
}

const card: TransferKindSpec<'card'> = {
  kind: 'card',
  module: contract.card.module,
  heading: texts.cardHeading,
  formTitle: texts.cardFormTitle,
  showsFormTitle: true,
  schema: cardTransferForm,
  fields: ['debitAccount', 'amount', 'currencySent', 'accountId', 'lastFour', 'description'],
  initialValues: emptyValues,
  payeeField: 'accountId',
  looksUpHolder: false,
  suggestions: null,
  currencies: contract.card.currencies,
  showsBalance: false,
  showsSteps: true,
  toRequest: (values, debit) => ({
    debitAccount: debit.compte,
    accountId: trimmed(values, 'accountId'),
    lastFour: trimmed(values, 'lastFour'),
    description: trimmed(values, 'description'),
    currency: debit.currency,
    amount: toContractAmount(values.amount),
    currencySent: trimmed(values, 'currencySent'),
  }),
}

export const transferKinds: { readonly [K in TransferKind]: TransferKindSpec<K> } = { account, momo, card }

/** The debit account chosen in the form, among the customer's accounts (`undefined` if none). */
export function debitAccountOf(values: TransferValues, accounts: readonly Account[]): Account | undefined {
  const compte = values.debitAccount.trim()
  return compte === '' ? undefined : accounts.find((a) => a.compte === compte)
}

/**
 * The input of `askTransfer` for a valid form: the kind and its request body. `null` when the
 * debit account is not one of the customer's accounts (the form is then not valid).
 */
export function toAskTransferInput(kind: TransferKind, values: TransferValues, accounts: readonly Account[]): AskTransferInput | null {
  const debit = debitAccountOf(values, accounts)
  if (!debit) return null
  switch (kind) {
    case 'account':
      return { kind, body: account.toRequest(values, debit) }
    case 'momo':
      return { kind, body: momo.toRequest(values, debit) }
    case 'card':
      return { kind, body: card.toRequest(values, debit) }
  }
}

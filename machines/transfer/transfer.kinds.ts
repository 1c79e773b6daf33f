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
 * Extras of a kind: the holder lookup of the payee (account: spec §2 details; momo, card: rulings
 * §9.2 details-wallet, details-card), the frequently used accounts or numbers (account: used-freq
 * 1, momo: used-freq 2), the currency list (momo: b2w, card: b2c) and with it the rate before
 * committing (rulings §9.3), the selected account's balance (momo, spec §2).
 */
import type { components } from '../../openapi/schema'
import { transferKindContract as contract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { accountTransferForm, cardTransferForm, momoTransferForm, toContractAmount } from './transfer.form.ts'
import { transfer as texts } from '../messages.ts'
import type { Account, ModuleCode } from '../shared/customer.ts'
import { fieldErrors, type Parses } from '../shared/form.ts'

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

/**
 * The input of the `lookUpHolder` actor: the payee as the kind names it (spec §7 details; rulings
 * §9.2 details-wallet, details-card), once its fields are complete and valid.
 */
export type HolderLookupInput = { kind: 'account'; account: string } | { kind: 'momo'; phone: string } | { kind: 'card'; accountId: string; lastFour: string }

/** The texts of a kind's payee lookup, under the payee's last field (spec §2, §8; rulings §9.2). */
export interface HolderTexts {
  lookingUp: string
  found: (name: string) => string
  notFound: string
}

/** A form schema of spec §5 (`<flow>.form.ts`), seen from the machine: strings in, strings out. */
export type TransferFormSchema = Parses<TransferValues>

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
  /** The form's rules (spec §5). */
  schema: TransferFormSchema
  /** The form fields, in the order the screen shows them (spec §2). */
  fields: readonly TransferField[]
  /** The values of a fresh form: every field empty (spec §5: nothing is pre-selected). */
  initialValues: TransferValues
  /** The field that names who is credited (shown on the code form when the answer has no payee). */
  payeeField: TransferField
  /**
   * The fields that name the payee, in order: its holder is looked up once they are complete and
   * valid (spec §2 /app/transfer: the account at 21 characters; rulings §9.2: the 12-digit wallet
   * number, the card's account id and last four); the lookup's hint shows under the last one.
   */
  payeeFields: readonly TransferField[]
  holderTexts: HolderTexts
  /** The `lookUpHolder` input of valid payee fields, else `null` (nothing to look up yet). */
  holderLookup(values: TransferValues): HolderLookupInput | null
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

/** Every one of `fields` passes the form's checks (spec §5). */
const validFields = (schema: TransferFormSchema, values: TransferValues, fields: readonly TransferField[]) => {
  const errors = fieldErrors(schema, values)
  return fields.every((field) => errors[field] === undefined)
}

/** spec §2, §8: the account's holder ("Titulaire : …"); rulings §9.2: a wallet's or a card's ("Bénéficiaire : …"). */
const accountHolderTexts: HolderTexts = { lookingUp: texts.lookingUpHolder, found: texts.holder, notFound: texts.holderNotFound }
/** rulings §9.2 (REQ-SCREEN-XFER-04): a wallet's or a card's holder, looked up once its number is complete. */
const payeeHolderTexts: HolderTexts = { lookingUp: texts.lookingUpPayee, found: texts.payeeFound, notFound: texts.payeeNotFound }

/** spec §2 /app/transfer (REQ-SCREEN-XFER-01); frequent payees are used-freq 1 (REQ-CONST-02). */
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
  payeeFields: ['creditAccount'],
  holderTexts: accountHolderTexts,
  holderLookup: (values) =>
    validFields(accountTransferForm, values, ['creditAccount']) ? { kind: 'account', account: trimmed(values, 'creditAccount') } : null,
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

/** spec §2 /app/momo (REQ-SCREEN-XFER-02); frequent numbers are used-freq 2 (REQ-CONST-02). */
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
  payeeFields: ['phone'],
  holderTexts: payeeHolderTexts,
  holderLookup: (values) => (validFields(momoTransferForm, values, ['phone']) ? { kind: 'momo', phone: trimmed(values, 'phone') } : null),
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

/** spec §2 /app/prepaid-card, heading and form title (REQ-SCREEN-XFER-03). */
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
  payeeFields: ['accountId', 'lastFour'],
  holderTexts: payeeHolderTexts,
  holderLookup: (values) =>
    validFields(cardTransferForm, values, ['accountId', 'lastFour'])
      ? { kind: 'card', accountId: trimmed(values, 'accountId'), lastFour: trimmed(values, 'lastFour') }
      : null,
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

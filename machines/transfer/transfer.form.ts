/**
 * The transfer forms of spec §5 (debit account, amount, account to credit, currency, momo number,
 * description, card account id, last four digits) and the confirmation token, with the exact
 * messages of the catalogue. Each field lists its checks in the order the spec quotes them.
 * REQ-VAL-20, REQ-VAL-21, REQ-VAL-22, REQ-VAL-23, REQ-VAL-24, REQ-VAL-25, REQ-VAL-26, REQ-VAL-27, REQ-VAL-28.
 */
import { validation as m } from '../messages.ts'
import { FIELD_EXACT_LENGTH, FIELD_MIN_LENGTH } from '../limits.ts'
import { DIGITS, exactLength, matches, requiredText } from '../shared/fields.ts'
import { minLength, plainForm } from '../shared/form.ts'

/** spec §9: description minimum 5. */
const DESCRIPTION_MIN_LENGTH = 5
/**
 * spec §5: digits with an optional decimal point and at most 2 decimals. A French customer types a
 * comma as often as a dot: both are accepted here, `toContractAmount` gives the contract's dot.
 * At most 13 digits before the decimals, as the contract's `Amount`.
 */
const AMOUNT = /^\d{1,13}([.,]\d{1,2})?$/
/** spec §9: momo number, 12 characters, prefix 243. */
const MOMO_NUMBER = /^243\d{9}$/
/** spec §9: card account id, 8 digits. */
const CARD_ACCOUNT_ID = /^\d{8}$/
/** spec §9: last four digits of the card. */
const LAST_FOUR = /^\d{4}$/

/** The amount as the contract wants it (`Amount`: a dot, at most 2 decimals); a comma typed is a dot (REQ-CHOICE-03). */
export const toContractAmount = (typed: string): string => typed.trim().replace(',', '.')

const debitAccount = requiredText(m.debitAccountRequired)
const amount = requiredText(m.amountRequired, matches(AMOUNT, m.amountFormat))
const currency = requiredText(m.currencyRequired)
const description = requiredText(m.descriptionRequired, minLength(DESCRIPTION_MIN_LENGTH, m.descriptionTooShort))

export interface AccountTransferFormValues {
  debitAccount: string
  amount: string
  creditAccount: string
  description: string
}
export const accountTransferForm = plainForm<AccountTransferFormValues>({
  debitAccount,
  amount,
  /** spec §5: exactly 21 characters; a longer code also shows "Le code saisi est trop court". */
  creditAccount: requiredText(m.creditAccountRequired, exactLength(FIELD_EXACT_LENGTH.accountNumber, m.creditAccountLength)),
  description,
})

export interface MomoTransferFormValues {
  debitAccount: string
  amount: string
  currencySent: string
  phone: string
  description: string
}
export const momoTransferForm = plainForm<MomoTransferFormValues>({
  debitAccount,
  amount,
  currencySent: currency,
  phone: requiredText(m.momoNumberRequired, matches(MOMO_NUMBER, m.momoNumberFormat)),
  description,
})

export interface CardTransferFormValues {
  debitAccount: string
  amount: string
  currencySent: string
  accountId: string
  lastFour: string
  description: string
}
export const cardTransferForm = plainForm<CardTransferFormValues>({
  debitAccount,
  amount,
  currencySent: currency,
  accountId: requiredText(m.cardAccountRequired, matches(CARD_ACCOUNT_ID, m.cardAccountFormat)),
  lastFour: requiredText(m.lastFourRequired, matches(LAST_FOUR, m.lastFourFormat)),
  description,
})

export interface TransferConfirmFormValues {
  token: string
}
/** spec §5 order for the transfer token: required, digits only, min 8. */
export const transferConfirmForm = plainForm<TransferConfirmFormValues>({
  token: requiredText(m.tokenRequired, matches(DIGITS, m.tokenDigits), minLength(FIELD_MIN_LENGTH.confirmationCode, m.tokenTooShort)),
})

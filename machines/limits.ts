/**
 * Limits shared by the forms and their screens, in a module of their own (no dependency), so that
 * a screen reads them without loading every form.
 */

/**
 * The contract's length limits (openapi/portal.yaml): each field stops there (the input's
 * `maxLength`), so that the server never has to refuse a length the form let through.
 */
export const FIELD_MAX_LENGTH = {
  userCode: 32,
  pin: 64,
  resetAccountCode: 32,
  confirmationCode: 12,
  amount: 16,
  description: 140,
  password: 64,
  email: 254,
  contactPhone: 10,
  address: 200,
  /** The statement search (StatementRequest.search; issue 27). */
  statementSearch: 60,
} as const

/** The contract's minimum lengths (openapi/portal.yaml) that the forms check before sending (REQ-CONST-01). */
export const FIELD_MIN_LENGTH = {
  /** spec §9: old, new and repeated passwords, minimum 5 (ChangePasswordRequest). */
  password: 5,
  /** spec §9: reset confirmation code and transfer token, at least 8 digits (CodeConfirmRequest.token). */
  confirmationCode: 8,
} as const

/** The contract's exact lengths (openapi/portal.yaml). */
export const FIELD_EXACT_LENGTH = {
  /** spec §9: an account number, 21 characters (AccountNumber): the credit account, the holder lookup. */
  accountNumber: 21,
  /** spec §9: a mobile-money number, 12 characters, 243… (WalletTransferRequest.phone). */
  momoNumber: 12,
  /** spec §9: a prepaid card's account id, 8 digits (CardTransferRequest.accountId). */
  cardAccountId: 8,
  /** spec §9: the last four digits of a prepaid card (CardTransferRequest.lastFour). */
  cardLastFour: 4,
} as const

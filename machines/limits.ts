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
} as const

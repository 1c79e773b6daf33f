/**
 * How each field of the portal's forms takes its text: the contract's length limit (the input's
 * `maxLength`, machines/limits.ts), the keyboard a phone opens (`inputMode`) and what the browser
 * may fill in (`autoComplete`). A screen model hands these to its view, which spreads them on the
 * input: no view knows a limit.
 */
import { FIELD_MAX_LENGTH } from '../limits.ts'

export interface FieldInput {
  maxLength: number
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email'
  autoComplete?: 'username' | 'current-password' | 'new-password' | 'one-time-code' | 'email' | 'tel' | 'street-address' | 'off'
}

export const FIELD_INPUTS = {
  userCode: { maxLength: FIELD_MAX_LENGTH.userCode, autoComplete: 'username' },
  /** spec §2: the PIN is digits; a phone opens its number pad. */
  pin: { maxLength: FIELD_MAX_LENGTH.pin, inputMode: 'numeric', autoComplete: 'current-password' },
  resetAccountCode: { maxLength: FIELD_MAX_LENGTH.resetAccountCode, autoComplete: 'username' },
  /** The code sent by SMS and e-mail: the browser may offer it from the SMS. */
  confirmationCode: { maxLength: FIELD_MAX_LENGTH.confirmationCode, inputMode: 'numeric', autoComplete: 'one-time-code' },
  currentPassword: { maxLength: FIELD_MAX_LENGTH.password, autoComplete: 'current-password' },
  newPassword: { maxLength: FIELD_MAX_LENGTH.password, autoComplete: 'new-password' },
  email: { maxLength: FIELD_MAX_LENGTH.email, inputMode: 'email', autoComplete: 'email' },
  contactPhone: { maxLength: FIELD_MAX_LENGTH.contactPhone, inputMode: 'tel', autoComplete: 'tel' },
  address: { maxLength: FIELD_MAX_LENGTH.address, autoComplete: 'street-address' },
} as const satisfies Record<string, FieldInput>

/** The PIN reset forms of spec §5 (reset request account code, reset confirmation code; REQ-VAL-12, REQ-VAL-13), with the exact messages of the catalogue. */
import { validation as m } from '../messages.ts'
import { FIELD_MIN_LENGTH } from '../limits.ts'
import { DIGITS, matches, requiredText } from '../shared/fields.ts'
import { minLength, plainForm } from '../shared/form.ts'

export interface PinResetAskFormValues {
  compte: string
}

export const pinResetAskForm = plainForm<PinResetAskFormValues>({
  compte: requiredText(m.resetCodeRequired),
})

export interface PinResetConfirmFormValues {
  token: string
}

/** spec §5 order for the reset code: required, min 8, digits only. */
export const pinResetConfirmForm = plainForm<PinResetConfirmFormValues>({
  token: requiredText(m.tokenRequired, minLength(FIELD_MIN_LENGTH.confirmationCode, m.tokenTooShort), matches(DIGITS, m.tokenDigits)),
})

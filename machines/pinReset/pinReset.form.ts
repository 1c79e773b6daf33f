/** The PIN reset forms of spec §5 (reset request account code, reset confirmation code; REQ-VAL-12, REQ-VAL-13), with the exact messages of the catalogue. */
import * as z from 'zod/mini'
import { validation as m } from '../messages.ts'
import { FIELD_MIN_LENGTH } from '../limits.ts'
import { DIGITS, requiredText } from '../shared/fields.ts'

export const pinResetAskForm = z.object({
  compte: requiredText(m.resetCodeRequired),
})

export type PinResetAskFormValues = z.input<typeof pinResetAskForm>

/** spec §5 order for the reset code: required, min 8, digits only. */
export const pinResetConfirmForm = z.object({
  token: requiredText(m.tokenRequired).check(z.minLength(FIELD_MIN_LENGTH.confirmationCode, m.tokenTooShort), z.regex(DIGITS, m.tokenDigits)),
})

export type PinResetConfirmFormValues = z.input<typeof pinResetConfirmForm>

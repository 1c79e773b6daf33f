/**
 * The password change form of spec §5 (old password, new and repeat password; REQ-VAL-30, REQ-VAL-31). Field names follow
 * the contract's ChangePasswordRequest. Equality of the two new passwords is not checked (spec §5):
 * the server decides and answers with a description (REQ-VAL-03).
 */
import { validation as m } from '../messages.ts'
import { requiredSecret } from '../shared/fields.ts'
import { minLength, plainForm } from '../shared/form.ts'
import { FIELD_MIN_LENGTH } from '../limits.ts'

export interface PasswordChangeFormValues {
  oldPassword: string
  password: string
  password2: string
}

export const passwordChangeForm = plainForm<PasswordChangeFormValues>({
  oldPassword: requiredSecret(m.oldPasswordRequired, minLength(FIELD_MIN_LENGTH.password, m.oldPasswordMin)),
  password: requiredSecret(m.passwordRequired, minLength(FIELD_MIN_LENGTH.password, m.passwordMin)),
  password2: requiredSecret(m.passwordRequired, minLength(FIELD_MIN_LENGTH.password, m.passwordMin)),
})

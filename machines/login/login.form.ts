/**
 * The login form of spec §5 (login user code, login PIN; REQ-VAL-10, REQ-VAL-11), in plain code
 * as every form (`shared/form.ts`): the first screen (/login, ≤ 120 KiB of JS in all) loads no
 * schema library.
 */
import { signInValidation as m } from '../messages/core.ts'
import { minLength, plainForm, required } from '../shared/form.ts'

// ---------------------------------------------------------------------------------------------
// Login (spec §5: login user code, login PIN)
// ---------------------------------------------------------------------------------------------

/** spec §9: "Login PIN minimum 5 characters". */
const PIN_MIN_LENGTH = 5

export interface LoginFormValues {
  username: string
  password: string
}
export type LoginField = keyof LoginFormValues

export const loginForm = plainForm<LoginFormValues>({
  // A text whose surrounding blanks mean nothing: a user code of blanks only is empty (REQ-CHOICE-02).
  username: { trim: true, checks: [required(m.userCodeRequired)] },
  // A secret is never trimmed: a blank is a character the customer typed.
  password: { trim: false, checks: [required(m.pinRequired), minLength(PIN_MIN_LENGTH, m.pinMin)] },
})

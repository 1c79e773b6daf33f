/** The pure rules of the password change flow: its fresh context, its form errors, the banner of an answer. */
import { password as texts } from '../messages.ts'
import { isHttpSuccess, text, type Answer } from '../shared/answers.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { passwordChangeForm } from './passwordChange.form.ts'
import type { ChangePasswordBody, PasswordChangeContext, PasswordChangeInput, PasswordResult, PasswordValues } from './passwordChange.types.ts'

export const emptyPasswordValues = (): PasswordValues => ({ oldPassword: '', password: '', password2: '' })

export function freshPasswordChangeContext(input: PasswordChangeInput | undefined): PasswordChangeContext {
  return { mode: input?.mode ?? 'change', values: emptyPasswordValues(), errors: {}, submitted: false, result: null }
}

/** rulings §9.5: the PIN a reset sent was replaced (status '0' of the temporary-PIN form). */
export const isTemporaryPinChanged = (context: Pick<PasswordChangeContext, 'mode'>, { status, body }: Answer<ChangePasswordBody>): boolean =>
  context.mode === 'temporaryPin' && isHttpSuccess(status) && body?.status === '0'

/**
 * rulings §6.2 (every flow whose success moves secrets): a 2xx answer that says neither success
 * (status '0') nor refusal (status '1') — no body, no status, an unknown one. The change may have
 * been made: its result is unknown. (A session-ending status '2' is read before this.)
 */
export const isOutcomeUnknown = ({ status, body }: Answer<ChangePasswordBody>): boolean => isHttpSuccess(status) && body?.status !== '0' && body?.status !== '1'

/** spec §5: old required, min 5; new and repeat required, min 5; no equality check. */
export const passwordErrors = (values: PasswordValues): FieldErrors<PasswordValues> => fieldErrors(passwordChangeForm, values)

/**
 * spec §4, §8: the banner of an answer (REQ-PWD-01, REQ-ERR-15): status '0' the success, status '1'
 * its description, an HTTP error the §8 text. (A 2xx answer of any other kind is `isOutcomeUnknown`'s.)
 */
export function resultOf({ status, body }: Answer<ChangePasswordBody>): PasswordResult {
  if (status < 200 || status >= 300 || body === null) return { ok: false, message: texts.changeError }
  if (body.status === '0') return { ok: true, message: texts.success }
  return { ok: false, message: text(body.description) ?? texts.changeError }
}

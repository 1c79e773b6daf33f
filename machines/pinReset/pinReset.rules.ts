/** The pure rules of the pinReset flow: its fresh context, its form errors, what an answer means. */
import { pinResetAskForm, pinResetConfirmForm } from './pinReset.form.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { pinReset as texts } from '../messages.ts'
import type { PinResetAskAnswer, PinResetConfirmAnswer, PinResetContext, PinResetValues } from './pinReset.types.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'

export function freshPinResetContext(): PinResetContext {
  return { values: { compte: '', token: '' }, errors: {}, submitted: false, reference: null, error: null }
}

/** spec §5: the user code, required. */
export const askErrors = (values: PinResetValues): FieldErrors<PinResetValues> => fieldErrors(pinResetAskForm, { compte: values.compte })

/** spec §5: the confirmation code, required, min 8, digits only (in that order). */
export const confirmErrors = (values: PinResetValues): FieldErrors<PinResetValues> => fieldErrors(pinResetConfirmForm, { token: values.token })

/** The reference of a successful ask answer (2xx, status '0', a code), `null` otherwise (REQ-PIN-01). */
export function referenceOf({ status, body }: PinResetAskAnswer): string | null {
  if (!isHttpSuccess(status) || body === null || body.status !== '0') return null
  return text(body.code) ?? null
}

/** spec §4: the server message of a refused ask; `askNetworkError` when the answer has none. */
export const askErrorOf = ({ body }: PinResetAskAnswer): string => text(body?.message) ?? texts.askNetworkError

/**
 * rulings §6.2 (every flow whose success moves secrets): a 2xx confirm answer that says neither
 * success (status '0') nor refusal (status '1') — no body, no status, an unknown one. The reset may
 * have been made and the new PIN sent: its result is unknown (this sets aside spec §8's "status
 * other than '0' or '1'" error, which would invite a second confirm, refused as a code already used).
 */
export const isConfirmUnknown = ({ status, body }: PinResetConfirmAnswer): boolean => isHttpSuccess(status) && body?.status !== '0' && body?.status !== '1'

/**
 * spec §4 confirm, REQ-PIN-02, REQ-ERR-07: status '1' → the server message (confirmUnknownStatus
 * without one); an HTTP error → confirmUnknownStatus. (A 2xx of any other kind is `isConfirmUnknown`'s.)
 */
export function confirmErrorOf({ status, body }: PinResetConfirmAnswer): string {
  if (isHttpSuccess(status) && body?.status === '1') return text(body.message) ?? texts.confirmUnknownStatus
  return texts.confirmUnknownStatus
}

export const isConfirmed = ({ status, body }: PinResetConfirmAnswer): boolean => isHttpSuccess(status) && body?.status === '0'

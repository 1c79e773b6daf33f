/** The types of the password change flow: its context, events and the actor's input and answer. */
import type { components } from '../../openapi/schema'
import type { Answer } from '../shared/answers.ts'
import type { FieldErrors } from '../shared/form.ts'
import type { PasswordChangeFormValues } from './passwordChange.form.ts'

export type PasswordField = keyof PasswordChangeFormValues
export type PasswordValues = { [F in PasswordField]: string }

/** The input of `changePassword`: the contract's ChangePasswordRequest (POST change-password). */
export type ChangePasswordRequest = components['schemas']['ChangePasswordRequest']
/** The answer: ChangePasswordResponse, or an error body. */
export type ChangePasswordBody = Partial<components['schemas']['ChangePasswordResponse']> & { message?: string }
/** What `changePassword` resolves with; it rejects only when no answer came. */
export type ChangePasswordAnswer = Answer<ChangePasswordBody>

/** The banner after an answer. */
export interface PasswordResult {
  ok: boolean
  message: string
}

/**
 * Which change it is: the customer's own at /app/update-password (`change`, the default), or the
 * PIN a reset sent, to be replaced before anything else opens (`temporaryPin`, rulings §9.5: "Choisissez
 * un nouveau code PIN"; the old value is the PIN received). Same form, rules and call.
 */
export type PasswordChangeMode = 'change' | 'temporaryPin'

export interface PasswordChangeInput {
  mode?: PasswordChangeMode
}

/** Params of `pinChanged`: the message the next screen shows. */
export interface PinChangedParams {
  message: string
}

export interface PasswordChangeContext {
  mode: PasswordChangeMode
  values: PasswordValues
  /** field → message; set once `submitted` (spec §5). */
  errors: FieldErrors<PasswordValues>
  submitted: boolean
  /** The success or error banner of the last answer, `null` when none. */
  result: PasswordResult | null
}

export type PasswordChangeEvent =
  | { type: 'field.change'; field: PasswordField; value: string }
  | { type: 'password.submit' }
  /** The one button of the result unknown (rulings §6.2): back to the profile, or sign out for the temporary PIN. */
  | { type: 'unknown.continue' }

/** The types of the pinReset flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import type { PinResetAskFormValues, PinResetConfirmFormValues } from './pinReset.form.ts'
import { type FieldErrors } from '../shared/form.ts'

export type PinResetField = keyof PinResetAskFormValues | keyof PinResetConfirmFormValues
export type PinResetValues = { [F in PinResetField]: string }

/** The input of `askPinReset`: the contract's PinResetAskRequest (POST auth/v1/password/ask). */
export type PinResetAskRequest = components['schemas']['PinResetAskRequest']
/** The input of `confirmPinReset`: the contract's CodeConfirmRequest (POST auth/v1/password/confirm). */
export type PinResetConfirmRequest = components['schemas']['CodeConfirmRequest']

/** The answer of the ask call: PinResetAskResponse, or an error body (no `status`). */
export type PinResetAskBody = Partial<components['schemas']['PinResetAskResponse']> & { code?: string; message?: string }
/** The answer of the confirm call: StatusResponse, or an error body (no `status`). */
export type PinResetConfirmBody = Partial<components['schemas']['StatusResponse']> & { code?: string; message?: string }

/** What the actors resolve with; they reject only when no answer came (network, timeout). */
export interface PinResetAskAnswer {
  status: number
  body: PinResetAskBody | null
}
export interface PinResetConfirmAnswer {
  status: number
  body: PinResetConfirmBody | null
}

export interface PinResetContext {
  /** The two forms: the user code (step 1), the confirmation code received (step 2). */
  values: PinResetValues
  /** field → message of the current step; set once `submitted` (spec §5). */
  errors: FieldErrors<PinResetValues>
  /** Whether the customer has tried to submit the current step's form (spec §5). */
  submitted: boolean
  /** The reference answered by the ask call, sent back with the confirmation code (spec §4). */
  reference: string | null
  /** The error banner of the current step, `null` when none. */
  error: string | null
}

export type PinResetEvent =
  | { type: 'field.change'; field: PinResetField; value: string }
  /** "Envoyer la demande". */
  | { type: 'ask.submit' }
  /** "Cliquer pour confirmer". */
  | { type: 'confirm.submit' }
  /** "Se connecter" after success. */
  | { type: 'login.go' }

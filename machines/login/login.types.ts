/** The types of the login flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import { type FieldErrors } from '../shared/form.ts'
import { type LoginField, type LoginFormValues } from './login.form.ts'
import { type SessionUser } from '../shared/customer.ts'

/** What the customer typed, as `POST auth/login` takes it. */
export type Credentials = components['schemas']['LoginRequest']

/** The login answer's body: the contract's LoginResponse, or an error body (`code`, `message`). */
export type LoginAnswerBody = components['schemas']['LoginResponse'] & Partial<components['schemas']['ErrorBody']> & components['schemas']['BlockedBody']

/**
 * What the `authenticate` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). The actor rejects only when no answer came (network failure, timeout).
 */
export interface AuthAnswer {
  status: number
  body: LoginAnswerBody | null
}

export interface LoginInput {
  /** The bank's name, filling `{provider}` of the blocked-access message (rulings §1). */
  provider: string
}

/** Given to `session.start` once signed in. */
export interface LoginOutput {
  token: string
  user: SessionUser
  /** The idle limit the answer told (rulings §6.4), `null` when it said none. */
  idleSeconds: number | null
  /** rulings §9.5: signed in with the PIN a reset sent, which must be changed before anything else. */
  mustChangePin: boolean
}

export interface LoginContext {
  values: LoginFormValues
  /** field → message; shown only once `submitted` (spec §5). */
  errors: FieldErrors<LoginFormValues>
  /** Whether the customer has tried to submit: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /** The error banner (spec §2 /login), `null` when none. */
  error: string | null
  provider: string
}

export type LoginEvent = { type: 'field.change'; field: LoginField; value: string } | { type: 'login.submit' }

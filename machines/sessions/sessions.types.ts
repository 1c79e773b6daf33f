/** The types of the "Sessions et appareils" flow (rulings §9.4): its context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import type { Answer } from '../shared/answers.ts'

/** An open session of the customer's, as GET sessions lists it. */
export type CustomerSession = components['schemas']['CustomerSession']

/** GET sessions: SessionListResponse, or an error body. */
export type SessionListBody = Partial<components['schemas']['SessionListResponse']> & { message?: string }
/** What `loadSessions` resolves with; it rejects only when no answer came. */
export type SessionListAnswer = Answer<SessionListBody>

/** The input of `closeSession` (POST sessions/end). */
export interface CloseSessionInput {
  id: string
}
/** POST sessions/end: CodeMessageResponse, or an error body (404, 409). */
export type CloseSessionBody = Partial<components['schemas']['CodeMessageResponse']>
export type CloseSessionAnswer = Answer<CloseSessionBody>

/** POST sessions/end-others: SessionsEndedResponse, or an error body. */
export type CloseOthersBody = Partial<components['schemas']['SessionsEndedResponse']>
export type CloseOthersAnswer = Answer<CloseOthersBody>

export interface SessionsContext {
  /** The open sessions, the current one first (as the server answers). */
  sessions: CustomerSession[]
  /** The session the customer asked to end (its confirmation, then its call), `null` otherwise. */
  target: string | null
  /** The banner of a failure, `null` when none. */
  error: string | null
  /** The banner of a session (or sessions) ended, `null` when none. */
  notice: string | null
}

export type SessionsEvent =
  /** The click on the failure message of the list. */
  | { type: 'sessions.retry' }
  /** "Fermer cette session" on one of the others. */
  | { type: 'session.end'; id: string }
  /** "Fermer toutes les autres sessions". */
  | { type: 'sessions.endOthers' }
  /** The confirmation dialog's buttons. */
  | { type: 'end.confirm' }
  | { type: 'end.cancel' }

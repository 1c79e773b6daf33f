/**
 * The bearerAuth security of the contract: a customer call carries `Authorization: Bearer <token>`
 * of a live session, or is refused with HTTP 403 code '2' (spec §4 "Session"), before its body is
 * read. Missing, unknown, ended, idle and too old tokens get the same answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { api } from '../../kernel/messages.ts'
import { temporaryPinApi } from '../../kernel/messages/temporaryPin.ts'
import type { AppContext } from '../context.ts'
import { resumeSession, type Session } from '../domain/sessions.ts'
import type { OperationId } from './contract.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by the bearerAuth check of a customer call. */
    session: Session | null
  }
}

/** The session token of a customer call's bearer `Authorization` header (REQ-ACCESS-02). */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')
  return match ? match[1]! : null
}

/** No live session: HTTP 403 with code '2', the end of the session for the portal (REQ-SESSION-01). */
function sessionExpired(reply: FastifyReply): FastifyReply {
  return reply.code(403).send({ code: '2', message: api.sessionExpired })
}

/**
 * rulings §9.5: a session opened with the PIN a reset sent may only change it (and log out, or stay
 * signed in while the customer types): every other customer call answers HTTP 403 with code '3',
 * which the portal routes to "Choisissez un nouveau code PIN" — distinct from code '2' (expired
 * session), which signs out.
 */
const OPEN_BEFORE_PIN_CHANGE = new Set<OperationId>(['changePassword', 'logout', 'keepAlive'])

/**
 * Operations that only show the customer's own balances: their session check also reads those
 * (Session.ownAccounts), one statement per call instead of two (POST balance is the portal's
 * most frequent call).
 */
const READS_OWN_ACCOUNTS = new Set<OperationId>(['balance'])

/**
 * The bearer check of one operation: made once per route, so that what the operation needs (its own
 * balances or not) is known at start-up instead of being looked up on every call.
 */
export function authenticate(ctx: AppContext) {
  return (operationId: OperationId) => {
    const options = { withOwnAccounts: READS_OWN_ACCOUNTS.has(operationId) }
    const openBeforePinChange = OPEN_BEFORE_PIN_CHANGE.has(operationId)
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization)
      const session = token ? await resumeSession(ctx.db, token, ctx.now(), ctx.limits, options) : null
      if (!session) return sessionExpired(reply)
      if (session.mustChangePin && !openBeforePinChange) return reply.code(403).send({ code: '3', message: temporaryPinApi.pinChangeRequired })
      request.session = session
    }
  }
}

/**
 * The bearerAuth security of the contract: a customer call carries `Authorization: Bearer <token>`
 * of a live session, or is refused with HTTP 403 code '2' (spec §4 "Session"), before its body is
 * read. Missing, unknown, ended, idle and too old tokens get the same answer.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler, onSendHookHandler } from 'fastify'
import { api } from '../../kernel/messages.ts'
import { temporaryPinApi } from '../../kernel/messages/temporaryPin.ts'
import type { AppContext } from '../context.ts'
import { isSessionToken, resumeSession, sessionWindow, type SessionRefusal, type UncheckedCaller, type Session } from '../domain/sessions.ts'
import { RETRY_AFTER_SECONDS } from './unavailable.ts'
import type { OperationId } from './contract.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by the bearerAuth check of a customer call. */
    session: Session | null
    /**
     * The token of a call to an operation whose own statement checks the session
     * (SESSION_IN_STATEMENT), until that check or the one before any other answer has decided.
     */
    uncheckedToken: string | null
  }
}

/** The session token of a customer call's bearer `Authorization` header (REQ-ACCESS-02). */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')
  return match ? match[1]! : null
}

/** No live session: HTTP 403 with code '2', the end of the session for the portal (REQ-SESSION-01). */
const NO_SESSION = { code: '2', message: api.sessionExpired }
/** A temporary PIN to change first: HTTP 403 with code '3' (rulings §9.5). */
const PIN_CHANGE_FIRST = { code: '3', message: temporaryPinApi.pinChangeRequired }

function sessionExpired(reply: FastifyReply): FastifyReply {
  return reply.code(403).send(NO_SESSION)
}

/** The answer to a call refused for its session by the operation's own statement. */
export function sessionRefused(reply: FastifyReply, refusal: SessionRefusal): FastifyReply {
  reply.request.uncheckedToken = null
  return reply.code(403).send(refusal.refused === 'pinChange' ? PIN_CHANGE_FIRST : NO_SESSION)
}

/**
 * The caller of an operation of SESSION_IN_STATEMENT, for its domain function: the token's window,
 * the check on its own, and the request told of the session found (its logs, its events).
 */
export function callerOf(ctx: AppContext, request: FastifyRequest, now: Date): UncheckedCaller | string {
  if (request.session) return request.session.customerId
  const token = request.uncheckedToken!
  return {
    window: sessionWindow(token, now, ctx.limits)!,
    resume: () => resumeSession(ctx.db, token, now, ctx.limits),
    found(session) {
      request.session = session
      request.uncheckedToken = null
    },
  }
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
 * Operations whose own statement checks the session (migration 059): a complete transfer is then
 * three statements instead of five (issue 23; docs/decisions.md, "The session check of a transfer
 * rides on its statement"). Their bearer check here refuses at once a missing or malformed token,
 * without the database; a token of the right shape lets the body in, and any answer other than
 * the handler's (the contract refusing the body, a media type, a control character, an error)
 * waits for the session checked on its own (sessionBeforeAnswer): a caller without a live session
 * still gets 403 and nothing else, and learns nothing of the schema.
 */
export const SESSION_IN_STATEMENT = new Set<OperationId>([
  'askTransfer',
  'askWalletTransfer',
  'askCardTransfer',
  'confirmTransfer',
  'confirmWalletTransfer',
  'confirmCardTransfer',
])

export interface BearerHooks {
  onRequest: onRequestHookHandler
  onSend?: onSendHookHandler
}

/**
 * The bearer check of one operation: made once per route, so that what the operation needs (its own
 * balances or not, its session checked here or by its statement) is known at start-up instead of
 * being looked up on every call.
 */
export function authenticate(ctx: AppContext): (operationId: OperationId) => BearerHooks {
  return (operationId) => (SESSION_IN_STATEMENT.has(operationId) ? sessionInStatement(ctx) : { onRequest: sessionFirst(ctx, operationId) })
}

function sessionInStatement(ctx: AppContext): BearerHooks {
  return {
    // Callback style, not async: no promise on the call's way in (see input-guards.ts).
    onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const token = bearerToken(request.headers.authorization)
      if (!token || !isSessionToken(token)) return void sessionExpired(reply)
      request.uncheckedToken = token
      done()
    },
    onSend: sessionBeforeAnswer(ctx),
  }
}

/**
 * Before an answer the handler's statement did not check the session for: the session checked on
 * its own, and 403 instead of the answer when there is none live (or code '3' when its PIN must be
 * changed first). A 5xx goes as it is (it tells nothing of the request); a check that fails answers
 * 503, as a database down does.
 */
function sessionBeforeAnswer(ctx: AppContext): onSendHookHandler {
  return async (request, reply, payload) => {
    const token = request.uncheckedToken
    if (token === null || reply.statusCode >= 500) return payload
    request.uncheckedToken = null
    let session: Session | null
    try {
      session = await resumeSession(ctx.db, token, ctx.now(), ctx.limits)
    } catch {
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8')
      return JSON.stringify({ message: api.unavailable })
    }
    if (session && !session.mustChangePin) {
      request.session = session
      return payload
    }
    reply.code(403).type('application/json; charset=utf-8')
    return JSON.stringify(session ? PIN_CHANGE_FIRST : NO_SESSION)
  }
}

/** Every other operation: the session checked before the body is read. */
function sessionFirst(ctx: AppContext, operationId: OperationId): onRequestHookHandler {
  const options = { withOwnAccounts: READS_OWN_ACCOUNTS.has(operationId) }
  const openBeforePinChange = OPEN_BEFORE_PIN_CHANGE.has(operationId)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization)
    const session = token ? await resumeSession(ctx.db, token, ctx.now(), ctx.limits, options) : null
    if (!session) return sessionExpired(reply)
    if (session.mustChangePin && !openBeforePinChange) return reply.code(403).send(PIN_CHANGE_FIRST)
    request.session = session
  }
}

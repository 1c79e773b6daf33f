/**
 * The end of a session (rulings §4: logout ends it on the server too; REQ-SHELL-02), and its
 * keep-alive (rulings §6.4, REQ-SHELL-03): the bearerAuth check that let the call in has already
 * moved the idle window forward, so the keep-alive only answers how long that window is. Sessions et
 * appareils (rulings §9.4): the customer's open sessions, and the end of one of the others or of
 * all of them.
 */
import { api } from '../../kernel/messages.ts'
import type { Handlers } from '../http/contract.ts'
import { bearerToken } from '../http/auth.ts'
import type { AppContext } from '../context.ts'
import { securityEvent } from '../http/security-log.ts'
import { endOtherSessions, endOwnSession, endSession, openSessions } from '../domain/sessions.ts'
import { clientOf } from '../domain/user-agent.ts'
import { signedIn } from './signed-in.ts'

export function sessionRoutes(ctx: AppContext): Handlers {
  return {
    async logout({ request }) {
      // The bearerAuth check has already found the session live, so the token is there.
      const token = bearerToken(request.headers.authorization)
      if (token) await endSession(ctx.db, token, 'logout', ctx.now())
      securityEvent(request, 'logout', { customer: request.session?.customerId ?? '' })
      return { status: 200, body: { code: '0' } }
    },
    async keepAlive() {
      return { status: 200, body: { code: '0', idleSeconds: idleSecondsOf(ctx) } }
    },

    async mySessions(call) {
      const session = signedIn(call)
      const open = await openSessions(ctx.db, session.customerId, ctx.now(), ctx.limits)
      // The caller's own first ("Cette session"), then the others, latest activity first.
      const ordered = [...open.filter((s) => s.id === session.id), ...open.filter((s) => s.id !== session.id)]
      const sessions = ordered.map((s) => ({
        id: s.id,
        ...clientOf(s.userAgent),
        address: s.address ?? '',
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === session.id,
      }))
      return { status: 200, body: { code: '0', sessions } }
    },

    async endSession(call) {
      const session = signedIn(call)
      // The caller's own session ends by logout (the portal then leaves /app), never from this list.
      if (call.body.id === session.id) return { status: 409, body: { code: '1', message: api.sessions.current } }
      if (!(await endOwnSession(ctx.db, session.customerId, call.body.id, ctx.now()))) return { status: 404, body: { message: api.notFound } }
      securityEvent(call.request, 'session.ended', { customer: session.customerId, ended: 1 })
      return { status: 200, body: { code: '0', message: api.sessions.ended } }
    },

    async endOtherSessions(call) {
      const session = signedIn(call)
      const ended = await endOtherSessions(ctx.db, session.customerId, session.id, ctx.now(), ctx.limits)
      securityEvent(call.request, 'session.ended', { customer: session.customerId, ended })
      return { status: 200, body: { code: '0', ended, message: api.sessions.endedOthers(ended) } }
    },
  }
}

/**
 * The idle limit in whole seconds, as the login and keep-alive answers tell it (rulings §6.4): the
 * window the portal can count on. A call within the touch interval does not move last_seen_at, so
 * the session may end up to that interval earlier than the full idle limit after the last call.
 */
export function idleSecondsOf(ctx: AppContext): number {
  return Math.max(1, Math.floor((ctx.limits.idleMs - ctx.limits.touchMs) / 1000))
}

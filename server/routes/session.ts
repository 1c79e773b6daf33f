/**
 * The end of a session (rulings §4: logout ends it on the server too), and its keep-alive (rulings
 * §6.4): the bearerAuth check that let the call in has already moved the idle window forward, so the
 * keep-alive only answers how long that window is.
 */
import type { Handlers } from '../http/contract.ts'
import { bearerToken } from '../http/auth.ts'
import type { AppContext } from '../context.ts'
import { securityEvent } from '../http/security-log.ts'
import { endSession } from '../domain/sessions.ts'

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

/** The end of a session (rulings §4: logout ends it on the server too). */
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
  }
}

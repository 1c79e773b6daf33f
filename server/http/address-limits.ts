/**
 * The per-address limits as route guards (rulings §8): the public calls (sign-in, PIN-reset ask and
 * confirm) and the holder lookups (details, and rulings §9.2's details-wallet and details-card, one
 * count for the three). They run after the body's validation (a malformed call costs nothing and is
 * not counted) and before the handler; beyond the limit: HTTP 429 `{code: '1', message}` with
 * `Retry-After`, and nothing is checked nor changed.
 */
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import { api } from '../../kernel/messages.ts'
import type { AppContext } from '../context.ts'
import { hitAddress, type AddressScope } from '../domain/address-limits.ts'
import type { OperationId } from './contract.ts'
import { securityEvent } from './security-log.ts'

/** The 429 of rulings §8 (REQ-SERVER-10): whole minutes in the message, exact seconds in Retry-After. */
export function tooManyTries(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ code: '1', message: api.tooManyTries(minutes) })
}

export function addressGuards(ctx: AppContext): Partial<Record<OperationId, preHandlerHookHandler>> {
  const limits = ctx.config.addressLimits
  const windowMs = limits.windowMinutes * 60_000
  const guard = (scope: AddressScope, max: number) =>
    async function addressLimit(request: FastifyRequest, reply: FastifyReply) {
      const verdict = await hitAddress(ctx.db, scope, request.ip, { max, windowMs }, ctx.now())
      if (verdict.allowed) return
      // One line when the limit is crossed, not one per refused call of a flood.
      if (verdict.hits === max + 1) securityEvent(request, 'limit.address', { scope, limit: max })
      return tooManyTries(reply, verdict.retryAfterSeconds)
    }
  return {
    login: guard('signin', limits.signIn),
    askPinReset: guard('pin_reset_ask', limits.pinResetAsk),
    confirmPinReset: guard('pin_reset_confirm', limits.pinResetConfirm),
    accountDetails: guard('details', limits.details),
    // rulings §9.2: the holder lookups of mobile-money numbers and cards count with details, one
    // budget per address for every holder lookup (a guesser gains nothing by switching lookups).
    walletDetails: guard('details', limits.details),
    cardDetails: guard('details', limits.details),
  }
}

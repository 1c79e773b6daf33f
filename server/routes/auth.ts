/** Public calls (spec §7): sign-in, and the forgotten-PIN flow (password/ask, password/confirm). */
import { api } from '../../kernel/messages.ts'
import { temporaryPinApi } from '../../kernel/messages/temporaryPin.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { tooManyTries } from '../http/address-limits.ts'
import { securityEvent, userCodeTag } from '../http/security-log.ts'
import { askPinReset, confirmPinReset } from '../domain/pin-reset.ts'
import { decoyPinHash } from '../domain/pins.ts'
import { signIn } from '../domain/signin.ts'
import { idleSecondsOf } from './session.ts'

export function authRoutes(ctx: AppContext): Handlers {
  // Made now rather than at the first unknown user code, so that even that answer is not slower.
  void decoyPinHash()
  const settings = async () => ({
    now: ctx.now(),
    lifetimeSeconds: ctx.config.codeLifetimeSeconds,
    bankName: ctx.config.bankName,
    timeZone: ctx.config.timeZone,
    askLimit: { max: ctx.config.pinResetAskLimit, windowMs: ctx.config.pinResetAskWindowMinutes * 60_000 },
    codeKey: await ctx.codeKey(),
  })
  return {
    async askPinReset({ body, request }) {
      const outcome = await askPinReset(ctx.db, body.compte, await settings())
      if (outcome.ok) ctx.outboxWritten()
      securityEvent(request, 'pinReset.asked', { kcode: userCodeTag(body.compte), sent: outcome.ok })
      return {
        status: 200,
        body: outcome.ok ? { status: '0', message: outcome.message, code: outcome.reference } : { status: '1', message: outcome.message },
      }
    },
    async confirmPinReset({ body, request }) {
      const outcome = await confirmPinReset(ctx.db, body.code, body.token, await settings())
      securityEvent(request, outcome.ok ? 'pinReset.done' : 'pinReset.failed')
      return { status: 200, body: { status: outcome.ok ? '0' : '1', message: outcome.message } }
    },
    async login({ body, request, reply }) {
      const kcode = userCodeTag(body.username)
      const outcome = await signIn(ctx.db, body.username, body.password, {
        now: ctx.now(),
        bankName: ctx.config.bankName,
        timeZone: ctx.config.timeZone,
        address: request.ip,
        userAgent: request.headers['user-agent'],
      })
      switch (outcome.kind) {
        case 'signedIn':
          securityEvent(request, 'signin.success', { kcode, customer: outcome.customerId })
          return {
            status: 200,
            body: {
              code: '0',
              message: '',
              token: outcome.token,
              name: outcome.name,
              kcode: outcome.kcode,
              modules: outcome.modules.map((code) => ({ code })),
              idleSeconds: idleSecondsOf(ctx),
              timeZone: ctx.config.timeZone,
              mustChangePin: outcome.mustChangePin,
            },
          }
        // The temporary PIN was used by a sign-in already: with a code, the message says to reset again.
        case 'temporaryPinUsed':
          securityEvent(request, 'signin.failure', { kcode, temporaryPinUsed: true })
          return { status: 401, body: { code: '1', message: temporaryPinApi.temporaryPinUsed } }
        // Same answer for an unknown user code and a wrong PIN: no way to find who is a customer.
        // REQ-ERR-01.
        case 'wrongCredentials':
          securityEvent(request, 'signin.failure', { kcode })
          return { status: 403, body: { message: api.wrongCredentials } }
        // With a code: the portal shows this message, which says to reset the PIN (rulings §4).
        case 'pinBlocked':
          if (outcome.newly) securityEvent(request, outcome.newly === 'address' ? 'lockout.address' : 'lockout.everywhere', { kcode })
          else securityEvent(request, 'signin.blocked', { kcode })
          return { status: 401, body: { code: '1', message: api.pinBlocked } }
        // Without a code: the portal shows its own "contact your bank" message (spec §8, REQ-ERR-02).
        case 'webBlocked':
          securityEvent(request, 'signin.failure', { kcode, webBlocked: true })
          return { status: 401, body: { message: api.webBankingBlocked } }
        // Too soon after many failures from every address: the PIN was not checked (rulings §8).
        case 'wait':
          securityEvent(request, 'signin.wait', { kcode, retryAfterSeconds: outcome.retryAfterSeconds })
          return tooManyTries(reply, outcome.retryAfterSeconds)
      }
    },
  }
}

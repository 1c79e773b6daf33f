/**
 * One log line per security event (sign-in failure, block, wait, per-address limit, PIN reset,
 * transfer confirmed, logout), at level info (warn for blocks and limits), carrying the request id
 * (pino's `reqId`, added by Fastify's request logger) and the client address, so that an operator
 * can follow an attack and a customer's complaint. Never a secret: no PIN, code, token or body —
 * only identifiers (the user code as typed, a customer id, a transfer reference).
 */
import type { FastifyRequest } from 'fastify'

export type SecurityEvent =
  | 'signin.success'
  | 'signin.failure'
  | 'signin.blocked'
  | 'signin.wait'
  | 'lockout.address'
  | 'lockout.everywhere'
  | 'limit.address'
  | 'pinReset.asked'
  | 'pinReset.done'
  | 'pinReset.failed'
  | 'transfer.confirmed'
  | 'logout'

const WARNINGS = new Set<SecurityEvent>(['lockout.address', 'lockout.everywhere', 'limit.address'])

export function securityEvent(request: FastifyRequest, event: SecurityEvent, fields: Record<string, string | number | boolean> = {}): void {
  const line = { security: event, address: request.ip, ...fields }
  if (WARNINGS.has(event)) request.log.warn(line, `security event ${event}`)
  else request.log.info(line, `security event ${event}`)
}

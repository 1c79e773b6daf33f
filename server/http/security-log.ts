/**
 * One log line per security event (sign-in failure, block, wait, per-address limit, PIN reset,
 * transfer confirmed, logout), at level info (warn for blocks and limits), carrying the request id
 * (pino's `reqId`, added by Fastify's request logger) and the client address, so that an operator
 * can follow an attack and a customer's complaint. Never a secret: no PIN, code, token or body —
 * only identifiers (a tag of the user code, a customer id, a transfer reference).
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'

/**
 * The user code as logged: the first 12 hex digits of its SHA-256 (trimmed, upper-cased). An
 * operator correlates the events of one code (and finds them by hashing a code a customer gives)
 * without the logs listing who banks here, nor a user code in which a PIN may hide.
 */
export function userCodeTag(userCode: string): string {
  return createHash('sha256').update(userCode.trim().toUpperCase()).digest('hex').slice(0, 12)
}

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
  | 'transfer.codeRefused'
  | 'transfer.refused'
  | 'transfer.cancelled'
  | 'session.ended'
  | 'logout'

const WARNINGS = new Set<SecurityEvent>(['lockout.address', 'lockout.everywhere', 'limit.address'])

export function securityEvent(request: FastifyRequest, event: SecurityEvent, fields: Record<string, string | number | boolean> = {}): void {
  const line = { security: event, address: request.ip, ...fields }
  if (WARNINGS.has(event)) request.log.warn(line, `security event ${event}`)
  else request.log.info(line, `security event ${event}`)
}

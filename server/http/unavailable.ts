/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong": the server answers 503 with Retry-After (a load balancer or the portal tries again),
 * keeps running, and the pool reconnects by itself when the database is back. Nothing is half
 * done: every change runs in one transaction, which PostgreSQL rolls back when the link is lost.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])
/**
 * SQLSTATE: admin/crash shutdown, cannot connect now, too many connections, statement timeout; and
 * a deadlock or failed serialization that was still there after the driver's tries (db/pg.ts
 * retried): the request changed nothing and may be sent again in a moment.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '40P01', '40001'])
/** pg and pg-pool say these in messages without a code. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection closed/i,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause)
}

/** Seconds the client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5

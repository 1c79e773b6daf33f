import type { Session } from '../domain/sessions.ts'

/**
 * The session of a customer call. bearerAuth has checked it before the handler runs; reaching a
 * handler without one would be a wiring mistake, so it fails loudly (500) rather than serve data.
 */
export function signedIn(call: { session: Session | null }): Session {
  if (!call.session) throw new Error('customer handler reached without a session')
  return call.session
}

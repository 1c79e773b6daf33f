/** The pure rules of the "Sessions et appareils" flow (rulings §9.4): its fresh context and what an answer means. */
import { sessionList as texts } from '../messages.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'
import type { CloseOthersAnswer, CloseSessionAnswer, CustomerSession, SessionListAnswer, SessionsContext } from './sessions.types.ts'

export function freshSessionsContext(): SessionsContext {
  return { sessions: [], target: null, error: null, notice: null }
}

/** A usable list answer: 2xx, code '0', a list. */
export const isListAnswer = ({ status, body }: SessionListAnswer): boolean => isHttpSuccess(status) && body?.code === '0' && Array.isArray(body.sessions)

/** The list of a usable answer, the current session first (whatever order came). */
export function sessionsOf({ body }: SessionListAnswer): CustomerSession[] {
  const list = body?.sessions ?? []
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)]
}

/** One of the others listed: the one "Fermer cette session" may end (never the current one: that is logout). */
export const isOtherListed = (context: Pick<SessionsContext, 'sessions'>, id: string): boolean => context.sessions.some((s) => s.id === id && !s.current)

export const othersOf = (sessions: readonly CustomerSession[]): CustomerSession[] => sessions.filter((s) => !s.current)

/** How a session is named: "Chrome 131 sur Windows", the browser or the system alone, or not recognised. */
export function deviceOf(session: Pick<CustomerSession, 'browser' | 'system'>): string {
  const browser = text(session.browser)
  const system = text(session.system)
  if (browser && system) return texts.device(browser, system)
  return browser ?? system ?? texts.unknownDevice
}

/**
 * POST sessions/end: ended (code '0') or already over (404: the list was old) both leave the list to
 * be read again, with their message; anything else (the current session's 409, an HTTP error) is a
 * failure with the server's message or ours.
 */
export function closeOutcome({ status, body }: CloseSessionAnswer): { ok: boolean; message: string } {
  if (isHttpSuccess(status) && body?.code === '0') return { ok: true, message: texts.ended }
  if (status === 404) return { ok: true, message: texts.alreadyEnded }
  return { ok: false, message: (status === 409 ? text(body?.message) : undefined) ?? texts.endError }
}

/** POST sessions/end-others: the server's count in its message, or ours; a failure otherwise. */
export function closeOthersOutcome({ status, body }: CloseOthersAnswer): { ok: boolean; message: string } {
  if (isHttpSuccess(status) && body?.code === '0') return { ok: true, message: text(body.message) ?? texts.ended }
  return { ok: false, message: texts.endOthersError }
}

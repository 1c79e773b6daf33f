/**
 * The pure rules of the session: its fresh and signed-out context, the idle limit and the warning
 * of rulings §6.4, and where a customer goes back after signing in again once their session expired
 * (rulings §6.4): the /app page they were on — a path of the portal itself, never another origin,
 * never a public page (whatever session storage or the address bar may hold).
 */
import type { ReturnPlace, SessionContext, SessionInput } from './session.types.ts'

/** rulings §6.4: the warning shows this long before the idle limit. */
const WARNING_SECONDS = 60
/** rulings §4: 5 minutes of inactivity, when the server did not say (an older server). */
const DEFAULT_IDLE_SECONDS = 300

/** The idle limit of an answer (REQ-SHELL-03): a whole number of seconds, at least 1; otherwise the default. */
export function idleSecondsOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : DEFAULT_IDLE_SECONDS
}

/** How long the warning counts down: 60 seconds, or the whole idle limit when it is shorter. */
export const warningSecondsOf = (context: Pick<SessionContext, 'idleSeconds'>) => Math.min(WARNING_SECONDS, context.idleSeconds)

/** What sign-out forgets: the customer, the accounts, the counter (the idle limit stays). */
export const signedOutContext = {
  user: null,
  accounts: [],
  accountsFailed: false,
  notificationSize: null,
  keepAliveFailed: false,
  mustChangePin: false,
} satisfies Omit<SessionContext, 'idleSeconds'>

/** The context at boot, from what session storage held. */
export function freshSessionContext(input: SessionInput): SessionContext {
  return {
    user: input.user,
    accounts: input.accounts,
    accountsFailed: false,
    notificationSize: null,
    idleSeconds: idleSecondsOf(input.idleSeconds),
    keepAliveFailed: false,
    mustChangePin: false,
  }
}

/**
 * The path to go back to (REQ-SHELL-04), or `null`. `place` is what was kept (anything: it is read back from
 * storage); `kcode` is the customer signing in now (another customer starts at the dashboard);
 * `origin` is the portal's own.
 */
export function returnPathOf(place: unknown, kcode: string, origin: string): string | null {
  if (!place || typeof place !== 'object') return null
  const { path, kcode: owner } = place as Partial<ReturnPlace>
  if (typeof path !== 'string' || owner !== kcode || !path.startsWith('/') || path.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(path, origin)
  } catch {
    return null
  }
  // The URL parser resolves "..", backslashes and encoded tricks: judge what it resolved to.
  if (url.origin !== new URL(origin).origin || !url.pathname.startsWith('/app/')) return null
  return url.pathname + url.search + url.hash
}

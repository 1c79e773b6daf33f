import type { Account, SessionUser } from '../../machines/shared/customer'
import type { ReturnPlace } from '../../machines/session/session.types'

/**
 * Session storage holds the three things of spec §3 (REQ-DATA-02): the auth token, the user and the accounts.
 * Session storage (not local storage) so that closing the tab forgets the session.
 */
const KEYS = { token: 'auth-token', user: 'user', accounts: 'accounts', idleSeconds: 'idle-seconds', returnPlace: 'return-place' } as const

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

export const sessionStore = {
  token: (): string | null => sessionStorage.getItem(KEYS.token),
  user: (): SessionUser | null => readJson<SessionUser>(KEYS.user),
  accounts: (): Account[] => readJson<Account[]>(KEYS.accounts) ?? [],
  /** The idle limit told at sign-in (rulings §6.4); the session machine checks it. */
  idleSeconds: (): unknown => readJson<unknown>(KEYS.idleSeconds),
  /** A session is usable only when both the token and the user are there. */
  isSignedIn(): boolean {
    return Boolean(this.token() && this.user())
  },
  save(token: string, user: SessionUser, idleSeconds: number): void {
    sessionStorage.setItem(KEYS.token, token)
    sessionStorage.setItem(KEYS.user, JSON.stringify(user))
    sessionStorage.setItem(KEYS.idleSeconds, JSON.stringify(idleSeconds))
  },
  /** rulings §6.4: the /app page of an expired session, kept (after `clear`) for the next sign-in. */
  keepReturnPlace(place: ReturnPlace): void {
    sessionStorage.setItem(KEYS.returnPlace, JSON.stringify(place))
  },
  /** The kept place, read once: it is forgotten as soon as it is read. */
  takeReturnPlace(): unknown {
    const place = readJson<unknown>(KEYS.returnPlace)
    sessionStorage.removeItem(KEYS.returnPlace)
    return place
  },
  saveAccounts(accounts: Account[]): void {
    sessionStorage.setItem(KEYS.accounts, JSON.stringify(accounts))
  },
  /** Logout and expiry clear the entire session storage (spec §2, logout dialog). */
  clear(): void {
    sessionStorage.clear()
  },
}

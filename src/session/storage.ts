import type { SessionUser } from '../../machines/shared/customer'
import type { Account } from '../../machines/shared/customer'

/**
 * Session storage holds the three things of spec §3: the auth token, the user and the accounts.
 * Session storage (not local storage) so that closing the tab forgets the session.
 */
const KEYS = { token: 'auth-token', user: 'user', accounts: 'accounts' } as const

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
  /** A session is usable only when both the token and the user are there. */
  isSignedIn(): boolean {
    return Boolean(this.token() && this.user())
  },
  save(token: string, user: SessionUser): void {
    sessionStorage.setItem(KEYS.token, token)
    sessionStorage.setItem(KEYS.user, JSON.stringify(user))
  },
  saveAccounts(accounts: Account[]): void {
    sessionStorage.setItem(KEYS.accounts, JSON.stringify(accounts))
  },
  /** Logout and expiry clear the entire session storage (spec §2, logout dialog). */
  clear(): void {
    sessionStorage.clear()
  },
}

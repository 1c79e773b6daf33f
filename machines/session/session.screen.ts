/** What the shell shows of the session, from a snapshot: the views read only this and send events. */
import type { SnapshotFrom } from 'xstate'
import { transfer as transferTexts } from '../messages.ts'
import type { Account, SessionUser } from '../shared/customer.ts'
import type { sessionMachine } from './session.machine.ts'
import { warningSecondsOf } from './session.rules.ts'

export interface SessionScreen {
  /** The /app routes are open (spec §6). */
  signedIn: boolean
  /** The sidebar's customer (name, kcode, modules), `null` when signed out. */
  user: SessionUser | null
  /** The sidebar's notification counter, `null` until it was read. */
  notificationSize: number | null
  accounts: Account[]
  /** spec §8: the accounts could not be loaded (the screens show the accounts message). */
  accountsFailed: boolean
  /** The accounts are being read (again). */
  accountsLoading: boolean
  /** A transfer moved money: the list has no balances until they are read again. */
  balancesStale: boolean
  /**
   * spec §8 "accounts not loaded or empty": the message under "Mes comptes" once the read is over and
   * there is no account to show (a click sends `accounts.reload`); `null` otherwise.
   */
  accountsMessage: string | null
  /** spec §2 logout dialog: open, and busy while the session is ended on the server. */
  logout: { open: boolean; busy: boolean }
  /** rulings §6.4 session warning: open, its countdown, its busy stay button, its failure line. */
  warning: { open: boolean; seconds: number; extending: boolean; keepAliveFailed: boolean }
}

/** The screen of a snapshot of `sessionMachine`. */
export function sessionScreen(snapshot: SnapshotFrom<typeof sessionMachine>): SessionScreen {
  const { user, notificationSize, accounts, accountsFailed, keepAliveFailed } = snapshot.context
  const busy = snapshot.matches({ signedIn: { dialog: 'loggingOut' } })
  return {
    signedIn: snapshot.matches('signedIn'),
    user,
    notificationSize,
    accounts,
    accountsFailed,
    accountsLoading: snapshot.matches({ signedIn: { accounts: 'loading' } }) || snapshot.matches({ signedIn: { accounts: { stale: 'reading' } } }),
    balancesStale: snapshot.matches({ signedIn: { accounts: 'stale' } }),
    accountsMessage: snapshot.matches({ signedIn: { accounts: 'loaded' } }) && accounts.length === 0 ? transferTexts.accountsNotLoaded : null,
    logout: { open: busy || snapshot.matches({ signedIn: { dialog: 'confirmingLogout' } }), busy },
    warning: {
      open: snapshot.matches({ signedIn: { idle: 'warning' } }),
      seconds: warningSecondsOf(snapshot.context),
      extending: snapshot.matches({ signedIn: { idle: { warning: 'extending' } } }),
      keepAliveFailed,
    },
  }
}

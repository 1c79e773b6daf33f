/**
 * What every view shows of the session, from a snapshot: the shell, the dashboard, the dialogs and
 * the access pages read only this (through `useSessionScreen`) and send the session's named intents.
 */
import type { SnapshotFrom } from 'xstate'
import { accounts as accountTexts, moduleNames } from '../messages.ts'
import { grantedModules, MODULE_ROUTES, type Account, type ModuleCode, type SessionUser } from '../shared/customer.ts'
import type { sessionMachine } from './session.machine.ts'
import { warningSecondsOf } from './session.rules.ts'

/** A granted module, as the menu and the dashboard's tiles show it (spec §1 order). */
export interface ModuleTile {
  code: ModuleCode
  route: (typeof MODULE_ROUTES)[ModuleCode]
  name: string
}

/**
 * What the dashboard shows under "Mes comptes": the list, a spinner while there is nothing fresh to
 * show (first read, or balances made old by a transfer), or the spec §8 message.
 */
export type AccountsState = 'list' | 'loading' | 'message'

export interface SessionScreen {
  /** The /app routes are open (spec §6). */
  signedIn: boolean
  /** The sidebar's customer (name, kcode, modules), `null` when signed out. */
  user: SessionUser | null
  /** The granted modules in spec §1 order: the menu entries and the dashboard's tiles. */
  tiles: ModuleTile[]
  /** spec §2 dashboard: the balances show only with the balance module. */
  seesBalances: boolean
  /** The sidebar's notification counter, `null` until it was read. */
  notificationSize: number | null
  accounts: Account[]
  /** What stands under "Mes comptes" now. */
  accountsState: AccountsState
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
  /** rulings §9.5: the PIN a reset sent must be changed first: every /app route leads to its screen. */
  mustChangePin: boolean
}

/** spec §3 module rights: whether the signed-in customer was granted `code`. */
export const isGranted = (screen: SessionScreen, code: ModuleCode): boolean => screen.user?.modules.includes(code) ?? false

/**
 * The screen of a snapshot of `sessionMachine`: the shell's side bar (REQ-SHELL-01: name, code,
 * counter, one menu entry per granted module) and the dashboard's tiles (REQ-SCREEN-DASH-01).
 */
export function sessionScreen(snapshot: SnapshotFrom<typeof sessionMachine>): SessionScreen {
  const { user, notificationSize, accounts, accountsFailed, keepAliveFailed } = snapshot.context
  const busy = snapshot.matches({ signedIn: { dialog: 'loggingOut' } })
  const accountsLoading = snapshot.matches({ signedIn: { accounts: 'loading' } }) || snapshot.matches({ signedIn: { accounts: { stale: 'reading' } } })
  const balancesStale = snapshot.matches({ signedIn: { accounts: 'stale' } })
  const accountsMessage = snapshot.matches({ signedIn: { accounts: 'loaded' } }) && accounts.length === 0 ? accountTexts.notLoaded : null
  const modules = user?.modules ?? []
  return {
    signedIn: snapshot.matches('signedIn'),
    user,
    tiles: grantedModules(modules).map((code) => ({ code, route: MODULE_ROUTES[code], name: moduleNames[code] })),
    seesBalances: modules.includes('solde'),
    notificationSize,
    accounts,
    accountsState: accountsMessage ? 'message' : (accounts.length === 0 && accountsLoading) || balancesStale ? 'loading' : 'list',
    accountsFailed,
    accountsLoading,
    balancesStale,
    accountsMessage,
    mustChangePin: snapshot.context.mustChangePin && snapshot.matches('signedIn'),
    logout: { open: busy || snapshot.matches({ signedIn: { dialog: 'confirmingLogout' } }), busy },
    warning: {
      open: snapshot.matches({ signedIn: { idle: 'warning' } }),
      seconds: warningSecondsOf(snapshot.context),
      extending: snapshot.matches({ signedIn: { idle: { warning: 'extending' } } }),
      keepAliveFailed,
    },
  }
}

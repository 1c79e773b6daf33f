/** The types of the session: its input, context, events, and the params of its side-effect actions. */
import type { Account, SessionUser } from '../shared/customer.ts'

export interface SessionInput {
  /** The user restored from session storage at boot, `null` when there is no usable session. */
  user: SessionUser | null
  /** The accounts restored from session storage (spec §3: the account list is also saved). */
  accounts: Account[]
  /** The idle limit told by the server at sign-in (rulings §6.4), restored with the session. */
  idleSeconds?: number | null
}

export interface SessionContext {
  user: SessionUser | null
  accounts: Account[]
  /** The accounts could not be loaded: the screens show `accounts.notLoaded` (spec §8). */
  accountsFailed: boolean
  /** The sidebar's notification counter, `null` until (or unless) it was read. */
  notificationSize: number | null
  /** Seconds without a customer call after which the server ends the session (rulings §6.4). */
  idleSeconds: number
  /** The stay button got no usable answer: the warning says so while it counts down. */
  keepAliveFailed: boolean
  /**
   * rulings §9.5: signed in with the PIN a reset sent, not changed yet: only "Choisissez un nouveau
   * code PIN" opens under /app (the login answer's mustChangePin, or a call's HTTP 403 code '3').
   */
  mustChangePin: boolean
}

export type SessionEvent =
  /** Login succeeded (the login machine's output). */
  | { type: 'session.start'; token: string; user: SessionUser; idleSeconds: number | null; mustChangePin?: boolean }
  /** rulings §9.5: the PIN must be changed first (a call answered 403 code '3'), or it was changed. */
  | { type: 'pin.mustChange'; required: boolean }
  /** A customer call answered HTTP 403 or code '2' (spec §4 Session). */
  | { type: 'session.expired' }
  /** A customer call was answered: the server moved its idle window (rulings §6.4). */
  | { type: 'session.activity' }
  /** The stay button of the session warning (rulings §6.4). */
  | { type: 'session.keepAlive' }
  | { type: 'logout.open' }
  | { type: 'logout.close' }
  | { type: 'logout.confirm' }
  | { type: 'notifications.refresh' }
  /** Money moved: the balances in the list are old (read again when a screen shows them). */
  | { type: 'accounts.refresh' }
  /** A screen that shows the balances opened (the dashboard, a form's account select). */
  | { type: 'accounts.wanted' }
  /** The click on the accounts message `accounts.notLoaded` (spec §8). */
  | { type: 'accounts.reload' }

/** Params of the `storeSession` action. */
export interface StoreSessionParams {
  token: string
  user: SessionUser
  idleSeconds: number
}
/** Params of the `storeAccounts` action. */
export interface StoreAccountsParams {
  accounts: Account[]
}
/** Params of `goToStartPage` and `rememberPlace`: whose session it is. */
export interface CustomerParams {
  kcode: string
}

/** The place kept at expiry (rulings §6.4): the page, and whose session it was. */
export interface ReturnPlace {
  path: string
  kcode: string
}

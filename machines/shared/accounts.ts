/**
 * The customer's accounts inside a flow (balance, statement, transfer): the session's list is the
 * machine's input, and each later change arrives as `accounts.change` (sent by `useFlow`).
 */
import { assign, type EventObject } from 'xstate'
import { accountLabel } from '../amounts.ts'
import type { Account } from './customer.ts'

/** The session's accounts, as a flow takes them. */
export interface SessionAccounts {
  accounts: Account[]
  /** The session could not load them (spec §8: the screens show `accounts.notLoaded`). */
  accountsFailed: boolean
}

/** The event `useFlow` sends when the session's accounts change after the screen opened. */
export type AccountsChange = { type: 'accounts.change' } & SessionAccounts

/** spec §8: no account to offer — none loaded, or none at all. */
export const accountsUnavailable = (accounts: readonly Account[], accountsFailed: boolean): boolean => accountsFailed || accounts.length === 0

/** The account picked in a select (by its `compte`), when the list is usable. */
export function pickedAccount(
  { accounts, accountsUnavailable: unavailable }: { accounts: readonly Account[]; accountsUnavailable: boolean },
  compte: string,
): Account | undefined {
  const wanted = compte.trim()
  return wanted === '' || unavailable ? undefined : accounts.find((a) => a.compte === wanted)
}

/** What a flow keeps of the session's accounts: the list, and whether it is unavailable. */
export const accountsState = ({ accounts, accountsFailed }: SessionAccounts) => ({
  accounts,
  accountsFailed,
  accountsUnavailable: accountsUnavailable(accounts, accountsFailed),
})

/** The implementation of a flow's `setAccounts` action (params: the session's accounts). */
export const setAccounts = <Context extends ReturnType<typeof accountsState>, Event extends EventObject>() =>
  assign<Context, Event, SessionAccounts, Event, never>((_, params) => accountsState(params) as Partial<Context>)

/** An option of an account select: the account's code sent, its label shown. */
export interface AccountOption {
  value: string
  /** `accountLabel`: the code, the currency, the balance when known (rulings §1 format). */
  label: string
}

/**
 * The options of an account select (balance, statement, transfer screens), in the session's order;
 * none while the accounts are unavailable (spec §8: the accounts message shows instead).
 */
export function accountOptionsOf(source: readonly Account[] | { accounts: readonly Account[]; accountsUnavailable?: boolean }): AccountOption[] {
  const accounts = 'accounts' in source ? (source.accountsUnavailable ? [] : source.accounts) : source
  return accounts.map((a) => ({ value: a.compte, label: accountLabel(a) }))
}

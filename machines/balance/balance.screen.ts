/** What the balance screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { balance as texts, transfer as transferTexts } from '../messages.ts'
import type { Account } from '../shared/customer.ts'
import type { balanceMachine } from './balance.machine.ts'

export interface BalanceScreen {
  /** The button is busy (spinner), the select disabled: the balance is being read. */
  busy: boolean
  /** The table (spec §2), amount formatted (rulings §1: `1 234,56 USD`); `null` when none. */
  table: { compte: string; amount: string } | null
  /** The error box (spec §8) and its text for screen readers; `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The accounts the select offers (none while they are unavailable). */
  accounts: Account[]
}

/** The screen of a snapshot of `balanceMachine`. */
export function balanceScreen(snapshot: SnapshotFrom<typeof balanceMachine>): BalanceScreen {
  const { shown, accountsUnavailable, accounts } = snapshot.context
  return {
    busy: snapshot.matches('loading'),
    table: snapshot.matches('shown') && shown ? { compte: shown.compte, amount: formatAmount(shown.amount, shown.currency) } : null,
    error: snapshot.matches('failed') ? texts.failed : null,
    accountsMessage: accountsUnavailable ? transferTexts.accountsNotLoaded : null,
    accounts: accountsUnavailable ? [] : accounts,
  }
}

/** What the balance screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { accounts as accountTexts, balance as texts } from '../messages.ts'
import { accountOptionsOf, type AccountOption } from '../shared/accounts.ts'
import type { FieldErrors } from '../shared/form.ts'
import type { balanceMachine } from './balance.machine.ts'
import type { BalanceValues } from './balance.types.ts'

export interface BalanceScreen {
  /** The page's heading and title. */
  title: string
  /** The select's value and, once a submit was tried, its message (spec §5). */
  values: BalanceValues
  errors: FieldErrors<BalanceValues>
  /** The button is busy (spinner), the select disabled: the balance is being read. */
  busy: boolean
  /** The table (spec §2), amount formatted (rulings §1: `1 234,56 USD`); `null` when none. */
  table: { compte: string; amount: string } | null
  /** The error box (spec §8) and its text for screen readers; `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The select's options (none while the accounts are unavailable). */
  accountOptions: AccountOption[]
}

/** The screen of a snapshot of `balanceMachine`. */
export function balanceScreen(snapshot: SnapshotFrom<typeof balanceMachine>): BalanceScreen {
  const { shown, accountsUnavailable, values, errors } = snapshot.context
  return {
    title: texts.title,
    values,
    errors,
    busy: snapshot.matches('loading'),
    table: snapshot.matches('shown') && shown ? { compte: shown.compte, amount: formatAmount(shown.amount, shown.currency) } : null,
    error: snapshot.matches('failed') ? texts.failed : null,
    accountsMessage: accountsUnavailable ? accountTexts.notLoaded : null,
    accountOptions: accountOptionsOf(snapshot.context),
  }
}

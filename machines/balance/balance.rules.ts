/** The pure rules of the balance flow: its fresh context, its form errors, what an answer means. */
import { balanceForm } from './balance.form.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { validation } from '../messages.ts'
import type { Account } from '../shared/customer.ts'
import { accountsUnavailable } from '../shared/accounts.ts'
import type { BalanceAnswer, BalanceContext, BalanceInput, BalanceValues, LoadBalanceInput, ShownBalance } from './balance.types.ts'
import { text } from '../shared/answers.ts'

/** The context of a fresh screen. */
export function freshBalanceContext({ accounts, accountsFailed }: BalanceInput): BalanceContext {
  return {
    accounts,
    accountsFailed,
    accountsUnavailable: accountsUnavailable(accounts, accountsFailed),
    values: { account: '' },
    errors: {},
    submitted: false,
    shown: null,
  }
}

/** The selected account, when it is one of the accounts offered (none while they are unavailable). */
function selectedAccount(context: Pick<BalanceContext, 'values' | 'accounts' | 'accountsUnavailable'>): Account | undefined {
  const compte = context.values.account.trim()
  return compte === '' || context.accountsUnavailable ? undefined : context.accounts.find((a) => a.compte === compte)
}

/**
 * The message of each invalid field (spec §5 balance account: required; REQ-VAL-40). An account that is not
 * one of the accounts offered shows the same message.
 */
export function balanceErrors(context: Pick<BalanceContext, 'values' | 'accounts' | 'accountsUnavailable'>): FieldErrors<BalanceValues> {
  const errors: FieldErrors<BalanceValues> = fieldErrors(balanceForm, context.values)
  if (!errors.account && !selectedAccount(context)) errors.account = validation.balanceAccountRequired
  return errors
}

/** The input of `loadBalance` for the selected account. */
export function loadBalanceInput(context: BalanceContext): LoadBalanceInput {
  const account = selectedAccount(context)
  return { compte: account?.compte ?? '', currency: account?.currency ?? '' }
}

/**
 * The balance of an answer, `null` when the answer does not give one: an HTTP error, a body that
 * cannot be read, a code other than '0', no amount (spec §8 balance failure).
 */
export function shownBalanceOf(answer: BalanceAnswer, asked: LoadBalanceInput): ShownBalance | null {
  const { status, body } = answer
  if (status < 200 || status >= 300 || body === null || body.code !== '0') return null
  const amount = text(body.amount)
  if (amount === undefined) return null
  return { compte: text(body.compte) ?? asked.compte, amount, currency: text(body.currency) ?? asked.currency }
}

export const balanceAnswer = ({ event }: { event: { output: BalanceAnswer } }) => event.output

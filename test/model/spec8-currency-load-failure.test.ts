/**
 * Spec §8 "Currency load failure: nothing is shown", on the real transfer machine: the momo and
 * prepaid-card forms load their currencies when they open; when that fails, the currency field
 * offers none, no banner or field message appears, and the rest of the form goes on as before.
 */
import { describe, expect, it } from 'vitest'
import type { Account } from '../../machines/shared/customer.ts'
import { transferMachine } from '../../machines/transfer/transfer.machine.ts'
import { transferScreen } from '../../machines/transfer/transfer.screen.ts'
import type { TransferEvent } from '../../machines/transfer/transfer.types.ts'
import { createWalk, doneEvent, errorEvent, type Call } from '../support/walk.ts'

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const walk = createWalk(transferMachine, { stubActions: ['reloadPage', 'refreshNotifications', 'refreshAccounts', 'wantAccounts'] })
const change = (field: 'amount' | 'debitAccount', value: string): TransferEvent => ({ type: 'field.change', field, value })
const currencyCalls = (calls: Call[]) => calls.filter((c) => c.kind === 'actor' && c.src === 'loadCurrencies')

describe('spec §8 currency load failure: nothing is shown (momo, prepaid card)', () => {
  it.each(['momo', 'card'] as const)('%s: a failed currency load offers no currency and shows no message', async (kind) => {
    const input = { kind, accounts: [usd], accountsFailed: false }
    const { snapshot, calls } = await walk.play(input, [errorEvent('loadCurrencies', new TypeError('Failed to fetch'))])
    expect(snapshot.context.currencies).toEqual([])
    expect(snapshot.context).toMatchObject({ error: null, errors: {}, holderError: null, submitted: false })
    expect(snapshot.value).toMatchObject({ editing: { form: 'filling', currencies: 'idle' } })
    expect(transferScreen(snapshot)).toMatchObject({ step: 'form', busy: false })
    expect(currencyCalls(calls)).toHaveLength(1)
  })

  it.each(['momo', 'card'] as const)('%s: the form stays usable and the load is not retried behind the customer', async (kind) => {
    const input = { kind, accounts: [usd], accountsFailed: false }
    const { snapshot, calls } = await walk.play(input, [
      errorEvent('loadCurrencies'),
      change('debitAccount', usd.compte),
      change('amount', '10'),
      ...(kind === 'momo' ? [doneEvent('loadBalance', { amount: '50.00', currency: '1' })] : []),
    ])
    expect(snapshot.context.values).toMatchObject({ debitAccount: usd.compte, amount: '10' })
    expect(snapshot.context.error).toBeNull()
    expect(currencyCalls(calls)).toHaveLength(1)
  })

  it('a currency list that loads is offered (the failure above is not the normal path)', async () => {
    const { snapshot } = await walk.play({ kind: 'card', accounts: [usd], accountsFailed: false }, [doneEvent('loadCurrencies', ['1', '2'])])
    expect(snapshot.context.currencies).toEqual(['1', '2'])
  })
})

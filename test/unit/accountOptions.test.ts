/** The one account select's options (machines/shared/accounts.ts), read by the balance, statement and transfer screens. */
import { describe, expect, it } from 'vitest'
import { accountOptionsOf } from '../../machines/shared/accounts.ts'
import type { Account } from '../../machines/shared/customer.ts'

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1', balance: '1234.5' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }

describe('accountOptionsOf', () => {
  it('one option per account, in order: the code sent, the label with currency and balance when known', () => {
    expect(accountOptionsOf([usd, cdf])).toEqual([
      { value: usd.compte, label: '000110000000000000012 — USD — 1\u202F234,50' },
      { value: cdf.compte, label: '000110000000000000034 — CDF' },
    ])
  })

  it('none while the accounts are unavailable (spec §8), the list otherwise', () => {
    expect(accountOptionsOf({ accounts: [usd], accountsUnavailable: true })).toEqual([])
    expect(accountOptionsOf({ accounts: [usd], accountsUnavailable: false }).map((o) => o.value)).toEqual([usd.compte])
    expect(accountOptionsOf([])).toEqual([])
  })
})

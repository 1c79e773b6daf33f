/**
 * The three transfer kinds of the contract (`TransferKind`: account, momo, card) and what the
 * contract ties to each: the module that grants it (spec §3, §6), its screen (spec §2), its two
 * calls (spec §7), its frequently used list (used-freq/{id}) and its currency list
 * (currencies/{list}). The one kind→module table: the portal (machines/, src/), the server (its
 * domain and routes), the demo tooling (server/demo/) and the database (migration 012) all use
 * these names, so that nothing translates a kind from one word to another.
 */
import type { components, operations, paths } from './schema'

export type TransferKind = components['schemas']['TransferKind']

/** The kinds, in the order the portal lists them. */
export const TRANSFER_KINDS = ['account', 'momo', 'card'] as const satisfies readonly TransferKind[]

type UsedFreqId = operations['frequentlyUsed']['parameters']['path']['id']
/** The currency lists of the contract: /auth/v1/currencies/b2w and /auth/v1/currencies/b2c. */
export type CurrencyList = Extract<keyof paths, `/auth/v1/currencies/${string}`> extends `/auth/v1/currencies/${infer L}` ? L : never

export interface TransferKindContract {
  /** The module a customer needs (spec §3 module codes, §6 roles). */
  module: 'transfert' | 'mobile-money' | 'card-visa'
  /** The screen of the kind (spec §2). */
  screen: '/app/transfer' | '/app/momo' | '/app/prepaid-card'
  /** POST: the transfer is asked, a validation code is sent (spec §7). */
  askPath: Extract<keyof paths, `/api/rest/customer/v1/transfer/ask${string}`>
  /** POST: the transfer is confirmed with the code (spec §7). */
  confirmPath: Extract<keyof paths, `/api/rest/customer/v1/transfer/confirm${string}`>
  /** GET used-freq/{id}: the accounts (1) or numbers (2) used before; `null` when the kind has none. */
  usedFreqId: UsedFreqId | null
  /** GET currencies/{list}: the currencies the amount may be sent in; `null` for the account's own. */
  currencies: CurrencyList | null
}

export const transferKindContract = {
  account: {
    module: 'transfert',
    screen: '/app/transfer',
    askPath: '/api/rest/customer/v1/transfer/ask',
    confirmPath: '/api/rest/customer/v1/transfer/confirm',
    usedFreqId: '1',
    currencies: null,
  },
  momo: {
    module: 'mobile-money',
    screen: '/app/momo',
    askPath: '/api/rest/customer/v1/transfer/ask-wallet',
    confirmPath: '/api/rest/customer/v1/transfer/confirm-wallet',
    usedFreqId: '2',
    currencies: 'b2w',
  },
  card: {
    module: 'card-visa',
    screen: '/app/prepaid-card',
    askPath: '/api/rest/customer/v1/transfer/ask-card',
    confirmPath: '/api/rest/customer/v1/transfer/confirm-card',
    usedFreqId: null,
    currencies: 'b2c',
  },
} as const satisfies { readonly [K in TransferKind]: TransferKindContract }

/**
 * What the fault panel needs to know of the three transfer screens: the heading, and which of the
 * form's lookups each screen makes (so that a scenario failing a lookup exists only where the
 * screen makes it). A server-side table rather than the portal's own transfer table, so that the
 * demo tooling does not depend on the client's code; the paths and list names are the contract's
 * (openapi/portal.yaml: details, used-freq/{id}, currencies/{list}, balance) and the headings come
 * from the one message catalogue (kernel/messages/transferHeadings.ts, which the transfer screens
 * read too). The browser tests of the fault panel walk every scenario on the real screens, so a
 * screen that stops making a lookup shows up there.
 */
import { transferHeadings } from '../../kernel/messages.ts'
import { transferKindContract as contract, type CurrencyList, type TransferKind, type TransferKindContract } from '../../openapi/transfer-kinds.ts'

export interface TransferScreen {
  heading: string
  /** spec §2 /app/transfer: the holder of the account to credit is looked up (POST details). */
  looksUpHolder: boolean
  /** The frequently used accounts or numbers the screen offers (GET used-freq/{id}); null: none. */
  suggestions: { usedFreqId: NonNullable<TransferKindContract['usedFreqId']> } | null
  /** The currency list of the screen's `currencySent` field (GET currencies/{list}); null: none. */
  currencies: CurrencyList | null
  /** spec §2 /app/momo: the selected account's balance is shown (POST balance). */
  showsBalance: boolean
}

export const transferScreens: { readonly [K in TransferKind]: TransferScreen } = {
  account: {
    heading: transferHeadings.account,
    looksUpHolder: true,
    suggestions: { usedFreqId: contract.account.usedFreqId },
    currencies: contract.account.currencies,
    showsBalance: false,
  },
  momo: {
    heading: transferHeadings.momo,
    looksUpHolder: false,
    suggestions: { usedFreqId: contract.momo.usedFreqId },
    currencies: contract.momo.currencies,
    showsBalance: true,
  },
  card: { heading: transferHeadings.card, looksUpHolder: false, suggestions: null, currencies: contract.card.currencies, showsBalance: false },
}

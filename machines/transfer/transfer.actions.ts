/**
 * The implementations of the transfer machine's own actions: what each one changes in its context.
 * The chart (`transfer.machine.ts`) names and documents them in its `setup`; the actions the app
 * provides (`reloadPage`, `refreshNotifications`, `refreshAccounts`, `wantAccounts`, `logDownloadError`) are not here.
 */
import { assign } from 'xstate'
import { text } from '../shared/answers.ts'
import { transferKinds, type TransferField } from './transfer.kinds.ts'
import { freshTransferContext, pendingOf, receiptOf, tokenErrorOf, triesLeftOf } from './transfer.rules.ts'
import type {
  AccountBalance,
  HolderLookup,
  RateQuote,
  Suggestion,
  TransferAskBody,
  TransferConfirmBody,
  TransferContext,
  TransferEvent,
} from './transfer.types.ts'

/** An action of the transfer machine that changes its context, with its params. */
const change = <Params>(update: Parameters<typeof assign<TransferContext, TransferEvent, Params, TransferEvent, never>>[0]) =>
  assign<TransferContext, TransferEvent, Params, TransferEvent, never>(update)

export const setField = change<{ field: TransferField; value: string }>({
  values: ({ context }, { field, value }) => ({ ...context.values, [field]: value }),
})
export const showError = change<{ message: string | null }>({ error: (_, { message }) => message })

export const clearHolder = change<undefined>({ holder: null, holderError: null })
export const setHolder = change<HolderLookup>(({ context }, found) =>
  found.found && text(found.libelle)
    ? { holder: text(found.libelle) ?? null, holderError: null }
    : { holder: null, holderError: (!found.found && text(found.message)) || transferKinds[context.kind].holderTexts.notFound },
)
export const clearQuote = change<undefined>({ quote: null })
export const setQuote = change<RateQuote>({ quote: (_, quote) => quote })
export const setSuggestions = change<{ list: Suggestion[] }>({ suggestions: (_, { list }) => list })
export const setCurrencies = change<{ list: string[] }>({ currencies: (_, { list }) => list })
export const clearBalance = change<undefined>({ balance: null })
export const setBalance = change<AccountBalance>({ balance: (_, balance) => balance })

export const keepPending = change<TransferAskBody>({ pending: ({ context }, body) => pendingOf(context, body) })
export const setToken = change<{ value: string }>({ token: (_, { value }) => value })
export const validateToken = change<undefined>({ tokenError: ({ context }) => tokenErrorOf(context.token) })
export const markTokenSubmitted = change<undefined>({ tokenSubmitted: true })
export const forgetToken = change<undefined>({ token: '' })
export const setTriesLeft = change<TransferConfirmBody | null>({ triesLeft: (_, body) => triesLeftOf(body) })
export const setCodeRefused = change<{ refused: boolean }>({ codeRefused: (_, { refused }) => refused })
export const keepReceipt = change<TransferConfirmBody | null>({ receipt: ({ context }, body) => receiptOf(context, body) })
export const showDownloadError = change<{ message: string | null }>({ downloadError: (_, { message }) => message })

export const reset = change<undefined>(({ context }) =>
  freshTransferContext({ kind: context.kind, accounts: context.accounts, accountsFailed: context.accountsFailed }),
)

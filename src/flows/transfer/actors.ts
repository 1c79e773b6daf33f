/** The actors of the transfer machine (spec §7: transfer/ask*, transfer/confirm*, details, used-freq, currencies, balance, transfer/receipt). */
import { fromPromise } from 'xstate'
import { transferKindContract, type TransferKind } from '../../../openapi/transfer-kinds'
import { transferKinds, type AskTransferInput, type HolderLookupInput } from '../../../machines/transfer/transfer.kinds'
import type {
  AccountBalance,
  AskAnswer,
  ConfirmAnswer,
  ConfirmTransferInput,
  HolderLookup,
  RateInput,
  RateQuote,
  ReceiptDownloadInput,
  Suggestion,
} from '../../../machines/transfer/transfer.types'
import { answerOf } from '../../api/actors'
import { tooManyTriesAsRefusal } from '../../api/too-many-tries'
import { api } from '../../api/client'
import { saveReceipt } from '../../api/download'

export const askTransfer = fromPromise<AskAnswer, AskTransferInput>(({ input, signal }) => {
  const options = { parseAs: 'text', signal } as const
  switch (input.kind) {
    case 'account':
      return answerOf(api.POST(transferKindContract.account.askPath, { ...options, body: input.body }))
    case 'momo':
      return answerOf(api.POST(transferKindContract.momo.askPath, { ...options, body: input.body }))
    case 'card':
      return answerOf(api.POST(transferKindContract.card.askPath, { ...options, body: input.body }))
  }
})

export const confirmTransfer = fromPromise<ConfirmAnswer, ConfirmTransferInput>(({ input, signal }) =>
  answerOf(api.POST(transferKindContract[input.kind].confirmPath, { body: { code: input.reference, token: input.token }, parseAs: 'text', signal })),
)

/** The payee's holder call of each kind: spec §7 details; rulings §9.2 details-wallet, details-card. */
function holderCall(input: HolderLookupInput, signal: AbortSignal) {
  switch (input.kind) {
    case 'account':
      return api.POST('/api/rest/customer/v1/details', { body: { code: input.account, currency: '' }, signal })
    case 'momo':
      return api.POST('/api/rest/customer/v1/details-wallet', { body: { phone: input.phone }, signal })
    case 'card':
      return api.POST('/api/rest/customer/v1/details-card', { body: { accountId: input.accountId, lastFour: input.lastFour }, signal })
  }
}

export const lookUpHolder = fromPromise<HolderLookup, HolderLookupInput>(async ({ input, signal }) => {
  const { data, error, response } = await holderCall(input, signal)
  if (data?.code === '0' && data.libelle) return { found: true, libelle: data.libelle }
  // rulings §8: a lookup refused for too many tries says so, rather than "holder not found".
  if (response.status === 429) {
    const refusal = tooManyTriesAsRefusal(response.status, error).body as { message?: string } | null
    if (refusal?.message) return { found: false, message: refusal.message }
  }
  return { found: false }
})

export const loadSuggestions = fromPromise<Suggestion[], { kind: TransferKind }>(async ({ input, signal }) => {
  const id = transferKinds[input.kind].suggestions?.usedFreqId
  if (!id) return []
  const { data } = await api.GET('/api/rest/customer/v1/used-freq/{id}', { params: { path: { id } }, signal })
  if (data?.code !== '0') return []
  // `payees` (with holder names) is optional in the contract: a server without it still gives `comptes`.
  if (data.payees) return data.payees.map((p) => ({ value: p.compte, holder: p.holder ?? null }))
  return (data.comptes ?? []).map((value) => ({ value, holder: null }))
})

export const loadCurrencies = fromPromise<string[], { kind: TransferKind }>(async ({ input, signal }) => {
  const list = transferKinds[input.kind].currencies
  if (!list) return []
  const { data } = await api.GET(list === 'b2w' ? '/auth/v1/currencies/b2w' : '/auth/v1/currencies/b2c', { signal })
  if (data?.code !== '0') throw new Error('currencies unavailable')
  return data.currencies
})

export const loadBalance = fromPromise<AccountBalance, { compte: string; currency: string }>(async ({ input, signal }) => {
  const { data } = await api.POST('/api/rest/customer/v1/balance', { body: { code: input.compte, currency: input.currency }, signal })
  if (data?.code !== '0' || data.amount === undefined) throw new Error('balance unavailable')
  return { amount: data.amount, currency: data.currency ?? input.currency }
})

/**
 * rulings §9.3 POST rate: the rate and the amount debited, or the bank's reason for none (code '1');
 * rejects when no usable answer came (nothing is shown then).
 */
export const quoteRate = fromPromise<RateQuote, RateInput>(async ({ input, signal }) => {
  const { data } = await api.POST('/api/rest/customer/v1/rate', { body: input, signal })
  if (data?.code === '0' && data.rate && data.debitAmount) return { found: true, rate: data.rate, debitAmount: data.debitAmount }
  if (data?.code === '1') return data.message ? { found: false, message: data.message } : { found: false }
  throw new Error('rate unavailable')
})

/** The receipt PDF of an executed transfer, saved under the server's name; rejects on any failure. */
export const downloadReceipt = fromPromise<void, ReceiptDownloadInput>(({ input }) => saveReceipt(input.reference))

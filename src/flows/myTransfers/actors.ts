/**
 * The actors of the My transfers machine (rulings §9.1): GET transfers and POST transfer/cancel; the
 * confirm and the receipt are the transfer screens' own calls.
 */
import { fromPromise } from 'xstate'
import type { CancelAnswer, CancelTransferInput, LoadTransfersInput, MyTransfersAnswer } from '../../../machines/myTransfers/myTransfers.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export { confirmTransfer, downloadReceipt } from '../transfer/actors'

export const loadTransfers = fromPromise<MyTransfersAnswer, LoadTransfersInput>(({ input, signal }) =>
  answerOf(api.GET('/api/rest/customer/v1/transfers', { params: { query: input }, parseAs: 'text', signal })),
)

export const cancelTransfer = fromPromise<CancelAnswer, CancelTransferInput>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/transfer/cancel', { body: { code: input.reference }, parseAs: 'text', signal })),
)

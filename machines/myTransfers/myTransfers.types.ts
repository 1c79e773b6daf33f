/** The types of the My transfers flow (rulings §9.1): its context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Answer } from '../shared/answers.ts'
import type { ConfirmAnswer, ConfirmTransferInput, TransferConfirmBody } from '../transfer/transfer.types.ts'

export type { ConfirmAnswer, ConfirmTransferInput, TransferConfirmBody }

/** A transfer as the contract lists it (GET transfers). */
export type MyTransfer = components['schemas']['MyTransfer']
/** The state the server tells (pending, executed, cancelled, expired). */
export type TransferState = components['schemas']['TransferState']
export type CancelReason = components['schemas']['CancelReason']

/** Transfers per page asked for (the contract allows 1 to 50; the server's default is 20). */
export const MY_TRANSFERS_PAGE_SIZE = 10

/** The filters: '' for every state or every kind. */
export interface MyTransfersFilters {
  state: TransferState | ''
  kind: TransferKind | ''
}
export type FilterField = keyof MyTransfersFilters

/** The input of `loadTransfers` (GET transfers?before&size&state&kind). */
export interface LoadTransfersInput {
  /** The `nextCursor` of the page before; absent for the first page. */
  before?: string
  size: number
  state?: TransferState
  kind?: TransferKind
}
export type MyTransfersBody = Partial<components['schemas']['MyTransfersResponse']> & Partial<components['schemas']['ErrorBody']>
/** What `loadTransfers` resolves with; it rejects only when no answer came. */
export type MyTransfersAnswer = Answer<MyTransfersBody>

/** The input of `cancelTransfer` (POST transfer/cancel {code}). */
export interface CancelTransferInput {
  reference: string
}
export type CancelBody = Partial<components['schemas']['TransferCancelResponse']> & Partial<components['schemas']['ErrorBody']>
/** What `cancelTransfer` resolves with; it rejects only when no answer came. */
export type CancelAnswer = Answer<CancelBody>

/** The input of `downloadReceipt` (GET transfer/receipt/{reference}), the transfer screen's own. */
export interface ReceiptInput {
  reference: string
}

/** A banner above the list: what the last action gave. */
export interface Notice {
  kind: 'success' | 'warning' | 'error'
  message: string
}

export interface MyTransfersContext {
  filters: MyTransfersFilters
  /**
   * The `before` of each page from the first to the one shown (keyset pages): the first is
   * `undefined`; Next pushes the page's `nextCursor`, Prev drops the last.
   */
  cursors: Array<string | undefined>
  /** The transfers of the page shown. */
  transfers: MyTransfer[]
  /** The `before` of the page after, `null` on the last page. */
  nextCursor: string | null
  /** The list's load failure, `null` otherwise (and after a session end). */
  loadError: string | null
  /** What the last action gave (cancelled, a download failed…), `null` when none. */
  notice: Notice | null
  /** The transfer a receipt, a cancellation or the code form is about. */
  selected: MyTransfer | null

  /** The code form (the transfer screens' rules and texts). */
  token: string
  tokenError: string | null
  tokenSubmitted: boolean
  /** The banner of the code form: a refused code, a confirm that failed; `null` when none. */
  codeError: string | null
  /** Tries left after a wrong code, when the answer says. */
  triesLeft: number | null
  /** The banner is the refusal of the code typed (HTTP 422): the field is marked invalid. */
  codeRefused: boolean
  /** The success message of a transfer completed from the list (with the new balance when known). */
  doneMessage: string | null
}

export type MyTransfersEvent =
  /** A filter changed (rulings §9.1: by state and kind); '' is every state or kind. */
  | { type: 'filter.change'; field: FilterField; value: string }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  /** Read the list again after a failure. */
  | { type: 'list.retry' }
  /** rulings §9.1 "Télécharger le reçu" of an executed transfer; on the success screen, its own. */
  | { type: 'receipt.download'; reference: string }
  /** rulings §9.1 "Saisir le code" of a pending transfer. */
  | { type: 'code.open'; reference: string }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  /** rulings §9.1 "Annuler le transfert" of a pending transfer: the confirmation opens. */
  | { type: 'cancel.ask'; reference: string }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  /** Back from the code form or its end to the list, read again. */
  | { type: 'list.back' }

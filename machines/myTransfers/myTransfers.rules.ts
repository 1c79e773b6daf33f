/** The pure rules of the My transfers flow (rulings §9.1): its fresh context, what an answer means, its guards and context changes. */
import { formatAmount } from '../amounts.ts'
import { myTransfers as texts, transfer as transferTexts } from '../messages.ts'
import { isHttpSuccess, isSessionEnded, text } from '../shared/answers.ts'
import { TRANSFER_KINDS, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { descriptionOf, tokenErrorOf, triesLeftOf } from '../transfer/transfer.rules.ts'
import {
  MY_TRANSFERS_PAGE_SIZE,
  type CancelAnswer,
  type ConfirmAnswer,
  type TransferConfirmBody,
  type LoadTransfersInput,
  type MyTransfer,
  type MyTransfersAnswer,
  type MyTransfersContext,
  type MyTransfersEvent,
  type Notice,
  type TransferState,
} from './myTransfers.types.ts'

export { descriptionOf, tokenErrorOf, triesLeftOf }

/** The states the contract knows, in the order the filter offers them. */
export const TRANSFER_STATES = ['pending', 'executed', 'cancelled', 'expired'] as const satisfies readonly TransferState[]

export function freshMyTransfersContext(): MyTransfersContext {
  return {
    filters: { state: '', kind: '' },
    cursors: [undefined],
    transfers: [],
    nextCursor: null,
    loadError: null,
    notice: null,
    selected: null,
    ...freshCode(),
    doneMessage: null,
  }
}

/** The code form as it opens: nothing typed, no banner. */
export const freshCode = () => ({ token: '', tokenError: null, tokenSubmitted: false, codeError: null, triesLeft: null, codeRefused: false })

/** The call for the page shown: its cursor and the filters. */
export function pageQuery({ cursors, filters }: Pick<MyTransfersContext, 'cursors' | 'filters'>): LoadTransfersInput {
  const before = cursors[cursors.length - 1]
  return {
    ...(before ? { before } : {}),
    size: MY_TRANSFERS_PAGE_SIZE,
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
  }
}

/** A usable page: 2xx, code '0', a list of transfers. */
export const isPageAnswer = ({ status, body }: MyTransfersAnswer): boolean => isHttpSuccess(status) && body?.code === '0' && Array.isArray(body.transfers)

/** A filter's value the list knows ('' is every state or kind); anything else changes nothing. */
export function isKnownFilter(field: string, value: string): boolean {
  if (value === '') return field === 'state' || field === 'kind'
  if (field === 'state') return (TRANSFER_STATES as readonly string[]).includes(value)
  if (field === 'kind') return (TRANSFER_KINDS as readonly string[]).includes(value as TransferKind)
  return false
}

/** The transfer of the page shown with that reference, in the state asked. */
export const listed = (context: Pick<MyTransfersContext, 'transfers'>, reference: string, state: TransferState): MyTransfer | undefined =>
  context.transfers.find((t) => t.reference === reference && t.state === state)

/** Who is credited, as the customer reads it: the holder's name with the number when the bank knows it. */
export const payeeOf = (t: Pick<MyTransfer, 'payee' | 'payeeName'>): string => (text(t.payeeName) ? `${text(t.payeeName)} (${t.payee})` : t.payee)

/** The amount sent, formatted (rulings §1). */
export const amountOf = (t: Pick<MyTransfer, 'amount' | 'currencySent'>): string => formatAmount(t.amount, t.currencySent)

/** The notice after a cancel answer: the bank's words when it gave them. */
export function cancelNotice(answer: CancelAnswer): Notice {
  const said = text(answer.body?.description) ?? text(answer.body?.message)
  if (!isHttpSuccess(answer.status)) return { kind: 'error', message: said ?? texts.cancelFailed }
  if (answer.body?.status === '0') return { kind: 'success', message: said ?? texts.cancelled }
  if (answer.body?.status === '1') return { kind: 'warning', message: said ?? texts.cancelFailed }
  return { kind: 'warning', message: texts.cancelUnknown }
}

/** The success message of a transfer completed from the list (the transfer screens' words). */
export function doneMessageOf(body: TransferConfirmBody | null): string {
  const newBalance = text(body?.solde)
  const currency = text(body?.currency) ?? ''
  return newBalance ? transferTexts.newBalance(formatAmount(newBalance, currency)) : transferTexts.success
}

/** The milliseconds left before the selected transfer's code expires (rulings §4), 0 once past. */
export function codeLifeLeft({ context }: { context: Pick<MyTransfersContext, 'selected'> }): number {
  const at = Date.parse(context.selected?.expiresAt ?? '')
  return Number.isNaN(at) ? 0 : Math.max(0, at - Date.now())
}

// ---------------------------------------------------------------------------------------------
// The guards of the chart: `myTransfers.machine.ts` names and documents each in its `setup`.
// ---------------------------------------------------------------------------------------------

type GuardArgs = { context: MyTransfersContext; event: MyTransfersEvent }

export const isKnownFilterChange = ({ context, event }: GuardArgs) =>
  event.type === 'filter.change' && isKnownFilter(event.field, event.value) && context.filters[event.field] !== event.value
export const hasNext = ({ context }: GuardArgs) => context.nextCursor !== null
export const hasPrev = ({ context }: GuardArgs) => context.cursors.length > 1
export const isListedExecuted = ({ context, event }: GuardArgs) =>
  event.type === 'receipt.download' && listed(context, event.reference, 'executed') !== undefined
export const isListedPending = ({ context, event }: GuardArgs) =>
  (event.type === 'code.open' || event.type === 'cancel.ask') && listed(context, event.reference, 'pending') !== undefined
export const isTokenValid = ({ context }: GuardArgs) => tokenErrorOf(context.token) === null
export const wasTokenSubmitted = ({ context }: GuardArgs) => context.tokenSubmitted

// On an answer (params of the `onDone` branches).
export const endsSession = (_: unknown, answer: { status: number; body: { code?: unknown; status?: unknown } | null }) => isSessionEnded(answer)
export const isHttpFailure = (_: unknown, answer: { status: number }) => !isHttpSuccess(answer.status)
export const isRefused = (_: unknown, answer: ConfirmAnswer) => answer.body?.status === '1'
export const isConfirmed = (_: unknown, answer: ConfirmAnswer) => isHttpSuccess(answer.status) && answer.body?.status === '0'

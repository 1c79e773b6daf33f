/**
 * The My transfers chart's setup: its types, the actors it calls, its delay, guards and actions (the
 * glossary of docs/machines/myTransfers.md is read from the comments here). The chart itself is
 * myTransfers.machine.ts.
 */
import { assign, setup } from 'xstate'
import { stubAction, stubActor } from '../shared/answers.ts'
import * as rules from './myTransfers.rules.ts'
import { doneMessageOf, freshCode, isPageAnswer, listed, tokenErrorOf, triesLeftOf } from './myTransfers.rules.ts'
import type {
  CancelAnswer,
  CancelTransferInput,
  ConfirmAnswer,
  TransferConfirmBody,
  ConfirmTransferInput,
  FilterField,
  LoadTransfersInput,
  MyTransfersAnswer,
  MyTransfersContext,
  MyTransfersEvent,
  Notice,
  ReceiptInput,
  TransferState,
} from './myTransfers.types.ts'

/** The answer of an invoked call (the params of its `onDone` guards and actions). */
export const pageAnswer = ({ event }: { event: { output: MyTransfersAnswer } }) => event.output
export const cancelAnswer = ({ event }: { event: { output: CancelAnswer } }) => event.output

/** The receipt failure the app logs (spec §8), besides the message (rulings §9.7). */
interface DownloadFailure {
  reference: string
  error: unknown
}

/** The params of `logDownloadError` after a receipt's failure. */
export const downloadFailed = ({ context, event }: { context: MyTransfersContext; event: { error: unknown } }): DownloadFailure => ({
  reference: context.selected?.reference ?? '',
  error: event.error,
})

export const myTransfersSetup = setup({
  types: {
    context: {} as MyTransfersContext,
    events: {} as MyTransfersEvent,
  },
  actors: {
    /** GET transfers?before&size&state&kind → HTTP status and body. Provided by src/. */
    loadTransfers: stubActor<MyTransfersAnswer, LoadTransfersInput>('loadTransfers'),
    /** POST transfer/cancel {code} → HTTP status and body. Provided by src/. */
    cancelTransfer: stubActor<CancelAnswer, CancelTransferInput>('cancelTransfer'),
    /** POST transfer/confirm, confirm-wallet or confirm-card, by kind (the transfer screens' call). Provided by src/. */
    confirmTransfer: stubActor<ConfirmAnswer, ConfirmTransferInput>('confirmTransfer'),
    /** GET transfer/receipt/{reference}, saved under the server's file name (the transfer screens' call); rejects on any failure. Provided by src/. */
    downloadReceipt: stubActor<void, ReceiptInput>('downloadReceipt'),
  },
  delays: {
    /** rulings §4: the selected transfer's code life left, until its `expiresAt` (0 once past). */
    codeLife: rules.codeLifeLeft,
  },
  guards: {
    /** rulings §9.1: a filter by state or kind the list knows, other than the one applied ('' is every one). */
    isKnownFilterChange: rules.isKnownFilterChange,
    /** The keyset pager: the page shown is not the last (the answer gave a `nextCursor`). */
    hasNext: rules.hasNext,
    /** The keyset pager: the page shown is not the first. */
    hasPrev: rules.hasPrev,
    /** rulings §9.1: an executed transfer of the page shown ("Télécharger le reçu"). */
    isListedExecuted: rules.isListedExecuted,
    /** rulings §9.1: a pending transfer of the page shown ("Saisir le code", "Annuler le transfert"). */
    isListedPending: rules.isListedPending,
    /** The success screen's receipt: the transfer just completed. */
    isSelected: ({ context, event }) => event.type === 'receipt.download' && event.reference === context.selected?.reference,
    /** spec §5 confirmation token: the code typed may be sent (given, digits only, at least 8). */
    isTokenValid: rules.isTokenValid,
    /** spec §5: the customer has tried to send the code, so its error shows. */
    wasTokenSubmitted: rules.wasTokenSubmitted,

    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: rules.endsSession,
    /** A usable page of transfers (HTTP 2xx, code '0', a list). */
    isPageAnswer: (_, answer: MyTransfersAnswer) => isPageAnswer(answer),
    /** The bank answered with an HTTP error (a status other than 2xx). */
    isHttpFailure: rules.isHttpFailure,
    /** rulings §6.1: a confirm answered status '1': the transfer is over. */
    isRefused: rules.isRefused,
    /** rulings §6.2: only an HTTP 2xx answer with status '0' is a success. */
    isConfirmed: rules.isConfirmed,
  },
  actions: {
    /** Transfers leave notifications (asked, cancelled, executed): the shell's counter is read again. Provided by src/. */
    refreshNotifications: stubAction('refreshNotifications'),
    /** A completed transfer moves money (and one whose result is unknown may have): the session's balances are read again. Provided by src/. */
    refreshAccounts: stubAction('refreshAccounts'),
    /** spec §8 "Download errors: … logged" (rulings §9.7 adds the message). Provided by src/. */
    logDownloadError: (_, failure: DownloadFailure) => stubAction('logDownloadError')(failure),

    /** rulings §9.1: applies a filter by state or kind. */
    setFilter: assign({
      filters: ({ context }, { field, value }: { field: FilterField; value: string }) => ({ ...context.filters, [field]: value }),
    }),
    /** A new filter starts from the first page. */
    firstPage: assign({ cursors: [undefined] }),
    /** The page after: its `before` is the `nextCursor` of the page shown. */
    pushCursor: assign({ cursors: ({ context }) => (context.nextCursor ? [...context.cursors, context.nextCursor] : context.cursors) }),
    /** The page before. */
    popCursor: assign({ cursors: ({ context }) => (context.cursors.length > 1 ? context.cursors.slice(0, -1) : context.cursors) }),
    /** The page's transfers and whether another follows. */
    setPage: assign((_, answer: MyTransfersAnswer) => ({
      transfers: answer.body?.transfers ?? [],
      nextCursor: answer.body?.nextCursor ?? null,
    })),
    /** The list's load failure (transfers loadError); null clears it. */
    setLoadError: assign({ loadError: (_, { message }: { message: string | null }) => message }),
    /** The banner of the last action; null clears it. */
    setNotice: assign({ notice: (_, notice: Notice | null) => notice }),
    /** The transfer the action is about. */
    select: assign({
      selected: ({ context }, { reference, state }: { reference: string; state: TransferState }) => listed(context, reference, state) ?? null,
    }),

    /** The code form as it opens: nothing typed, no banner. */
    resetCode: assign(freshCode),
    /** spec §3 confirmation form: keeps the validation code as the customer types it. */
    setToken: assign({ token: (_, { value }: { value: string }) => value }),
    /** spec §5 confirmation token: works out the code field's message. */
    validateToken: assign({ tokenError: ({ context }) => tokenErrorOf(context.token) }),
    /** spec §5: notes that the customer tried to send the code: its error shows from then on. */
    markTokenSubmitted: assign({ tokenSubmitted: true }),
    /** Wipes the validation code (once the confirm answered, or the code expired, or the form closed). */
    forgetToken: assign({ token: '' }),
    /** spec §4, §8: the code form's banner (the answer's description, else the transfer error); null clears it. */
    setCodeError: assign({ codeError: (_, { message }: { message: string | null }) => message }),
    /** rulings §4: the tries left after a wrong code, when the answer says. */
    setTriesLeft: assign({ triesLeft: (_, body: TransferConfirmBody | null) => triesLeftOf(body) }),
    /** rulings §6.1: whether the banner is the refusal of the code typed (HTTP 422). */
    setCodeRefused: assign({ codeRefused: (_, { refused }: { refused: boolean }) => refused }),
    /** spec §4: the success message (with the new balance when the answer gives it). */
    keepDone: assign({ doneMessage: (_, body: TransferConfirmBody | null) => doneMessageOf(body) }),
  },
})
export type MyTransfersSetup = typeof myTransfersSetup

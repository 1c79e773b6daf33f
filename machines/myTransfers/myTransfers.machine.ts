/**
 * My transfers (rulings §9.1, REQ-SCREEN-MYXFER-01): every transfer of the customer, newest first, a page at a time (keyset:
 * the page after is asked for with the last reference of this one), filtered by state and kind; an
 * executed one's receipt; a pending one completed with its code, or cancelled.
 *
 *   loading ──code '0'──▶ shown.idle ──filter.change / page.next / page.prev──▶ loading
 *      │ ──HTTP error, no answer, refused──▶ failed ──list.retry / filter.change──▶ loading
 *   shown.idle ──receipt.download [executed]──▶ shown.downloading ──saved──▶ idle (failed: message, logged)
 *   shown.idle ──cancel.ask [pending]──▶ shown.confirmingCancel ──cancel.confirm──▶ shown.cancelling ──answer──▶ loading + notice
 *                                                               └─cancel.dismiss──▶ idle
 *   shown.idle ──code.open [pending]──▶ code.awaiting ──code.submit [valid]──▶ code.confirming
 *        code.confirming ──status '0'──▶ code.done (its receipt) | status '1'──▶ code.over | other 2xx──▶ code.unknown
 *                        ──HTTP error (422 wrong code)──▶ code.awaiting with the banner; no answer──▶ code.unknown
 *        code.awaiting ──the code's life is over──▶ code.expired
 *   code.* ──list.back──▶ loading (the page shown, read again: the bank's state decides)
 *
 * The state `code` is written apart, in myTransfers.code.machine.ts (as the transfer chart's parts),
 * with the chart's setup in myTransfers.setup.ts, so that no part imports another.
 *
 * The code form is the transfer screens' (machines/transfer/): the same rules (`tokenErrorOf`,
 * `descriptionOf`, `triesLeftOf`), texts, limits and errors; it is written here again, small,
 * because the transfer chart's code step lives inside its form-to-receipt flow and its context.
 * The confirm and receipt calls are the transfer screens' own.
 *
 * Session expiry (HTTP 403, code '2') is the session machine's business: here such an answer only
 * leaves the busy state, without a message. The validation code lives in the context only while
 * the customer types it; it is wiped when the confirm call ends and when the code form closes.
 */
import { myTransfers as texts } from '../messages.ts'
import { codeState } from './myTransfers.code.machine.ts'
import { cancelNotice, freshMyTransfersContext, pageQuery } from './myTransfers.rules.ts'
import { cancelAnswer, downloadFailed, myTransfersSetup, pageAnswer } from './myTransfers.setup.ts'

export const myTransfersMachine = myTransfersSetup.createMachine({
  id: 'myTransfers',
  description:
    'My transfers: every transfer of the customer, newest first, a page at a time, filtered by state and kind; ' +
    'the receipt of an executed one; a pending one completed with its code or cancelled (rulings §9.1).',
  context: freshMyTransfersContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The spinner: the page of transfers is being read (the filters stay usable).',
      meta: { spec: 'rulings §9.1; contract GET transfers (keyset pages)' },
      tags: ['busy'],
      entry: { type: 'setLoadError', params: { message: null } },
      invoke: {
        id: 'loadTransfers',
        src: 'loadTransfers',
        input: ({ context }) => pageQuery(context),
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: pageAnswer },
            target: 'failed',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isPageAnswer', params: pageAnswer },
            target: 'shown',
            actions: { type: 'setPage', params: pageAnswer },
            description: "rulings §9.1: code '0' — the page's transfers, newest first, and whether another page follows",
          },
          {
            target: 'failed',
            actions: { type: 'setLoadError', params: { message: texts.loadError } },
            description: 'rulings §9.1: an HTTP error, a refused or unreadable answer: the load error and a retry button',
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setLoadError', params: { message: texts.loadError } },
          description: 'rulings §9.1: no answer (network failure, timeout): the load error and a retry button',
        },
      },
      on: {
        'filter.change': {
          guard: 'isKnownFilterChange',
          target: 'loading',
          reenter: true,
          actions: [{ type: 'setFilter', params: ({ event }) => event }, 'firstPage'],
          description: 'rulings §9.1: a filter changed while a page loads: the first page of the new filter is read instead',
        },
        'page.next': {
          description: 'one request at a time (REQ-CHOICE-01): a page asked for while a page loads is ignored — decision (docs/decisions.md, Common rules)',
        },
        'page.prev': {
          description: 'one request at a time (REQ-CHOICE-01): a page asked for while a page loads is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    failed: {
      description: 'The load error (none after a session end) and its retry button; the filters.',
      meta: { spec: 'rulings §9.1' },
      on: {
        'list.retry': { target: 'loading', description: 'the customer reads the same page again — decision (docs/decisions.md, Common rules)' },
        'filter.change': {
          guard: 'isKnownFilterChange',
          target: 'loading',
          actions: [{ type: 'setFilter', params: ({ event }) => event }, 'firstPage'],
          description: 'rulings §9.1: a filter applied after a failure reads its first page',
        },
      },
    },
    shown: {
      description:
        'The filters; the page of transfers (or the empty message), each with its kind, payee, amount, state and date, ' +
        'and its buttons: "Télécharger le reçu" (executed), "Saisir le code" and "Annuler le transfert" (pending); the pager.',
      meta: { spec: 'rulings §9.1' },
      initial: 'idle',
      on: {
        'filter.change': {
          guard: 'isKnownFilterChange',
          target: 'loading',
          actions: [{ type: 'setFilter', params: ({ event }) => event }, 'firstPage', { type: 'setNotice', params: null }],
          description: 'rulings §9.1: a filter by state or kind reads the first page of the transfers it keeps',
        },
        'page.next': {
          guard: 'hasNext',
          target: 'loading',
          actions: ['pushCursor', { type: 'setNotice', params: null }],
          description: 'rulings §9.1 (keyset pages): the page after, asked for with the last reference of this one',
        },
        'page.prev': {
          guard: 'hasPrev',
          target: 'loading',
          actions: ['popCursor', { type: 'setNotice', params: null }],
          description: 'rulings §9.1 (keyset pages): the page before, read again',
        },
      },
      states: {
        idle: {
          description: 'The list, ready.',
          meta: { spec: 'rulings §9.1' },
          on: {
            'receipt.download': {
              guard: 'isListedExecuted',
              target: 'downloading',
              actions: [
                { type: 'select', params: ({ event }) => ({ reference: event.reference, state: 'executed' as const }) },
                { type: 'setNotice', params: null },
              ],
              description: 'rulings §9.1: "Télécharger le reçu" of an executed transfer: the PDF of the success screen',
            },
            'code.open': {
              guard: 'isListedPending',
              target: '#myTransfers.code',
              actions: [
                { type: 'select', params: ({ event }) => ({ reference: event.reference, state: 'pending' as const }) },
                'resetCode',
                { type: 'setNotice', params: null },
              ],
              description: 'rulings §9.1: "Saisir le code" of a pending transfer opens the code form of the transfer screens',
            },
            'cancel.ask': {
              guard: 'isListedPending',
              target: 'confirmingCancel',
              actions: [
                { type: 'select', params: ({ event }) => ({ reference: event.reference, state: 'pending' as const }) },
                { type: 'setNotice', params: null },
              ],
              description: 'rulings §9.1: "Annuler le transfert" of a pending transfer asks for a confirmation first',
            },
          },
        },
        downloading: {
          description: "The spinner on the receipt's button while it downloads; the rest of the list stays usable.",
          meta: { spec: 'rulings §9.1; contract GET transfer/receipt/{reference}; rulings §9.7' },
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ reference: context.selected?.reference ?? '' }),
            onDone: { target: 'idle', description: 'rulings §9.1: the receipt is saved under its name; the spinner goes' },
            onError: {
              target: 'idle',
              actions: [
                { type: 'setNotice', params: { kind: 'error', message: texts.downloadFailed } },
                { type: 'logDownloadError', params: downloadFailed },
              ],
              description: 'rulings §9.7: a receipt that could not be downloaded says so (and is logged, spec §8)',
            },
          },
          on: {
            'receipt.download': {
              description:
                'one download at a time: a click while a receipt downloads is ignored — decision (docs/decisions.md, Balance and statement: Downloads)',
            },
          },
        },
        confirmingCancel: {
          description: 'The confirmation dialog: what will be cancelled, "Oui, annuler le transfert" and "Non, le garder".',
          meta: { spec: 'rulings §9.1 ("Annuler le transfert")' },
          on: {
            'cancel.confirm': { target: 'cancelling', description: 'rulings §9.1: the customer confirms: the transfer is cancelled' },
            'cancel.dismiss': { target: 'idle', description: 'rulings §9.1: the customer keeps the transfer: nothing changes' },
            'filter.change': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
            'page.next': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
            'page.prev': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
          },
        },
        cancelling: {
          description: 'The dialog, busy, while the bank cancels the transfer.',
          meta: { spec: 'rulings §9.1; contract POST transfer/cancel' },
          invoke: {
            id: 'cancelTransfer',
            src: 'cancelTransfer',
            input: ({ context }) => ({ reference: context.selected?.reference ?? '' }),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: cancelAnswer },
                target: 'idle',
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'isHttpFailure', params: cancelAnswer },
                target: 'idle',
                actions: { type: 'setNotice', params: ({ event }) => cancelNotice(event.output) },
                description: "rulings §9.1: an HTTP error (another customer's or an unknown transfer: 404): its message, else cancelFailed; nothing changed",
              },
              {
                target: '#myTransfers.loading',
                actions: [{ type: 'setNotice', params: ({ event }) => cancelNotice(event.output) }, 'refreshNotifications'],
                description:
                  "rulings §9.1: status '0' cancelled, status '1' over already (the bank's words), any other answer " +
                  "unknown (cancelUnknown): the page is read again and shows the bank's state",
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'setNotice', params: { kind: 'error', message: texts.cancelFailed } },
              description: 'rulings §9.1: no answer (network failure, timeout): cancelFailed; the list stays',
            },
          },
          on: {
            'cancel.confirm': {
              description:
                'a double click sends one request (REQ-CHOICE-01): a confirm while cancelling is ignored — decision (docs/decisions.md, Common rules)',
            },
            'cancel.dismiss': { description: 'rulings §9.1: the call is under way: the dialog stays until the bank answers' },
            'filter.change': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
            'page.next': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
            'page.prev': { description: 'rulings §9.1: the dialog is modal: the list behind it does not change' },
          },
        },
      },
    },
    code: codeState(myTransfersSetup),
  },
})

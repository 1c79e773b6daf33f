/**
 * A part of the My transfers chart (`myTransfers.machine.ts`): its state `code`, a pending transfer
 * completed from the list with the code form of the transfer screens (their code step, written once
 * in transfer.code.machine.ts), then its end. It is written
 * apart only to keep each file short; the chart's `setup` (myTransfers.setup.ts) names and documents
 * every guard, action, actor and delay used here.
 *
 *   code.awaiting ──code.submit [valid]──▶ code.confirming
 *   code.confirming ──status '0'──▶ code.done (its receipt) | status '1'──▶ code.over | other 2xx──▶ code.unknown
 *                   ──HTTP error (422 wrong code)──▶ code.awaiting with the banner; no answer──▶ code.unknown
 *   code.awaiting ──the code's life is over──▶ code.expired
 *   code.* ──list.back──▶ loading (the page shown, read again: the bank's state decides)
 */
import { codeFormEvents, confirmOutcomes } from '../transfer/transfer.code.machine.ts'
import { downloadFailed, type MyTransfersSetup } from './myTransfers.setup.ts'
import { myTransfers as texts } from '../messages.ts'

/** The state `code` of the chart, typed by the chart's own setup (XState's `createStateConfig`). */
export const codeState = (myTransfers: MyTransfersSetup) =>
  myTransfers.createStateConfig({
    description: 'A pending transfer completed from the list: the code form of the transfer screens, then its end.',
    meta: { spec: 'rulings §9.1 ("Saisir le code"); spec §4 Transfers (confirmation form)' },
    initial: 'awaiting',
    on: {
      'list.back': {
        target: 'loading',
        actions: ['resetCode', { type: 'setNotice', params: null }],
        description: "rulings §9.1: back to the list, read again (the bank's state of the transfer decides)",
      },
    },
    states: {
      awaiting: {
        description:
          'What the code is for (amount, payee, debit amount), the time left, the code field and "Confirmer"; the banner ' +
          'of the last refused code with the tries left; "Retour à mes transferts".',
        meta: { spec: 'spec §4 Transfers (confirmation form); spec §5 confirmation token; rulings §4' },
        on: codeFormEvents('confirming', 'setCodeError'),
        after: {
          codeLife: {
            target: 'expired',
            description: 'rulings §4: the code is valid 5 minutes; once its time is over the field and its button are disabled',
          },
        },
      },
      expired: {
        description: 'The code form with transfer.codeExpired, the field and "Confirmer" disabled; "Retour à mes transferts".',
        meta: { spec: 'rulings §4 (code valid 5 minutes)' },
        entry: 'forgetToken',
      },
      confirming: {
        description: 'The spinner: the code form stays on screen, busy, while the bank checks the code and moves the money.',
        meta: { spec: 'spec §4 Transfers; contract POST transfer/confirm, confirm-wallet, confirm-card' },
        tags: ['busy'],
        exit: 'forgetToken',
        invoke: {
          id: 'confirmTransfer',
          src: 'confirmTransfer',
          input: ({ context }) => ({ kind: context.selected?.kind ?? 'account', reference: context.selected?.reference ?? '', token: context.token.trim() }),
          ...confirmOutcomes({ codeForm: 'awaiting', over: 'over', done: 'done', unknown: 'unknown' }, 'setCodeError', 'keepDone'),
        },
        on: {
          'code.submit': {
            description: 'a double click sends one request (REQ-CHOICE-01): a submit while confirming is ignored — decision (docs/decisions.md, Common rules)',
          },
          'list.back': { description: 'spec §4 Transfers: the code is being checked: the customer waits for the answer before leaving' },
        },
      },
      done: {
        description: 'The transfer is executed: the success message, its reference and "Télécharger le reçu"; "Retour à mes transferts".',
        meta: { spec: 'spec §4 Transfers (success); rulings §9.1' },
        entry: ['refreshNotifications', 'refreshAccounts'],
        initial: 'idle',
        states: {
          idle: {
            description: 'No download under way: the receipt button.',
            meta: { spec: 'spec §4 Transfers (success: receipt)' },
            on: {
              'receipt.download': {
                guard: 'isSelected',
                target: 'downloading',
                actions: { type: 'setNotice', params: null },
                description: 'spec §4: the receipt of the transfer just completed',
              },
            },
          },
          downloading: {
            description: 'The spinner on the receipt button while the receipt downloads.',
            meta: { spec: 'contract GET transfer/receipt/{reference}; rulings §9.7' },
            invoke: {
              id: 'downloadDoneReceipt',
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
                  'one download at a time: a click while the receipt downloads is ignored — decision (docs/decisions.md, Balance and statement: Downloads)',
              },
            },
          },
        },
      },
      over: {
        description: 'The transfer was refused for good (no try left, code expired, balance short): the description; "Retour à mes transferts".',
        meta: { spec: "rulings §6.1 (confirm status '1')" },
      },
      unknown: {
        description: 'The confirm was answered without saying whether the money moved: "Résultat inconnu"; "Retour à mes transferts".',
        meta: { spec: 'rulings §6.2, §9.1 ("Résultat inconnu")' },
        entry: ['refreshNotifications', 'refreshAccounts'],
      },
    },
  })

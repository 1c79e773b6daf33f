/**
 * A part of the transfer chart (`transfer.machine.ts`): its three ends, written apart only to keep
 * each file short; the chart's `setup` names and documents every action and actor used here.
 *
 *   done: the success screen; `receipt.download` ──▶ done.downloading ──saved, or failed (downloadFailed shown, logged)──▶ done.idle
 *   resultUnknown: the bank answered without saying whether the money moved, or no answer came (rulings §6.2);
 *                  links to the statement and to My transfers, where the bank's state of the transfer shows (rulings §9.1)
 *   failed: the transfer was refused for good (rulings §6.1)
 *   each ──transfer.restart──▶ editing (a fresh form)
 */
import { transfer as texts } from '../messages.ts'
import type { TransferSetup } from './transfer.setup.ts'

/** The states `done`, `resultUnknown` and `failed` of the chart, typed by its own setup (XState's `createStateConfig`). */
export const outcomeStates = (transfer: TransferSetup) => ({
  done: transfer.createStateConfig({
    description:
      'The final screen: the success message (with the new balance when known), the reference, the ' +
      'execution time, the receipt link and the button to make another transfer (transfer.another).',
    meta: { spec: 'spec §4 Transfers (success); spec §2 (Faire un autre transfert)' },
    entry: ['refreshNotifications', 'refreshAccounts'],
    initial: 'idle',
    on: {
      'transfer.restart': {
        target: 'editing',
        actions: ['reset', 'wantAccounts'],
        description: 'spec §2, REQ-XFER-06, REQ-CHOICE-04: the button to make another transfer (transfer.another) — a fresh form; the spec reloads the page',
      },
    },
    states: {
      idle: {
        description: 'No download under way: the receipt button, and the last download failure (transfer.downloadFailed) if any.',
        meta: { spec: 'spec §4 Transfers (success: receipt); rulings §9.7' },
        on: {
          'receipt.download': {
            target: 'downloading',
            actions: { type: 'showDownloadError', params: { message: null } },
            description:
              'spec §4, §7: the receipt button downloads the receipt of the transfer (transfer/receipt/{reference}); ' +
              'rulings §9.7: a new try clears the last failure',
          },
        },
      },
      downloading: {
        description: 'The spinner on the receipt button while the receipt downloads; the rest of the screen stays usable.',
        meta: { spec: 'spec §7 transfer/receipt/{reference}; spec §8 (download errors); rulings §9.7' },
        invoke: {
          id: 'downloadReceipt',
          src: 'downloadReceipt',
          input: ({ context }) => ({ reference: context.receipt?.reference ?? '' }),
          onDone: {
            target: 'idle',
            description: 'spec §4: the receipt is saved under its name; the spinner goes',
          },
          onError: {
            target: 'idle',
            actions: [
              { type: 'showDownloadError', params: { message: texts.downloadFailed } },
              {
                type: 'logDownloadError',
                params: ({ context, event }) => ({ reference: context.receipt?.reference ?? '', error: event.error }),
              },
            ],
            description:
              'rulings §9.7 (over spec §8), REQ-ERR-20: a receipt that could not be downloaded says so (transfer.downloadFailed), ' +
              'as the statement and My transfers; and it is logged (spec §8)',
          },
        },
        on: {
          'receipt.download': {
            description:
              'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, a click while the receipt ' + 'downloads is ignored',
          },
        },
      },
    },
  }),
  resultUnknown: transfer.createStateConfig({
    description:
      'The result is unknown: the bank answered without saying whether the money moved, or its answer never came ' +
      '(the confirm may have been carried out). The message ' +
      '(transfer.resultUnknown), a link to the statement and one to My transfers (transfer.resultUnknownTransfersLink: its list ' +
      "shows the bank's state of the transfer), and the button to make another transfer; no receipt, no balance.",
    meta: { spec: 'rulings §6.2 (only an answer that says so is a success); rulings §9.1 (Mes transferts)' },
    entry: ['refreshNotifications', 'refreshAccounts'],
    on: {
      'transfer.restart': {
        target: 'editing',
        actions: ['reset', 'wantAccounts'],
        description:
          'rulings §6.2, REQ-XFER-08: after checking the statement (or My transfers, rulings §9.1), the customer may start a new transfer — a fresh form',
      },
    },
  }),
  failed: transfer.createStateConfig({
    description: 'The transfer was refused for good: the code form is hidden; the description and the button ' + 'to try a new transfer (transfer.retry).',
    meta: { spec: "spec §4 Transfers; rulings §6.1 (confirm status '1': the transfer is over); spec §8; rulings §4 (3 wrong codes)" },
    on: {
      'transfer.restart': {
        target: 'editing',
        actions: 'reset',
        description: 'spec §4, §8, REQ-ERR-12, REQ-CHOICE-04: the button to try a new transfer (transfer.retry) — a fresh form',
      },
    },
  }),
})

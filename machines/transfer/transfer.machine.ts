/**
 * The three transfers: to another account, to a mobile-money number, to a prepaid card (spec §2
 * /app/transfer, /app/momo, /app/prepaid-card; §4 Transfers; §5; §8). One machine; what differs
 * between the kinds is data (`transfer.kinds.ts`), read from `context.kind`. Every kind takes two
 * steps, the form then the code sent by SMS and e-mail (REQ-PRODUCT-05).
 *
 *   editing ──transfer.submit [valid]──▶ asking ──reference──▶ awaitingCode ──code.submit [valid]──▶ confirming ──status '0'──▶ done
 *      ▲                                   │                      ▲    │                                  │
 *      └──── status '1', HTTP error, ──────┘                      │    └─ transfer.restart (cancel)       │
 *            no answer: message                                   └── HTTP error (422 wrong code)
 *                                                                          status '1' (the transfer is over) ──▶ failed
 *                                                                          any other 2xx answer, no answer ──▶ resultUnknown
 *   awaitingCode ──the code's life is over (codeLife)──▶ codeExpired (field and button disabled) ──transfer.restart──▶ editing
 *   done, failed, resultUnknown ──transfer.restart──▶ editing (fresh)
 *   done: idle ──receipt.download──▶ downloading ──saved, or failed (logged)──▶ idle
 *
 * Two parts of the chart are written apart, to keep each file short: `editing`, the form while the
 * customer types and the lookups that run meanwhile (a parallel state), in
 * `transfer.editing.machine.ts`; the three ends `done` (with the receipt's download), `resultUnknown`
 * and `failed` in `transfer.outcomes.machine.ts`.
 *
 * Restart: the spec's "Faire un autre transfert" reloads the page; here `transfer.restart` gives
 * the same result without a reload: a fresh context (empty form, lists loaded again) and `editing`.
 *
 * Accounts come from the session (its context): the machine's input, and `accounts.change` when
 * the session's list changes while the screen is open. With no account, or when they could not be
 * loaded, `accountsUnavailable` is true: the form shows `accounts.notLoaded` and a click
 * sends `accounts.reload` (the app's `reloadPage` action).
 *
 * Session expiry (HTTP 403, code '2') is the session machine's business (the client's middleware
 * tells it): here such an answer only leaves the busy state, without a message.
 *
 * Secrets: the validation code lives in the context only while the customer types it; it is wiped
 * when the confirm call leaves `confirming`, whatever the answer, and by a restart.
 */
import { transfer as texts } from '../messages.ts'
import { codeFormEvents, confirmOutcomes } from './transfer.code.machine.ts'
import { toAskTransferInput } from './transfer.kinds.ts'
import { editingState } from './transfer.editing.machine.ts'
import { outcomeStates } from './transfer.outcomes.machine.ts'
import { askAnswer, freshTransferContext, messageOf, offeredAccounts } from './transfer.rules.ts'
import { transferSetup } from './transfer.setup.ts'

const outcomes = outcomeStates(transferSetup)

export const transferMachine = transferSetup.createMachine({
  id: 'transfer',
  description:
    'A transfer to another account, a mobile-money number or a prepaid card: form, validation code, ' + 'result (spec §4 Transfers). The kind is the input.',
  context: ({ input }) => freshTransferContext(input),
  initial: 'editing',
  on: {
    'accounts.change': {
      actions: { type: 'setAccounts', params: ({ event }) => event },
      description: "spec §3, §8: the form follows the session's account list",
    },
  },
  states: {
    editing: editingState(transferSetup),
    asking: {
      description: 'The spinner: the form stays on screen, busy, while the bank checks the transfer and sends the code.',
      meta: { spec: 'spec §4 Transfers (submit goes to loading); spec §7 transfer/ask, ask-wallet, ask-card' },
      tags: ['busy'],
      invoke: {
        id: 'askTransfer',
        src: 'askTransfer',
        input: ({ context }) => {
          const input = toAskTransferInput(context.kind, context.values, offeredAccounts(context))
          // Unreachable: `isFormValid` let the form through only with one of the customer's accounts.
          if (!input) throw new Error('askTransfer: no debit account')
          return input
        },
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: askAnswer },
            target: 'editing',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isHttpFailure', params: askAnswer },
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.output.body) }) },
            description: 'spec §4, §8, REQ-XFER-02, REQ-ERR-11: an HTTP error shows the message of its body (else the generic error); the form stays',
          },
          {
            guard: { type: 'isRefused', params: askAnswer },
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.output.body) }) },
            description: "spec §4, §8, REQ-XFER-02, REQ-ERR-11: status '1' shows the server message and the form stays",
          },
          {
            guard: { type: 'hasReference', params: askAnswer },
            target: 'awaitingCode',
            actions: { type: 'keepPending', params: ({ event }) => event.output.body ?? {} },
            description: 'spec §4, REQ-XFER-03: otherwise the form is hidden, the code form is shown and the returned code is kept',
          },
          {
            target: 'editing',
            actions: { type: 'showError', params: { message: texts.failed } },
            description:
              'decision (docs/decisions.md, Transfers), REQ-CHOICE-04: an answer without a reference cannot be confirmed and is never ' +
              'taken for a success: the generic error, the form stays',
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: { message: texts.failed } },
          description:
            'spec §4, §8 Transfers: a submit error keeps the form; no answer (network failure, timeout) has no server ' + 'message: the generic error',
        },
      },
      on: {
        'transfer.submit': {
          description:
            'spec §4 Transfers (submit goes to loading; only the answer leaves it), REQ-XFER-01: a double click sends one request, a ' +
            'submit while asking is ignored',
        },
      },
    },
    awaitingCode: {
      description:
        'The code form: what the code is for (amount, payee, debit amount), the time left before it ' +
        'expires, the code field, the submit button; the error of the last refused code and the tries left, if any.',
      meta: { spec: 'spec §4 Transfers (confirmation form); spec §5 confirmation token; rulings §4' },
      on: {
        ...codeFormEvents('confirming', 'showError'),
        'transfer.restart': {
          target: 'editing',
          actions: 'reset',
          description: 'spec §1: the customer gives up; without its code the pending transfer is cancelled',
        },
      },
      after: {
        codeLife: {
          guard: 'hasCodeExpiry',
          target: 'codeExpired',
          description:
            'rulings §4: the code is valid 5 minutes; once its time is over no code can succeed (the transfer is ' +
            'cancelled): the code field and its button are disabled',
        },
      },
    },
    codeExpired: {
      description:
        'The code form with what the code was for, the message transfer.codeExpired, the code field and its ' +
        'submit button disabled; the button that starts a new transfer.',
      meta: { spec: 'rulings §4 (code valid 5 minutes; an unconfirmed transfer is cancelled when its code expires)' },
      entry: 'forgetToken',
      on: {
        'transfer.restart': {
          target: 'editing',
          actions: 'reset',
          description: 'spec §2 "Faire un autre transfert": the expired transfer is cancelled; a fresh form',
        },
      },
    },
    confirming: {
      description: 'The spinner: the code form stays on screen, busy, while the bank checks the code and moves the money.',
      meta: { spec: 'spec §4 Transfers (confirmation submit goes to loading); spec §7 transfer/confirm, confirm-wallet, confirm-card' },
      tags: ['busy'],
      exit: 'forgetToken',
      invoke: {
        id: 'confirmTransfer',
        src: 'confirmTransfer',
        input: ({ context }) => ({
          kind: context.kind,
          reference: context.pending?.reference ?? '',
          token: context.token.trim(),
        }),
        ...confirmOutcomes({ codeForm: 'awaitingCode', over: 'failed', done: 'done', unknown: 'resultUnknown' }, 'showError', 'keepReceipt'),
      },
      on: {
        'code.submit': {
          description:
            'spec §4 Transfers (confirmation submit goes to loading; only the answer leaves it), REQ-XFER-04: a double click sends ' +
            'one request, a submit while confirming is ignored',
        },
      },
    },
    done: outcomes.done,
    resultUnknown: outcomes.resultUnknown,
    failed: outcomes.failed,
  },
})

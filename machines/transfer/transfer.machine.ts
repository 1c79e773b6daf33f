/**
 * The three transfers: to another account, to a mobile-money number, to a prepaid card (spec §2
 * /app/transfer, /app/momo, /app/prepaid-card; §4 Transfers; §5; §8). One machine; what differs
 * between the kinds is data (`transfer.kinds.ts`), read from `context.kind`.
 *
 *   editing ──transfer.submit [valid]──▶ asking ──reference──▶ awaitingCode ──code.submit [valid]──▶ confirming ──status '0'──▶ done
 *      ▲                                   │                      ▲    │                                  │
 *      └──── status '1', HTTP error, ──────┘                      │    └─ transfer.restart (cancel)       │
 *            no answer: message                                   └── HTTP error (422 wrong code), no answer
 *                                                                          status '1' (the transfer is over) ──▶ failed
 *                                                                          any other 2xx answer ──▶ resultUnknown
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
 * loaded, `accountsUnavailable` is true: the form shows `transfer.accountsNotLoaded` and a click
 * sends `accounts.reload` (the app's `reloadPage` action).
 *
 * Session expiry (HTTP 403, code '2') is the session machine's business (the client's middleware
 * tells it): here such an answer only leaves the busy state, without a message.
 *
 * Secrets: the validation code lives in the context only while the customer types it; it is wiped
 * when the confirm call leaves `confirming`, whatever the answer, and by a restart.
 */
import { setup } from 'xstate'
import { transfer as texts } from '../messages.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import { toAskTransferInput, type AskTransferInput } from './transfer.kinds.ts'
import { formKit } from '../shared/formKit.ts'
import { setAccounts } from '../shared/accounts.ts'
import { stubAction, stubActor } from '../shared/answers.ts'
import * as act from './transfer.actions.ts'
import { editingState } from './transfer.editing.machine.ts'
import { outcomeStates } from './transfer.outcomes.machine.ts'
import * as rules from './transfer.rules.ts'
import { askAnswer, confirmAnswer, descriptionOf, formErrors, freshContext, messageOf, offeredAccounts } from './transfer.rules.ts'
import type {
  AccountBalance,
  AskAnswer,
  ConfirmAnswer,
  ConfirmTransferInput,
  HolderLookup,
  ReceiptDownloadFailure,
  ReceiptDownloadInput,
  Suggestion,
  TransferContext,
  TransferEvent,
  TransferInput,
} from './transfer.types.ts'

const form = formKit<TransferContext, TransferEvent>((context) => formErrors(context))

/** The names the chart uses, each with what it means; the implementations live in the rules and actions files. */
const transferSetup = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    /** POST details: the holder label of a 21-character account code. Provided by src/. */
    lookUpHolder: stubActor<HolderLookup, { account: string }>('lookUpHolder'),
    /** GET used-freq/{1|2} (`transferKinds[kind].suggestions.usedFreqId`). Provided by src/. */
    loadSuggestions: stubActor<Suggestion[], { kind: TransferKind }>('loadSuggestions'),
    /** GET auth/v1/currencies/{b2w|b2c} (`transferKinds[kind].currencies`). Provided by src/. */
    loadCurrencies: stubActor<string[], { kind: TransferKind }>('loadCurrencies'),
    /** POST balance: the balance of one account. Provided by src/. */
    loadBalance: stubActor<AccountBalance, { compte: string; currency: string }>('loadBalance'),
    /** POST transfer/ask, ask-wallet or ask-card, by `kind`. Provided by src/. */
    askTransfer: stubActor<AskAnswer, AskTransferInput>('askTransfer'),
    /** POST transfer/confirm, confirm-wallet or confirm-card, by `kind`. Provided by src/. */
    confirmTransfer: stubActor<ConfirmAnswer, ConfirmTransferInput>('confirmTransfer'),
    /** GET transfer/receipt/{reference}, saved under the server's file name; rejects on any failure. Provided by src/. */
    downloadReceipt: stubActor<void, ReceiptDownloadInput>('downloadReceipt'),
  },
  delays: {
    /** rulings §4: the code's life left, until the ask answer's `expiresAt` (0 once past). */
    codeLife: rules.codeLifeLeft,
  },
  guards: {
    /** spec §4, §5: every field of the kind's form is valid and the debit account is one of the customer's. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit the form, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** A field of this kind's form (other fields are ignored). */
    isFieldOfKind: rules.isFieldOfKind,
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: rules.areAccountsUnavailable,

    // Lookups and lists of the form.
    /** spec §2 /app/transfer: the customer changed the account to credit (account kind: holder lookup). */
    isCreditAccountChange: rules.isCreditAccountChange,
    /** spec §2 /app/transfer: a 21-character account to credit whose holder is not known yet. */
    shouldLookUpHolder: rules.shouldLookUpHolder,
    /** spec §2, §7 used-freq: the kind offers frequently used accounts or numbers, not loaded yet. */
    shouldLoadSuggestions: rules.shouldLoadSuggestions,
    /** spec §2, §7 currencies b2w, b2c: the kind has a currency field (momo, card), not loaded yet. */
    shouldLoadCurrencies: rules.shouldLoadCurrencies,
    /** spec §2 /app/momo: the customer chose another account to debit (the kind that shows its balance). */
    isDebitAccountChange: rules.isDebitAccountChange,
    /** spec §2 /app/momo: an account is selected and its balance is not known yet. */
    shouldLoadBalance: rules.shouldLoadBalance,

    // The code form.
    /** spec §5 confirmation token: the code typed may be sent (given, digits only, at least 8). */
    isTokenValid: rules.isTokenValid,
    /** spec §5: the customer has tried to send the code, so its error shows. */
    wasTokenSubmitted: rules.wasTokenSubmitted,
    /** rulings §4: the ask answer said when the code expires. */
    hasCodeExpiry: rules.hasCodeExpiry,

    // Answers of the ask and confirm calls (spec §4 Transfers, §4 Session, §8).
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: rules.endsSession,
    /** spec §4, §8 Transfers: the bank answered with an HTTP error (a status other than 2xx). */
    isHttpFailure: rules.isHttpFailure,
    /** decision (docs/decisions.md, Transfers): the answer's body could not be read; it proves nothing. */
    isUnreadable: rules.isUnreadable,
    /** spec §4 Transfers: the bank refused (status '1'); for a confirm, rulings §6.1: the transfer is over. */
    isRefused: rules.isRefused,
    /** rulings §6.2: only an HTTP 2xx answer with status '0' is a success. */
    isConfirmed: rules.isConfirmed,
    /** spec §4 Transfers: the ask answer carries the reference (its code) that the validation code confirms. */
    hasReference: rules.hasReference,
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),
    /** A transfer leaves notifications (and one whose result is unknown may have run): the shell's counter is read again. Provided by src/. */
    refreshNotifications: stubAction('refreshNotifications'),
    /** A transfer moves money (and one whose result is unknown may have): the session's balances are read again. Provided by src/. */
    refreshAccounts: stubAction('refreshAccounts'),
    /** A fresh form after a transfer: its account select shows balances, read again if money moved. Provided by src/. */
    wantAccounts: stubAction('wantAccounts'),
    /** spec §8 "Download errors: only logged, nothing shown". Provided by src/. */
    logDownloadError: (_, failure: ReceiptDownloadFailure) => stubAction('logDownloadError')(failure),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: setAccounts<TransferContext, TransferEvent>(),
    /** spec §2 transfer screens: keeps what the customer typed or chose in one field of the form. */
    setField: act.setField,
    /** spec §5: works out the message of each invalid field (shown once a submit was tried). */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
    /** spec §4, §8 Transfers: sets the error banner (the message or description, else transfer.failed); null clears it. */
    showError: act.showError,

    /** spec §2 /app/transfer: forgets the holder label (or lookup failure) of the previous account to credit. */
    clearHolder: act.clearHolder,
    /** spec §2, §8: keeps the holder label found, or the holder lookup failure (transfer.holderNotFound;
     * rulings §8: the bank's "too many tries" message when it refused to look). */
    setHolder: act.setHolder,
    /** spec §2, §7 used-freq: keeps the frequently used accounts or numbers to offer (none on error). */
    setSuggestions: act.setSuggestions,
    /** spec §3, §8: keeps the currencies to offer (codes 1, 2, 3); none, and nothing shown, on failure. */
    setCurrencies: act.setCurrencies,
    /** spec §2 /app/momo: forgets the balance of the account selected before. */
    clearBalance: act.clearBalance,
    /** spec §2 /app/momo: keeps the selected account's balance, to display it. */
    setBalance: act.setBalance,

    /** spec §4 Transfers: keeps the returned reference and what the code form shows (amount, payee, expiry). */
    keepPending: act.keepPending,
    /** spec §3 confirmation form: keeps the validation code as the customer types it. */
    setToken: act.setToken,
    /** spec §5 confirmation token: works out the code field's message (shown once a submit was tried). */
    validateToken: act.validateToken,
    /** spec §5: notes that the customer tried to send the code: its error shows from then on. */
    markTokenSubmitted: act.markTokenSubmitted,
    /** Wipes the validation code once the confirm call answered, whatever the answer, or once it expired (rulings §4: single use, 5 minutes). */
    forgetToken: act.forgetToken,
    /** rulings §4: keeps the tries left after a wrong code, when the answer says (3 wrong codes cancel). */
    setTriesLeft: act.setTriesLeft,
    /** rulings §6.1: notes whether the banner is the refusal of the code typed (HTTP 422): the code field is then marked invalid. */
    setCodeRefused: act.setCodeRefused,
    /** spec §4 Transfers: keeps the success message (new balance when solde is not empty), reference and time. */
    keepReceipt: act.keepReceipt,

    /** decision (docs/decisions.md, Transfers: Restart): a fresh form, lists loaded again; instead of the page reload. */
    reset: act.reset,
  },
})
export type TransferSetup = typeof transferSetup

const outcomes = outcomeStates(transferSetup)

export const transferMachine = transferSetup.createMachine({
  id: 'transfer',
  description:
    'A transfer to another account, a mobile-money number or a prepaid card: form, validation code, ' + 'result (spec §4 Transfers). The kind is the input.',
  context: ({ input }) => freshContext(input),
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
            description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isHttpFailure', params: askAnswer },
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.output.body) }) },
            description: 'spec §4, §8: an HTTP error shows the message of its body (else the generic error); the form stays',
          },
          {
            guard: { type: 'isRefused', params: askAnswer },
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.output.body) }) },
            description: "spec §4, §8: status '1' shows the server message and the form stays",
          },
          {
            guard: { type: 'hasReference', params: askAnswer },
            target: 'awaitingCode',
            actions: { type: 'keepPending', params: ({ event }) => event.output.body ?? {} },
            description: 'spec §4: otherwise the form is hidden, the code form is shown and the returned code is kept',
          },
          {
            target: 'editing',
            actions: { type: 'showError', params: { message: texts.failed } },
            description:
              'decision (docs/decisions.md, Transfers): an answer without a reference cannot be confirmed and is never ' +
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
            'spec §4 Transfers (submit goes to loading; only the answer leaves it): a double click sends one request, a ' + 'submit while asking is ignored',
        },
      },
    },
    awaitingCode: {
      description:
        'The code form: what the code is for (amount, payee, debit amount), the time left before it ' +
        'expires, the code field, the submit button; the error of the last refused code and the tries left, if any.',
      meta: { spec: 'spec §4 Transfers (confirmation form); spec §5 confirmation token; rulings §4' },
      on: {
        'code.change': [
          {
            guard: 'wasTokenSubmitted',
            actions: [{ type: 'setToken', params: ({ event }) => event }, 'validateToken'],
            description: 'spec §5: after a submit attempt, the code error follows what the customer types',
          },
          {
            actions: { type: 'setToken', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'code.submit': [
          {
            guard: 'isTokenValid',
            target: 'confirming',
            actions: [
              'markTokenSubmitted',
              'validateToken',
              { type: 'showError', params: { message: null } },
              { type: 'setCodeRefused', params: { refused: false } },
            ],
            description: 'spec §4, §5: a valid code (8 digits or more) is sent; a new attempt clears the banner',
          },
          {
            actions: ['markTokenSubmitted', 'validateToken', { type: 'showError', params: { message: null } }],
            description: 'spec §5: the code errors show after a submit attempt (required, digits only, min 8)',
          },
        ],
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
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: confirmAnswer },
            target: 'awaitingCode',
            description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isHttpFailure', params: confirmAnswer },
            target: 'awaitingCode',
            actions: [
              { type: 'showError', params: ({ event }) => ({ message: descriptionOf(event.output.body) }) },
              { type: 'setTriesLeft', params: ({ event }) => event.output.body },
              { type: 'setCodeRefused', params: ({ event }) => ({ refused: rules.isCodeRefusal(event.output) }) },
            ],
            description:
              'spec §4, §8, rulings §6.1: a confirm failure by HTTP (a wrong code with tries left is HTTP 422) keeps ' +
              'the confirm form with an error and the tries left (a wrong code marks the field invalid); once the ' +
              'code has expired meanwhile, it is disabled at once',
          },
          {
            guard: { type: 'isRefused', params: confirmAnswer },
            target: 'failed',
            actions: [
              { type: 'showError', params: ({ event }) => ({ message: descriptionOf(event.output.body) }) },
              { type: 'setTriesLeft', params: ({ event }) => event.output.body },
            ],
            description:
              "rulings §6.1: status '1' says the transfer is over (no try left, code expired, cancelled, balance no " +
              'longer sufficient): for every kind the code form is hidden; the description and the transfer.retry button',
          },
          {
            guard: { type: 'isConfirmed', params: confirmAnswer },
            target: 'done',
            actions: { type: 'keepReceipt', params: ({ event }) => event.output.body },
            description: "spec §4, rulings §6.2: status '0' is the success, with the new balance when solde is not empty",
          },
          {
            target: 'resultUnknown',
            description:
              'rulings §6.2: any other 2xx answer (no status, an unknown status, a body that cannot be read) proves ' +
              'nothing: the result is unknown, never a success',
          },
        ],
        onError: {
          target: 'awaitingCode',
          actions: { type: 'showError', params: { message: texts.failed } },
          description:
            'spec §4, §8: a confirm failure keeps the code form with an error; no answer (network failure, timeout) has ' + 'no description: the generic error',
        },
      },
      on: {
        'code.submit': {
          description:
            'spec §4 Transfers (confirmation submit goes to loading; only the answer leaves it): a double click sends ' +
            'one request, a submit while confirming is ignored',
        },
      },
    },
    done: outcomes.done,
    resultUnknown: outcomes.resultUnknown,
    failed: outcomes.failed,
  },
})

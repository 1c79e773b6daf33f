/**
 * The three transfers: to another account, to a mobile-money number, to a prepaid card (spec §2
 * /app/transfer, /app/momo, /app/prepaid-card; §4 Transfers; §5; §8). One machine; what differs
 * between the kinds is data (`transferKinds.ts`), read from `context.kind`.
 *
 *   editing ──transfer.submit [valid]──▶ asking ──reference──▶ awaitingCode ──code.submit [valid]──▶ confirming ──status '0'──▶ done
 *      ▲                                   │                      ▲    │                                  │
 *      └──── status '1', HTTP error, ──────┘                      │    └─ transfer.restart (cancel)       │
 *            no answer: message                                   └── HTTP error (422 wrong code), no answer
 *                                                                          status '1' (the transfer is over) ──▶ failed
 *                                                                          any other 2xx answer ──▶ resultUnknown
 *   done, failed, resultUnknown ──transfer.restart──▶ editing (fresh)
 *   done: idle ──receipt.download──▶ downloading ──saved, or failed (logged)──▶ idle
 *
 * `editing` is a parallel state, so that the customer types while the portal looks things up:
 * - `form`: the fields, the submit button; field errors once a submit was tried (spec §5);
 * - `holder` (account): the holder label of the account to credit, looked up at 21 characters;
 * - `suggestions` (account, momo): frequently used accounts or numbers, loaded when the form opens;
 * - `currencies` (momo, card): the currency list, loaded when the form opens (empty on failure);
 * - `balance` (momo): the selected account's balance.
 * A region a kind does not use stays `idle`. The lists are loaded once per form: coming back to the
 * form after a refused ask does not load them again (their context is not `null` any more).
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
import { and, assign, setup } from 'xstate'
import { FIELD_EXACT_LENGTH } from '../limits.ts'
import { transfer as texts } from '../messages.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import { debitAccountOf, toAskTransferInput, transferKinds, type AskTransferInput, type TransferField } from './transfer.kinds.ts'
import { formKit } from '../shared/formKit.ts'
import { setAccounts } from '../shared/accounts.ts'
import {
  type AnyAnswer,
  askAnswer,
  confirmAnswer,
  descriptionOf,
  formErrors,
  freshContext,
  messageOf,
  offeredAccounts,
  pendingOf,
  receiptOf,
  tokenErrorOf,
  triesLeftOf,
} from './transfer.rules.ts'
import type {
  AccountBalance,
  AskAnswer,
  ConfirmAnswer,
  ConfirmTransferInput,
  HolderLookup,
  ReceiptDownloadFailure,
  ReceiptDownloadInput,
  Suggestion,
  TransferAskBody,
  TransferConfirmBody,
  TransferContext,
  TransferEvent,
  TransferInput,
} from './transfer.types.ts'
import { isHttpSuccess, isSessionEnded, stubAction, stubActor, text } from '../shared/answers.ts'

const form = formKit<TransferContext, TransferEvent>((context) => formErrors(context))

export const transferMachine = setup({
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
  guards: {
    /** spec §4, §5: every field of the kind's form is valid and the debit account is one of the customer's. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit the form, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** A field of this kind's form (other fields are ignored). */
    isFieldOfKind: ({ context, event }) => event.type === 'field.change' && transferKinds[context.kind].fields.includes(event.field),
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: ({ context }) => context.accountsUnavailable,

    // Lookups and lists of the form.
    /** spec §2 /app/transfer: the customer changed the account to credit (account kind: holder lookup). */
    isCreditAccountChange: ({ context, event }) =>
      transferKinds[context.kind].looksUpHolder && event.type === 'field.change' && event.field === 'creditAccount',
    /** spec §2 /app/transfer: a 21-character account to credit whose holder is not known yet. */
    shouldLookUpHolder: ({ context }) =>
      transferKinds[context.kind].looksUpHolder &&
      context.values.creditAccount.trim().length === FIELD_EXACT_LENGTH.accountNumber &&
      context.holder === null &&
      context.holderError === null,
    /** spec §2, §7 used-freq: the kind offers frequently used accounts or numbers, not loaded yet. */
    shouldLoadSuggestions: ({ context }) => transferKinds[context.kind].suggestions !== null && context.suggestions === null,
    /** spec §2, §7 currencies b2w, b2c: the kind has a currency field (momo, card), not loaded yet. */
    shouldLoadCurrencies: ({ context }) => transferKinds[context.kind].currencies !== null && context.currencies === null,
    /** spec §2 /app/momo: the customer chose another account to debit (the kind that shows its balance). */
    isDebitAccountChange: ({ context, event }) => transferKinds[context.kind].showsBalance && event.type === 'field.change' && event.field === 'debitAccount',
    /** spec §2 /app/momo: an account is selected and its balance is not known yet. */
    shouldLoadBalance: ({ context }) =>
      transferKinds[context.kind].showsBalance && context.balance === null && debitAccountOf(context.values, offeredAccounts(context)) !== undefined,

    // The code form.
    /** spec §5 confirmation token: the code typed may be sent (given, digits only, at least 8). */
    isTokenValid: ({ context }) => tokenErrorOf(context.token) === null,
    /** spec §5: the customer has tried to send the code, so its error shows. */
    wasTokenSubmitted: ({ context }) => context.tokenSubmitted,

    // Answers of the ask and confirm calls (spec §4 Transfers, §4 Session, §8).
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, a: AnyAnswer) => isSessionEnded(a),
    /** spec §4, §8 Transfers: the bank answered with an HTTP error (a status other than 2xx). */
    isHttpFailure: (_, a: AnyAnswer) => !isHttpSuccess(a.status),
    /** decision (docs/decisions.md, Transfers): the answer's body could not be read; it proves nothing. */
    isUnreadable: (_, a: AnyAnswer) => a.body === null,
    /** spec §4 Transfers: the bank refused (status '1'); for a confirm, rulings §6.1: the transfer is over. */
    isRefused: (_, a: AnyAnswer) => a.body?.status === '1',
    /** rulings §6.2: only an HTTP 2xx answer with status '0' is a success. */
    isConfirmed: (_, a: AnyAnswer) => isHttpSuccess(a.status) && a.body?.status === '0',
    /** spec §4 Transfers: the ask answer carries the reference (its code) that the validation code confirms. */
    hasReference: (_, a: AskAnswer) => text(a.body?.code) !== undefined,
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),
    /** A transfer leaves notifications (and one whose result is unknown may have run): the shell's counter is read again. Provided by src/. */
    refreshNotifications: stubAction('refreshNotifications'),
    /** A transfer moves money (and one whose result is unknown may have): the session's balances are read again. Provided by src/. */
    refreshAccounts: stubAction('refreshAccounts'),
    /** spec §8 "Download errors: only logged, nothing shown". Provided by src/. */
    logDownloadError: (_, failure: ReceiptDownloadFailure) => stubAction('logDownloadError')(failure),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: setAccounts<TransferContext, TransferEvent>(),
    /** spec §2 transfer screens: keeps what the customer typed or chose in one field of the form. */
    setField: assign({
      values: ({ context }, { field, value }: { field: TransferField; value: string }) => ({
        ...context.values,
        [field]: value,
      }),
    }),
    /** spec §5: works out the message of each invalid field (shown once a submit was tried). */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
    /** spec §4, §8 Transfers: sets the error banner (the message or description, else transfer.failed); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),

    /** spec §2 /app/transfer: forgets the holder label (or lookup failure) of the previous account to credit. */
    clearHolder: assign({ holder: null, holderError: null }),
    /** spec §2, §8: keeps the holder label found, or the holder lookup failure (transfer.holderNotFound;
     * rulings §8: the bank's "too many tries" message when it refused to look). */
    setHolder: assign((_, found: HolderLookup) =>
      found.found && text(found.libelle)
        ? { holder: text(found.libelle) ?? null, holderError: null }
        : { holder: null, holderError: (!found.found && text(found.message)) || texts.holderNotFound },
    ),
    /** spec §2, §7 used-freq: keeps the frequently used accounts or numbers to offer (none on error). */
    setSuggestions: assign({ suggestions: (_, { list }: { list: Suggestion[] }) => list }),
    /** spec §3, §8: keeps the currencies to offer (codes 1, 2, 3); none, and nothing shown, on failure. */
    setCurrencies: assign({ currencies: (_, { list }: { list: string[] }) => list }),
    /** spec §2 /app/momo: forgets the balance of the account selected before. */
    clearBalance: assign({ balance: null }),
    /** spec §2 /app/momo: keeps the selected account's balance, to display it. */
    setBalance: assign({ balance: (_, balance: AccountBalance) => balance }),

    /** spec §4 Transfers: keeps the returned reference and what the code form shows (amount, payee, expiry). */
    keepPending: assign({ pending: ({ context }, body: TransferAskBody) => pendingOf(context, body) }),
    /** spec §3 confirmation form: keeps the validation code as the customer types it. */
    setToken: assign({ token: (_, { value }: { value: string }) => value }),
    /** spec §5 confirmation token: works out the code field's message (shown once a submit was tried). */
    validateToken: assign({ tokenError: ({ context }) => tokenErrorOf(context.token) }),
    /** spec §5: notes that the customer tried to send the code: its error shows from then on. */
    markTokenSubmitted: assign({ tokenSubmitted: true }),
    /** Wipes the validation code once the confirm call answered, whatever the answer (rulings §4: single use). */
    forgetToken: assign({ token: '' }),
    /** rulings §4: keeps the tries left after a wrong code, when the answer says (3 wrong codes cancel). */
    setTriesLeft: assign({ triesLeft: (_, body: TransferConfirmBody | null) => triesLeftOf(body) }),
    /** spec §4 Transfers: keeps the success message (new balance when solde is not empty), reference and time. */
    keepReceipt: assign({ receipt: ({ context }, body: TransferConfirmBody | null) => receiptOf(context, body) }),

    /** decision (docs/decisions.md, Transfers: Restart): a fresh form, lists loaded again; instead of the page reload. */
    reset: assign(({ context }) => freshContext({ kind: context.kind, accounts: context.accounts, accountsFailed: context.accountsFailed })),
  },
}).createMachine({
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
    editing: {
      type: 'parallel',
      description:
        "The transfer form of the kind: heading and form title, the kind's fields, the submit button; " +
        'field errors once a submit was tried; the error banner of the last refused attempt, if any; ' +
        'the accounts message with its reload link when the accounts are unavailable; the information ' +
        'panel of the three steps (momo, card).',
      meta: { spec: 'spec §2 /app/transfer, /app/momo, /app/prepaid-card; spec §4 Transfers (form); spec §5; spec §8' },
      states: {
        form: {
          description: 'The fields and the submit button.',
          meta: { spec: 'spec §4 Transfers (form displayed); spec §5' },
          initial: 'filling',
          states: {
            filling: {
              description: 'The customer fills the form.',
              meta: { spec: 'spec §2 transfer screens; spec §5' },
              on: {
                'field.change': [
                  {
                    guard: and(['isFieldOfKind', 'wasSubmitted']),
                    actions: [{ type: 'setField', params: ({ event }) => event }, 'validate'],
                    description: 'spec §5: after a submit attempt, the field errors follow what the customer types',
                  },
                  {
                    guard: 'isFieldOfKind',
                    actions: { type: 'setField', params: ({ event }) => event },
                    description: 'spec §5: before any submit attempt, no error is shown',
                  },
                ],
                'transfer.submit': [
                  {
                    guard: 'isFormValid',
                    target: '#transfer.asking',
                    actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
                    description: 'spec §4, §5: a valid form is submitted; a new attempt clears the banner',
                  },
                  {
                    actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
                    description: 'spec §5: errors show after a submit attempt and fields are highlighted',
                  },
                ],
                'accounts.reload': {
                  guard: 'areAccountsUnavailable',
                  actions: 'reloadPage',
                  description: 'spec §8: a click on the accounts message reloads the page',
                },
              },
            },
          },
        },
        holder: {
          description: 'account kind: the holder label of the account to credit, or the lookup failure.',
          meta: { spec: 'spec §2 /app/transfer (holder lookup at 21 characters); spec §8 (holder lookup failed)' },
          initial: 'idle',
          on: {
            'field.change': {
              guard: 'isCreditAccountChange',
              target: '.idle',
              actions: 'clearHolder',
              description: 'spec §2: a new account to credit forgets the holder found for the previous one',
            },
          },
          states: {
            idle: {
              description: 'No lookup under way: the holder label, or the failure message, if any.',
              meta: { spec: 'spec §2 /app/transfer' },
              always: {
                guard: 'shouldLookUpHolder',
                target: 'lookingUp',
                description: 'spec §2: the holder is looked up once 21 characters are entered',
              },
            },
            lookingUp: {
              description: 'The holder is being looked up; the customer keeps typing.',
              meta: { spec: 'spec §2 /app/transfer; spec §7 details' },
              invoke: {
                id: 'lookUpHolder',
                src: 'lookUpHolder',
                input: ({ context }) => ({ account: context.values.creditAccount.trim() }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setHolder', params: ({ event }) => event.output },
                  description: 'spec §2, §8: the holder label, or the holder lookup failure (transfer.holderNotFound)',
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'setHolder', params: { found: false } },
                  description: 'spec §8: a lookup that fails shows the holder lookup failure',
                },
              },
            },
          },
        },
        suggestions: {
          description: 'account, momo: the frequently used accounts or numbers offered on the field to credit.',
          meta: { spec: 'spec §2 /app/transfer, /app/momo (suggestions); spec §7 used-freq; rulings §3' },
          initial: 'idle',
          states: {
            idle: {
              description: 'The suggestions, if any, are offered.',
              meta: { spec: 'spec §2 (suggestions of frequently used accounts and numbers)' },
              always: {
                guard: 'shouldLoadSuggestions',
                target: 'loading',
                description: 'spec §2, §7: the suggestions are loaded when the form opens',
              },
            },
            loading: {
              description: 'The suggestions are being loaded; the form is usable.',
              meta: { spec: 'spec §7 used-freq' },
              invoke: {
                id: 'loadSuggestions',
                src: 'loadSuggestions',
                input: ({ context }) => ({ kind: context.kind }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setSuggestions', params: ({ event }) => ({ list: event.output }) },
                  description: 'spec §2: the frequently used accounts or numbers are offered',
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'setSuggestions', params: { list: [] } },
                  description: 'spec §7: on error the list is empty',
                },
              },
            },
          },
        },
        currencies: {
          description: 'momo, card: the currencies offered in the currency field.',
          meta: { spec: 'spec §2 /app/momo, /app/prepaid-card (currency); spec §7 currencies b2w, b2c' },
          initial: 'idle',
          states: {
            idle: {
              description: 'The currency field offers the loaded currencies (none when they could not be loaded).',
              meta: { spec: 'spec §8 (currency load failure: nothing is shown)' },
              always: {
                guard: 'shouldLoadCurrencies',
                target: 'loading',
                description: 'spec §7: the currencies of the kind are loaded when the form opens',
              },
            },
            loading: {
              description: 'The currencies are being loaded; the form is usable.',
              meta: { spec: 'spec §7 currencies b2w, b2c' },
              invoke: {
                id: 'loadCurrencies',
                src: 'loadCurrencies',
                input: ({ context }) => ({ kind: context.kind }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'setCurrencies', params: ({ event }) => ({ list: event.output }) },
                  description: 'spec §3: the currency list (values 1, 2 or 3)',
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'setCurrencies', params: { list: [] } },
                  description: 'spec §8: currency load failure, nothing is shown',
                },
              },
            },
          },
        },
        balance: {
          description: "momo: the selected account's balance.",
          meta: { spec: "spec §2 /app/momo (the selected account's balance is displayed)" },
          initial: 'idle',
          on: {
            'field.change': {
              guard: 'isDebitAccountChange',
              target: '.idle',
              actions: 'clearBalance',
              description: 'spec §2: another account selected, its own balance is shown',
            },
          },
          states: {
            idle: {
              description: 'The balance of the selected account, when known.',
              meta: { spec: 'spec §2 /app/momo' },
              always: {
                guard: 'shouldLoadBalance',
                target: 'loading',
                description: "spec §2: the selected account's balance is read",
              },
            },
            loading: {
              description: 'The balance is being read; the form is usable.',
              meta: { spec: 'spec §2 /app/momo; spec §7 balance' },
              invoke: {
                id: 'loadBalance',
                src: 'loadBalance',
                input: ({ context }) => {
                  const debit = debitAccountOf(context.values, context.accounts)
                  return { compte: debit?.compte ?? '', currency: debit?.currency ?? '' }
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'setBalance', params: ({ event }) => event.output },
                  description: "spec §2: the selected account's balance is displayed",
                },
                onError: {
                  target: 'unavailable',
                  description: 'a balance that cannot be read is not shown (the transfer stays possible) — decision (docs/decisions.md, Common rules)',
                },
              },
            },
            unavailable: {
              description: 'The balance could not be read: nothing is shown.',
              meta: { spec: 'spec §2 /app/momo; spec §8 (balance failure)' },
            },
          },
        },
      },
    },
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
            actions: ['markTokenSubmitted', 'validateToken', { type: 'showError', params: { message: null } }],
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
            ],
            description:
              'spec §4, §8, rulings §6.1: a confirm failure by HTTP (a wrong code with tries left is HTTP 422) keeps ' +
              'the confirm form with an error and the tries left',
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
    done: {
      description:
        'The final screen: the success message (with the new balance when known), the reference, the ' +
        'execution time, the receipt link and the button to make another transfer (transfer.another).',
      meta: { spec: 'spec §4 Transfers (success); spec §2 (Faire un autre transfert)' },
      entry: ['refreshNotifications', 'refreshAccounts'],
      initial: 'idle',
      on: {
        'transfer.restart': {
          target: 'editing',
          actions: 'reset',
          description: 'spec §2: the button to make another transfer (transfer.another) — a fresh form; the spec reloads the page',
        },
      },
      states: {
        idle: {
          description: 'No download under way: the receipt button.',
          meta: { spec: 'spec §4 Transfers (success: receipt)' },
          on: {
            'receipt.download': {
              target: 'downloading',
              description: 'spec §4, §7: the receipt button downloads the receipt of the transfer (transfer/receipt/{reference})',
            },
          },
        },
        downloading: {
          description: 'The spinner on the receipt button while the receipt downloads; the rest of the screen stays usable.',
          meta: { spec: 'spec §7 transfer/receipt/{reference}; spec §8 (download errors)' },
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
              actions: {
                type: 'logDownloadError',
                params: ({ context, event }) => ({ reference: context.receipt?.reference ?? '', error: event.error }),
              },
              description: 'spec §8 download errors: only logged, nothing shown',
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
    },
    resultUnknown: {
      description:
        'The result is unknown: the bank answered without saying whether the money moved. The message ' +
        '(transfer.resultUnknown), a link to the statement, and the button to make another transfer; no receipt, no balance.',
      meta: { spec: 'rulings §6.2 (only an answer that says so is a success)' },
      entry: ['refreshNotifications', 'refreshAccounts'],
      on: {
        'transfer.restart': {
          target: 'editing',
          actions: 'reset',
          description: 'rulings §6.2: after checking the statement, the customer may start a new transfer — a fresh form',
        },
      },
    },
    failed: {
      description: 'The transfer was refused for good: the code form is hidden; the description and the button ' + 'to try a new transfer (transfer.retry).',
      meta: { spec: "spec §4 Transfers; rulings §6.1 (confirm status '1': the transfer is over); spec §8; rulings §4 (3 wrong codes)" },
      on: {
        'transfer.restart': {
          target: 'editing',
          actions: 'reset',
          description: 'spec §4, §8: the button to try a new transfer (transfer.retry) — a fresh form',
        },
      },
    },
  },
})

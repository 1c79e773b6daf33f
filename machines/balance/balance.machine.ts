/**
 * The balance of one account (spec §2 /app/balance; §3 Balance response; §5 Balance account; §8
 * Balance failure).
 *
 *   choosing ──balance.submit [valid]──▶ loading ──code '0' with an amount──▶ shown
 *      ▲  (errors after a submit attempt)   │ ──code other than '0', HTTP error, no answer──▶ failed
 *      └──── HTTP 403 / code '2' (the session signs out) ┘
 *   shown, failed ──balance.submit [valid]──▶ loading (the customer picks another account)
 *
 * The select and its button stay on screen in every state; while `loading` the button is busy and
 * a second submit is ignored (one request per click).
 *
 * Accounts come from the session (its context): the machine's input, and `accounts.change` when
 * the session's list changes while the screen is open. With no account, or when they could not be
 * loaded, `accountsUnavailable` is true: the screen shows `accounts.notLoaded` and a click
 * sends `accounts.reload` (the app's `reloadPage` action).
 *
 * Failure: spec §8 shows an error box with no message text. The box here carries the short
 * catalogue text `balance.failed`, so that a screen reader still announces that an error happened.
 */
import { and, assign, setup } from 'xstate'
import { formKit } from '../shared/formKit.ts'
import { setAccounts } from '../shared/accounts.ts'
import { balanceAnswer, balanceErrors, freshBalanceContext, loadBalanceInput, shownBalanceOf } from './balance.rules.ts'
import type { BalanceAnswer, BalanceContext, BalanceEvent, BalanceInput, LoadBalanceInput } from './balance.types.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'

/** The select after a submit attempt (`shown`, `failed`, and `choosing` once submitted). */
const changeAfterSubmit = {
  actions: [{ type: 'setField', params: ({ event }: { event: BalanceEvent }) => event }, 'validate'],
} as const

/** The button, the same in `choosing`, `shown` and `failed`. */
const submitTransitions = [
  {
    guard: 'isFormValid',
    target: '#balance.loading',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §2, §5, REQ-VAL-40: a selected account is submitted; its balance is read',
  },
  {
    target: '#balance.choosing',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §5 balance account required (REQ-VAL-01, REQ-VAL-40): the error shows after a submit attempt; a table or box shown before goes',
  },
] as const

const form = formKit<BalanceContext, BalanceEvent>((context) => balanceErrors(context))

export const balanceMachine = setup({
  types: {
    input: {} as BalanceInput,
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
  },
  actors: {
    /** POST balance: `{code: compte, currency}` → HTTP status and body. Provided by src/. */
    loadBalance: stubActor<BalanceAnswer, LoadBalanceInput>('loadBalance'),
  },
  guards: {
    /** spec §5 balance account: an account is selected, and it is one of the customer's accounts. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit, so the select's error shows. */
    wasSubmitted: form.wasSubmitted,
    /** spec §2 /app/balance: a change of the account select. */
    isAccountField: ({ event }) => event.type === 'field.change' && event.field === 'account',
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: ({ context }) => context.accountsUnavailable,
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: BalanceAnswer) => isSessionEnded(answer),
    /** spec §2, §3: the bank gave the balance (HTTP success, code '0', an amount). */
    hasBalance: ({ context }, answer: BalanceAnswer) => shownBalanceOf(answer, loadBalanceInput(context)) !== null,
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: setAccounts<BalanceContext, BalanceEvent>(),
    /** spec §2 /app/balance: keeps the account the customer selected. */
    setField: form.setField,
    /** spec §5 balance account: works out the select's message (required). */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the select's error shows and follows the selection. */
    markSubmitted: form.markSubmitted,
    /** spec §2 /app/balance: keeps the account number, the amount and its currency, for the table. */
    setShown: assign({
      shown: ({ context }, answer: BalanceAnswer) => shownBalanceOf(answer, loadBalanceInput(context)),
    }),
    /** spec §2 /app/balance: removes the table of a balance read before. */
    clearShown: assign({ shown: null }),
  },
}).createMachine({
  id: 'balance',
  description:
    "The balance of one of the customer's accounts: the account select, the button, then a table " +
    'with the account number and the amount with its currency (spec §2 /app/balance).',
  context: ({ input }) => freshBalanceContext(input),
  initial: 'choosing',
  on: {
    'accounts.change': {
      actions: { type: 'setAccounts', params: ({ event }) => event },
      description: "spec §3, §8: the select follows the session's account list",
    },
    'accounts.reload': {
      guard: 'areAccountsUnavailable',
      actions: 'reloadPage',
      description: 'spec §8, REQ-ERR-09: a click on the accounts message reloads the page',
    },
  },
  states: {
    choosing: {
      description:
        'The title (balance.title), the account select and the button (balance.show); the error under ' +
        'the select once a submit was tried; the accounts message with its reload link when the ' +
        'accounts are unavailable.',
      meta: { spec: 'spec §2 /app/balance; spec §5 Balance account; spec §8 (accounts not loaded)' },
      entry: 'clearShown',
      on: {
        'field.change': [
          {
            guard: and(['isAccountField', 'wasSubmitted']),
            ...changeAfterSubmit,
            description: 'spec §5: after a submit attempt, the error follows the selection',
          },
          {
            guard: 'isAccountField',
            actions: { type: 'setField', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'balance.submit': submitTransitions,
      },
    },
    loading: {
      description: 'The spinner: the select and the busy button stay on screen while the balance is read.',
      meta: { spec: 'spec §2 /app/balance; spec §7 balance; rulings §3 (POST balance)' },
      entry: 'clearShown',
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => loadBalanceInput(context),
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: balanceAnswer },
            target: 'choosing',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'hasBalance', params: balanceAnswer },
            target: 'shown',
            actions: { type: 'setShown', params: balanceAnswer },
            description: "spec §2, §3, REQ-SCREEN-BALANCE-01: code '0' with an amount — the table of the account number and its amount",
          },
          {
            target: 'failed',
            description: "spec §8 balance failure (REQ-ERR-18, REQ-CHOICE-12): a code other than '0', an HTTP error or an answer without amount",
          },
        ],
        onError: {
          target: 'failed',
          description: 'spec §8 balance failure (REQ-ERR-18): no answer (network failure, timeout)',
        },
      },
      on: {
        'balance.submit': {
          description: 'a double click sends one request (REQ-CHOICE-01): a submit while loading is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    shown: {
      description:
        'The table: the account number and the amount with 2 decimals in French format and its currency ' +
        'code; the select and the button stay, to read the balance of another account.',
      meta: { spec: 'spec §2 /app/balance (table); spec §9 (2 decimals); rulings §1 (amount format)' },
      on: {
        'field.change': {
          guard: 'isAccountField',
          ...changeAfterSubmit,
          description: 'spec §2: another account may be chosen; the table stays until the submit (errors follow, spec §5)',
        },
        'balance.submit': submitTransitions,
      },
    },
    failed: {
      description:
        'The error box (role alert) with the short text balance.failed for screen readers (the spec shows ' +
        'no text); the select and the button stay, to try again.',
      meta: { spec: 'spec §8 Balance failure (an error box with no message text)' },
      on: {
        'field.change': {
          guard: 'isAccountField',
          ...changeAfterSubmit,
          description: 'another account may be chosen to try again; the box stays until the submit (errors follow, spec §5)',
        },
        'balance.submit': submitTransitions,
      },
    },
  },
})

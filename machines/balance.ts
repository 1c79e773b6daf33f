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
 * loaded, `accountsUnavailable` is true: the screen shows `transfer.accountsNotLoaded` and a click
 * sends `accounts.reload` (the app's `reloadPage` action).
 *
 * Failure: spec §8 shows an error box with no message text. The box here carries the short
 * catalogue text `balance.failed`, so that a screen reader still announces that an error happened.
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../openapi/schema'
import { formatAmount } from './amounts.ts'
import { balanceForm, type BalanceFormValues } from './flowForms.ts'
import { fieldErrors, type FieldErrors } from './shared/form.ts'
import { balance as texts, transfer as transferTexts, validation } from './messages.ts'
import type { Account } from './session.ts'

export type { Account } from './session.ts'

// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/)
// ---------------------------------------------------------------------------------------------

export interface BalanceInput {
  /** The customer's accounts, from the session's context. */
  accounts: Account[]
  /** The session could not load them (spec §8). */
  accountsFailed: boolean
}

export type BalanceField = keyof BalanceFormValues
export type BalanceValues = { [F in BalanceField]: string }

/** The input of `loadBalance` (POST balance: `code` = account number, `currency`). */
export interface LoadBalanceInput {
  compte: string
  currency: string
}

/** The answer of POST balance: the contract's BalanceResponse, or an error body. */
export type BalanceBody = components['schemas']['BalanceResponse'] & Partial<components['schemas']['ErrorBody']>

/**
 * What the `loadBalance` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). It rejects only when no answer came (network, timeout).
 */
export interface BalanceAnswer {
  status: number
  body: BalanceBody | null
}

/** The balance shown in the table (spec §2): raw values; `balanceScreen` formats the amount. */
export interface ShownBalance {
  /** The account number. */
  compte: string
  /** The contract's SignedAmount, a decimal string. */
  amount: string
  /** The contract's currency code ('1', '2', '3'). */
  currency: string
}

export interface BalanceContext {
  accounts: Account[]
  accountsFailed: boolean
  /** spec §8: no account, or they could not be loaded → `transfer.accountsNotLoaded`, click reloads. */
  accountsUnavailable: boolean
  /** The form: the selected account number. */
  values: BalanceValues
  /** field → message; set once `submitted` (spec §5). */
  errors: FieldErrors<BalanceValues>
  /** Whether the customer has tried to submit: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /** The last balance read (`shown`), `null` otherwise. */
  shown: ShownBalance | null
}

export type BalanceEvent =
  | { type: 'field.change'; field: BalanceField; value: string }
  /** "Cliquer ici pour afficher le solde". */
  | { type: 'balance.submit' }
  /** The session's account list changed while the screen is open. */
  | { type: 'accounts.change'; accounts: Account[]; accountsFailed: boolean }
  /** The click on `transfer.accountsNotLoaded` (spec §8). */
  | { type: 'accounts.reload' }

// ---------------------------------------------------------------------------------------------
// Pure helpers (exported for the tests and the views)
// ---------------------------------------------------------------------------------------------

/** A non-blank text, trimmed; `undefined` otherwise. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

const areUnavailable = (accounts: readonly Account[], accountsFailed: boolean) => accountsFailed || accounts.length === 0

/** The context of a fresh screen. */
export function freshBalanceContext({ accounts, accountsFailed }: BalanceInput): BalanceContext {
  return {
    accounts,
    accountsFailed,
    accountsUnavailable: areUnavailable(accounts, accountsFailed),
    values: { account: '' },
    errors: {},
    submitted: false,
    shown: null,
  }
}

/** The selected account, when it is one of the accounts offered (none while they are unavailable). */
export function selectedAccount(context: Pick<BalanceContext, 'values' | 'accounts' | 'accountsUnavailable'>): Account | undefined {
  const compte = context.values.account.trim()
  return compte === '' || context.accountsUnavailable ? undefined : context.accounts.find((a) => a.compte === compte)
}

/**
 * The message of each invalid field (spec §5 balance account: required). An account that is not
 * one of the accounts offered shows the same message.
 */
export function balanceErrors(context: Pick<BalanceContext, 'values' | 'accounts' | 'accountsUnavailable'>): FieldErrors<BalanceValues> {
  const errors: FieldErrors<BalanceValues> = fieldErrors(balanceForm, context.values)
  if (!errors.account && !selectedAccount(context)) errors.account = validation.balanceAccountRequired
  return errors
}

/** The input of `loadBalance` for the selected account. */
export function loadBalanceInput(context: BalanceContext): LoadBalanceInput {
  const account = selectedAccount(context)
  return { compte: account?.compte ?? '', currency: account?.currency ?? '' }
}

/**
 * The balance of an answer, `null` when the answer does not give one: an HTTP error, a body that
 * cannot be read, a code other than '0', no amount (spec §8 balance failure).
 */
export function shownBalanceOf(answer: BalanceAnswer, asked: LoadBalanceInput): ShownBalance | null {
  const { status, body } = answer
  if (status < 200 || status >= 300 || body === null || body.code !== '0') return null
  const amount = text(body.amount)
  if (amount === undefined) return null
  return { compte: text(body.compte) ?? asked.compte, amount, currency: text(body.currency) ?? asked.currency }
}

/** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
const isSessionEndedAnswer = ({ status, body }: BalanceAnswer) => status === 403 || body?.code === '2'

const balanceAnswer = ({ event }: { event: { output: BalanceAnswer } }) => event.output

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

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
    description: 'spec §2, §5: a selected account is submitted; its balance is read',
  },
  {
    target: '#balance.choosing',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §5 balance account required: the error shows after a submit attempt; a table or box shown before goes',
  },
] as const

export const balanceMachine = setup({
  types: {
    input: {} as BalanceInput,
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
  },
  actors: {
    /** POST balance: `{code: compte, currency}` → HTTP status and body. Provided by src/. */
    loadBalance: fromPromise<BalanceAnswer, LoadBalanceInput>(async () => {
      throw new Error('loadBalance: provided by src/')
    }),
  },
  guards: {
    /** spec §5 balance account: an account is selected, and it is one of the customer's accounts. */
    isFormValid: ({ context }) => Object.keys(balanceErrors(context)).length === 0,
    /** spec §5: the customer has tried to submit, so the select's error shows. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §2 /app/balance: a change of the account select. */
    isAccountField: ({ event }) => event.type === 'field.change' && event.field === 'account',
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: ({ context }) => context.accountsUnavailable,
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: BalanceAnswer) => isSessionEndedAnswer(answer),
    /** spec §2, §3: the bank gave the balance (HTTP success, code '0', an amount). */
    hasBalance: ({ context }, answer: BalanceAnswer) => shownBalanceOf(answer, loadBalanceInput(context)) !== null,
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: provided('reloadPage'),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: assign((_, { accounts, accountsFailed }: { accounts: Account[]; accountsFailed: boolean }) => ({
      accounts,
      accountsFailed,
      accountsUnavailable: areUnavailable(accounts, accountsFailed),
    })),
    /** spec §2 /app/balance: keeps the account the customer selected. */
    setField: assign({
      values: ({ context }, event: BalanceEvent) =>
        event.type === 'field.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    /** spec §5 balance account: works out the select's message (required). */
    validate: assign({ errors: ({ context }) => balanceErrors(context) }),
    /** spec §5: notes that a submit was tried: the select's error shows and follows the selection. */
    markSubmitted: assign({ submitted: true }),
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
      description: 'spec §8: a click on the accounts message reloads the page',
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
            description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'hasBalance', params: balanceAnswer },
            target: 'shown',
            actions: { type: 'setShown', params: balanceAnswer },
            description: "spec §2, §3: code '0' with an amount — the table of the account number and its amount",
          },
          {
            target: 'failed',
            description: "spec §8 balance failure: a code other than '0', an HTTP error or an answer without amount",
          },
        ],
        onError: {
          target: 'failed',
          description: 'spec §8 balance failure: no answer (network failure, timeout)',
        },
      },
      on: {
        'balance.submit': {
          description: 'a double click sends one request: a submit while loading is ignored — decision (docs/decisions.md, Common rules)',
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

// ---------------------------------------------------------------------------------------------
// What the screen shows, from a snapshot (so that a view holds no flow logic)
// ---------------------------------------------------------------------------------------------

export interface BalanceScreen {
  /** The button is busy (spinner), the select disabled: the balance is being read. */
  busy: boolean
  /** The table (spec §2), amount formatted (rulings §1: `1 234,56 USD`); `null` when none. */
  table: { compte: string; amount: string } | null
  /** The error box (spec §8) and its text for screen readers; `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The accounts the select offers (none while they are unavailable). */
  accounts: Account[]
}

/** The screen of a snapshot of `balanceMachine`. */
export function balanceScreen(snapshot: SnapshotFrom<typeof balanceMachine>): BalanceScreen {
  const { shown, accountsUnavailable, accounts } = snapshot.context
  return {
    busy: snapshot.matches('loading'),
    table:
      snapshot.matches('shown') && shown ? { compte: shown.compte, amount: formatAmount(shown.amount, shown.currency) } : null,
    error: snapshot.matches('failed') ? texts.failed : null,
    accountsMessage: accountsUnavailable ? transferTexts.accountsNotLoaded : null,
    accounts: accountsUnavailable ? [] : accounts,
  }
}

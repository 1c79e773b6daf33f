/**
 * The account statement (spec §2 /app/statement; §3 Statement response, Transaction; §4 Statement;
 * §5 Statement; §8 Statement load failure, Download errors; §9 date defaults and format).
 *
 * Two parallel regions, so that a file keeps downloading while the customer loads another range:
 *
 *   query:    editing ──statement.submit [valid]──▶ loading ──usable answer──▶ shown
 *                ▲ (errors after a submit attempt)    │ ──HTTP error, code or refused status, no answer──▶ failed
 *                └── HTTP 403 / code '2' (the session signs out)
 *             shown, failed ──statement.submit [valid]──▶ loading (another range, another account)
 *
 *   download: idle ──download.pdf / download.csv [canDownload]──▶ downloading ──saved, or failed (logged)──▶ idle
 *
 * The form (account, start date, end date) stays on screen in every state; its defaults are the
 * first day of the current month and today (spec §2, §9), from `today`, the app's date, so that the
 * machine stays pure. The download links show only when the answer's status is '0' and it has at
 * least one transaction (spec §4), and a file name to download by (spec §7).
 *
 * Accounts come from the session (its context), as in the transfer machine: the input, then
 * `accounts.change`. With none, `transfer.accountsNotLoaded` and `accounts.reload` (`reloadPage`).
 */
import { summaryOf, type StatementSummary } from './statement/summary.ts'
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../openapi/schema'
import { formatAmount } from './amounts.ts'
import { statementForm, type StatementFormValues } from './flowForms.ts'
import { fieldErrors, type FieldErrors } from './shared/form.ts'
import { statement as texts, transfer as transferTexts, validation } from './messages.ts'
import type { Account } from './shared/customer.ts'


// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/)
// ---------------------------------------------------------------------------------------------

export interface StatementInput {
  /** The customer's accounts, from the session's context. */
  accounts: Account[]
  /** The session could not load them (spec §8). */
  accountsFailed: boolean
  /** Today's date in the customer's time zone, yyyy-mm-dd (given by the app: the machine stays pure). */
  today: string
}

export type StatementField = keyof StatementFormValues
export type StatementValues = { [F in StatementField]: string }

/** The input of `loadStatement`: the contract's StatementRequest (POST statements). */
export type StatementRequest = components['schemas']['StatementRequest']
export type Transaction = components['schemas']['Transaction']
/** The answer of POST statements: the contract's StatementResponse, or an error body (no `status`). */
export type StatementBody = Partial<components['schemas']['StatementResponse']> & Partial<components['schemas']['ErrorBody']>

/**
 * What the `loadStatement` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). It rejects only when no answer came (network, timeout).
 */
export interface StatementAnswer {
  status: number
  body: StatementBody | null
}

/** The statement shown in the table. */
export interface StatementResult {
  /** The answer's status ('0': the files exist, spec §4). */
  status: string
  /** The answer's file name, without extension ('' when none). */
  filename: string
  transactions: Transaction[]
  /** The account and its currency code, as asked (the amounts of the table are in that currency). */
  account: string
  currency: string
}

export type DownloadFormat = 'pdf' | 'csv'

/** The input of `downloadFile` (GET download/pdf/{filename}.{pdf|csv}, saved under that name). */
export interface DownloadFileInput {
  filename: string
}

/** The params of `logDownloadError`: the file and what the `downloadFile` actor rejected with. */
export interface DownloadFailure {
  filename: string
  error: unknown
}

export interface StatementContext {
  accounts: Account[]
  accountsFailed: boolean
  /** spec §8: no account, or they could not be loaded → `transfer.accountsNotLoaded`, click reloads. */
  accountsUnavailable: boolean
  /** The app's date (yyyy-mm-dd): the default end date, and the month of the default start date. */
  today: string
  /** The form. */
  values: StatementValues
  /** field → message; set once `submitted` (spec §5). */
  errors: FieldErrors<StatementValues>
  /** Whether the customer has tried to submit: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /** The statement shown (`shown`), `null` otherwise. */
  result: StatementResult | null
  /** The load failure message (`failed`), `null` otherwise. */
  error: string | null
  /** The file being downloaded (`downloading`), `null` otherwise. */
  download: DownloadFileInput | null
}

export type StatementEvent =
  | { type: 'field.change'; field: StatementField; value: string }
  | { type: 'statement.submit' }
  /** The PDF and csv download links (spec §2). */
  | { type: 'download.pdf' }
  | { type: 'download.csv' }
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

/** spec §9: the default start date, the first day of the month of `today` (yyyy-mm-dd → yyyy-mm-01). */
export function firstDayOfMonth(today: string): string {
  const match = /^(\d{4}-\d{2})-\d{2}$/.exec(today.trim())
  return match ? `${match[1]}-01` : ''
}

/** spec §2, §9: the form's defaults, first day of the current month and today; no account. */
export function defaultValues(today: string): StatementValues {
  return { account: '', startDate: firstDayOfMonth(today), endDate: today.trim() }
}

/** The context of a fresh screen. */
export function freshStatementContext({ accounts, accountsFailed, today }: StatementInput): StatementContext {
  return {
    accounts,
    accountsFailed,
    accountsUnavailable: areUnavailable(accounts, accountsFailed),
    today,
    values: defaultValues(today),
    errors: {},
    submitted: false,
    result: null,
    error: null,
    download: null,
  }
}

type FormState = Pick<StatementContext, 'values' | 'accounts' | 'accountsUnavailable'>

/** The selected account, when it is one of the accounts offered (none while they are unavailable). */
export function selectedAccount(form: FormState): Account | undefined {
  const compte = form.values.account.trim()
  return compte === '' || form.accountsUnavailable ? undefined : form.accounts.find((a) => a.compte === compte)
}

/**
 * The first message of each invalid field (spec §5): account required; dates required, yyyy-mm-dd
 * and a real calendar date; a start later than the end shows its message on the start date. An
 * account that is not one of the accounts offered shows the account's required message.
 */
export function statementErrors(form: FormState): FieldErrors<StatementValues> {
  const errors: FieldErrors<StatementValues> = fieldErrors(statementForm, form.values)
  if (!errors.account && !selectedAccount(form)) errors.account = validation.statementAccountRequired
  return errors
}

/** The body of POST statements for a valid form (spec §7: startDate, endDate, account, currency). */
export function statementRequestOf(form: FormState): StatementRequest {
  const account = selectedAccount(form)
  return {
    startDate: form.values.startDate.trim(),
    endDate: form.values.endDate.trim(),
    account: account?.compte ?? '',
    currency: account?.currency ?? '',
  }
}

/** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
export const isSessionEndedAnswer = ({ status, body }: StatementAnswer): boolean =>
  status === 403 || body?.code === '2' || body?.status === '2'

/**
 * The statement of an answer, `null` when it is a load failure (spec §8): an HTTP error, a body
 * that cannot be read, a code other than '0', or a status other than '0' that comes with a message
 * (a refusal). A status other than '0' without message is a statement without files: its table
 * shows, without download links (spec §4).
 */
export function resultOf(answer: StatementAnswer, asked: StatementRequest): StatementResult | null {
  const { status, body } = answer
  if (status < 200 || status >= 300 || body === null || body.code !== '0') return null
  const bodyStatus = text(body.status) ?? ''
  if (bodyStatus !== '0' && text(body.message) !== undefined) return null
  return {
    status: bodyStatus,
    filename: text(body.filename) ?? '',
    transactions: Array.isArray(body.transactions) ? body.transactions : [],
    account: asked.account,
    currency: asked.currency,
  }
}

/**
 * spec §4: the download links show only when the status is '0' and there is at least one
 * transaction; and a file name is needed to download by (spec §7).
 */
export function canDownload(result: StatementResult | null): boolean {
  return result !== null && result.status === '0' && result.transactions.length > 0 && result.filename !== ''
}

/** The file to download: `{filename}.pdf` or `{filename}.csv` (spec §7, rulings §3). */
export function downloadInputOf(result: StatementResult, format: DownloadFormat): DownloadFileInput {
  return { filename: `${result.filename}.${format}` }
}

const statementAnswer = ({ event }: { event: { output: StatementAnswer } }) => event.output

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

/** A field change once a submit was tried (the only kind in `shown` and `failed`). */
const changeAfterSubmit = {
  actions: [{ type: 'setField', params: ({ event }: { event: StatementEvent }) => event }, 'validate'],
} as const

/** The form's button, the same in `editing`, `shown` and `failed`. */
const submitTransitions = [
  {
    guard: 'isFormValid',
    target: '#statement.query.loading',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §4, §5: a valid form is submitted; the statement of the range is loaded',
  },
  {
    target: '#statement.query.editing',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §5: errors show after a submit attempt and fields are highlighted; a table or error shown before goes',
  },
] as const

const startDownload = (format: DownloadFormat) =>
  ({
    guard: 'canDownload',
    target: 'downloading',
    actions: { type: 'startDownload', params: { format } },
    description: `spec §2, §4: the ${format} link, shown when the status is '0' with at least one transaction`,
  }) as const

export const statementMachine = setup({
  types: {
    input: {} as StatementInput,
    context: {} as StatementContext,
    events: {} as StatementEvent,
  },
  actors: {
    /** POST statements with the contract's StatementRequest → HTTP status and body. Provided by src/. */
    loadStatement: fromPromise<StatementAnswer, StatementRequest>(async () => {
      throw new Error('loadStatement: provided by src/')
    }),
    /**
     * GET download/pdf/{filename}, saved under that name; resolves once saved, rejects on any
     * failure. Provided by src/.
     */
    downloadFile: fromPromise<void, DownloadFileInput>(async () => {
      throw new Error('downloadFile: provided by src/')
    }),
  },
  guards: {
    /** spec §5 statement: one of the customer's accounts, both dates in yyyy-mm-dd, the start not after the end. */
    isFormValid: ({ context }) => Object.keys(statementErrors(context)).length === 0,
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §2 /app/statement: a change of the account, start date or end date field. */
    isFormField: ({ event }) =>
      event.type === 'field.change' && (['account', 'startDate', 'endDate'] as string[]).includes(event.field),
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: ({ context }) => context.accountsUnavailable,
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: StatementAnswer) => isSessionEndedAnswer(answer),
    /** spec §4 Statement, §8: a statement to show (HTTP success, code '0', not a refused status with a message). */
    hasResult: ({ context }, answer: StatementAnswer) => resultOf(answer, statementRequestOf(context)) !== null,
    /** spec §4 Statement: the download links show (status 0, a transaction; decisions.md: and a file name). */
    canDownload: ({ context }) => canDownload(context.result),
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: provided('reloadPage'),
    /** spec §8 "Download errors: only logged, nothing shown". Provided by src/. */
    logDownloadError: (_, _failure: DownloadFailure) => provided('logDownloadError')(),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: assign((_, { accounts, accountsFailed }: { accounts: Account[]; accountsFailed: boolean }) => ({
      accounts,
      accountsFailed,
      accountsUnavailable: areUnavailable(accounts, accountsFailed),
    })),
    /** spec §2 /app/statement: keeps what the customer typed or chose in one field of the form. */
    setField: assign({
      values: ({ context }, event: StatementEvent) =>
        event.type === 'field.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    /** spec §5 statement: works out the message of each invalid field. */
    validate: assign({ errors: ({ context }) => statementErrors(context) }),
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: assign({ submitted: true }),
    /** spec §4 Statement: keeps the answer's transactions, status and file name, for the table and the links. */
    setResult: assign({
      result: ({ context }, answer: StatementAnswer) => resultOf(answer, statementRequestOf(context)),
    }),
    /** spec §4 Statement: removes the table of a statement loaded before. */
    clearResult: assign({ result: null }),
    /** spec §8 statement load failure: sets the error banner (statement.loadError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
    /** spec §2, §7: the file to download, {filename}.pdf or {filename}.csv; the spinner shows. */
    startDownload: assign({
      download: ({ context }, { format }: { format: DownloadFormat }) =>
        context.result ? downloadInputOf(context.result, format) : null,
    }),
    /** spec §2 /app/statement: the download is over, saved or failed; the spinner goes. */
    endDownload: assign({ download: null }),
  },
}).createMachine({
  id: 'statement',
  description:
    'The statement of one account between two dates: the form, the table of transactions, the PDF ' +
    'and csv download links (spec §2 /app/statement, §4 Statement).',
  context: ({ input }) => freshStatementContext(input),
  type: 'parallel',
  on: {
    'accounts.change': {
      actions: { type: 'setAccounts', params: ({ event }) => event },
      description: "spec §3, §8: the account select follows the session's account list",
    },
    'accounts.reload': {
      guard: 'areAccountsUnavailable',
      actions: 'reloadPage',
      description: 'spec §8: a click on the accounts message reloads the page',
    },
  },
  states: {
    query: {
      description: 'The form and what it loaded: the table, or the load failure message.',
      meta: { spec: 'spec §4 Statement (form, loading, table)' },
      initial: 'editing',
      states: {
        editing: {
          description:
            'The form: account select, start date (first day of the month by default), end date ' +
            '(today by default), the button; field errors once a submit was tried; the accounts ' +
            'message with its reload link when the accounts are unavailable.',
          meta: { spec: 'spec §2 /app/statement; spec §5 Statement; spec §9 (date defaults, yyyy-mm-dd); spec §8' },
          entry: ['clearResult', { type: 'showError', params: { message: null } }],
          on: {
            'field.change': [
              {
                guard: and(['isFormField', 'wasSubmitted']),
                ...changeAfterSubmit,
                description: 'spec §5: after a submit attempt, the field errors follow what the customer types',
              },
              {
                guard: 'isFormField',
                actions: { type: 'setField', params: ({ event }) => event },
                description: 'spec §5: before any submit attempt, no error is shown',
              },
            ],
            'statement.submit': submitTransitions,
          },
        },
        loading: {
          description: 'The spinner: the form stays on screen, busy, while the statement of the range is loaded.',
          meta: { spec: 'spec §4 Statement (loading); spec §7 statements' },
          entry: ['clearResult', { type: 'showError', params: { message: null } }],
          invoke: {
            id: 'loadStatement',
            src: 'loadStatement',
            input: ({ context }) => statementRequestOf(context),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: statementAnswer },
                target: 'editing',
                description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasResult', params: statementAnswer },
                target: 'shown',
                actions: { type: 'setResult', params: statementAnswer },
                description: 'spec §4: the table of the transactions (download links when status is 0 with transactions)',
              },
              {
                target: 'failed',
                actions: { type: 'showError', params: { message: texts.loadError } },
                description:
                  "spec §8 statement load failure: an HTTP error, an unreadable body, a code other than '0', " +
                  "or a status other than '0' with a message",
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 statement load failure: no answer (network failure, timeout)',
            },
          },
          on: {
            'statement.submit': {
              description:
                'spec §4 Statement (form, loading, table: only the answer leaves loading): a double click sends one ' +
                'request, a submit while loading is ignored',
            },
          },
        },
        shown: {
          description:
            'The table of transactions (num_transaction, date_operation, num, description, debit, credit, ' +
            'solde; amounts with 2 decimals in French format and the currency code), or the empty-period ' +
            'text; the PDF and csv links when the status is 0 with transactions; the form stays usable.',
          meta: { spec: 'spec §2 /app/statement (results table, download links); spec §4 Statement; rulings §1' },
          on: {
            'field.change': {
              guard: 'isFormField',
              ...changeAfterSubmit,
              description: 'spec §2: another range or account may be typed; the table stays until the submit (errors follow, spec §5)',
            },
            'statement.submit': submitTransitions,
          },
        },
        failed: {
          description: 'The error banner statement.loadError; the form stays usable to try again.',
          meta: { spec: 'spec §8 Statement load failure' },
          on: {
            'field.change': {
              guard: 'isFormField',
              ...changeAfterSubmit,
              description: 'the customer may change the form to try again; the banner stays until the submit (errors follow, spec §5)',
            },
            'statement.submit': submitTransitions,
          },
        },
      },
    },
    download: {
      description: 'The download of the statement files.',
      meta: { spec: 'spec §2 /app/statement (download links, spinner); spec §7 download/pdf/{id}; rulings §3' },
      initial: 'idle',
      states: {
        idle: {
          description: 'No download under way: the links, when the statement has them.',
          meta: { spec: 'spec §4 Statement (links only when status is 0 with transactions)' },
          on: {
            'download.pdf': startDownload('pdf'),
            'download.csv': startDownload('csv'),
          },
        },
        downloading: {
          description: 'The spinner while the file downloads; the rest of the screen stays usable.',
          meta: { spec: 'spec §2 /app/statement (a spinner shows while a file downloads)' },
          invoke: {
            id: 'downloadFile',
            src: 'downloadFile',
            input: ({ context }) => context.download ?? { filename: '' },
            onDone: {
              target: 'idle',
              actions: 'endDownload',
              description: 'spec §2: the file is saved under its name; the spinner goes',
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'logDownloadError',
                  params: ({ context, event }) => ({ filename: context.download?.filename ?? '', error: event.error }),
                },
                // After the log, which names the file.
                'endDownload',
              ],
              description: 'spec §8 download errors: only logged, nothing shown',
            },
          },
          on: {
            'download.pdf': {
              description:
                'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' +
                'while a file downloads is ignored',
            },
            'download.csv': {
              description:
                'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' +
                'while a file downloads is ignored',
            },
          },
        },
      },
    },
  },
})

// ---------------------------------------------------------------------------------------------
// What the screen shows, from a snapshot (so that a view holds no flow logic)
// ---------------------------------------------------------------------------------------------

/** A line of the table, amounts formatted (rulings §1: `1 234,56 USD`; '' for an empty debit or credit). */
export interface StatementRow {
  num_transaction: string
  /** As the answer gives it (ISO 8601); the view formats the date. */
  date_operation: string
  num: string
  description: string
  debit: string
  credit: string
  solde: string
}

export interface StatementScreen {
  /** The form's button is busy (spinner): the statement is being loaded. */
  busy: boolean
  /** The table's lines; `null` when no statement is shown, `[]` for a period without transaction. */
  rows: StatementRow[] | null
  /** spec §4: the PDF and csv links show. */
  canDownload: boolean
  /** spec §2: the spinner of a file download. */
  downloading: boolean
  /** The load failure banner (spec §8), `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The accounts the select offers (none while they are unavailable). */
  accounts: Account[]
  /** The shown statement's account and currency code, said once above the lines; `null` when none is shown. */
  shownAccount: { compte: string; currency: string } | null
  /** Opening and closing balance, totals, and the balance line of the chart; `null` without lines. */
  summary: StatementSummary | null
}

const amountOrBlank = (amount: string, currency: string) => (text(amount) === undefined ? '' : formatAmount(amount, currency))

/** A line of the table as shown. */
export function rowOf(transaction: Transaction, currency: string): StatementRow {
  return {
    num_transaction: transaction.num_transaction,
    date_operation: transaction.date_operation,
    num: transaction.num,
    description: transaction.description,
    debit: amountOrBlank(transaction.debit ?? '', currency),
    credit: amountOrBlank(transaction.credit ?? '', currency),
    solde: amountOrBlank(transaction.solde ?? '', currency),
  }
}

/** The screen of a snapshot of `statementMachine`. */
export function statementScreen(snapshot: SnapshotFrom<typeof statementMachine>): StatementScreen {
  const { result, error, accountsUnavailable, accounts } = snapshot.context
  const shown = snapshot.matches({ query: 'shown' }) ? result : null
  return {
    busy: snapshot.matches({ query: 'loading' }),
    rows: shown ? shown.transactions.map((t) => rowOf(t, shown.currency)) : null,
    canDownload: canDownload(shown),
    downloading: snapshot.matches({ download: 'downloading' }),
    error: snapshot.matches({ query: 'failed' }) ? error : null,
    accountsMessage: accountsUnavailable ? transferTexts.accountsNotLoaded : null,
    accounts: accountsUnavailable ? [] : accounts,
    shownAccount: shown ? { compte: shown.account, currency: shown.currency } : null,
    summary: shown ? summaryOf(shown.transactions) : null,
  }
}

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
 *             shown ──page.go [another page, the server pages]──▶ paging ──its lines──▶ shown (or failed)
 *
 *             shown, paging ──search.change [the server pages it]──▶ searchWaiting ──a pause──▶ searching ──its lines──▶ shown
 *             shown ──search.change [every line at hand]──▶ shown (the lines at hand narrowed, page 1)
 *
 *   download: idle ──download.pdf / download.csv [canDownload]──▶ downloading ──link──▶ idle (the browser downloads)
 *                                                                     └──no link──▶ idle (downloadFailed shown, logged)
 *
 * The statement is asked for page by page (`page`, `size`: a long statement is never fetched
 * whole); page 0 brings the file name, the count, the totals and the chart. An answer without
 * `count` (a server that knows no page, spec §7) holds every line: its pages are turned here.
 * A file is downloaded by the browser itself (docs/decisions.md): the machine asks for a signed
 * link (`downloadLink`) and hands it over (`saveFile`); the browser shows the progress.
 *
 * The form (account, start date, end date) stays on screen in every state; its defaults are the
 * first day of the current month and today (spec §2, §9), from `today`, the app's date, so that the
 * machine stays pure. The download links show only when the answer's status is '0' and it has at
 * least one transaction (spec §4), and a file name to download by (spec §7).
 *
 * The search (issue 27; what matches: kernel/statementSearch.ts) narrows the lines at hand at once;
 * a statement the server pages over more than one page is searched on the server, once the typing
 * pauses (`searchPause`), page by page with the count and totals of every line found. The files
 * stay the whole period's (docs/decisions.md, "Statement search"); a new statement clears it.
 *
 * Accounts come from the session (its context), as in the transfer machine: the input, then
 * `accounts.change`. With none, `transfer.accountsNotLoaded` and `accounts.reload` (`reloadPage`).
 */
import { and, assign, setup } from 'xstate'
import { statement as texts } from '../messages.ts'
import { setAccounts } from '../shared/accounts.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'
import { FIELD_MAX_LENGTH } from '../limits.ts'
import { formKit } from '../shared/formKit.ts'
import {
  canDownload,
  downloadErrorOf,
  downloadInputOf,
  freshStatementContext,
  isOtherPage,
  isSearchedOnServer,
  linkOf,
  pageOf,
  pageRequestOf,
  resultOf,
  searchPageOf,
  searchRequestOf,
  statementAnswer,
  statementErrors,
  statementRequestOf,
} from './statement.rules.ts'
import type {
  DownloadFailure,
  DownloadFileInput,
  DownloadFormat,
  DownloadLinkAnswer,
  SaveFile,
  StatementAnswer,
  StatementContext,
  StatementEvent,
  StatementInput,
  StatementRequest,
} from './statement.types.ts'

const form = formKit<StatementContext, StatementEvent>((context) => statementErrors(context))

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
    description: 'spec §4, §5, REQ-STMT-01, REQ-VAL-01: a valid form is submitted; the statement of the range is loaded',
  },
  {
    target: '#statement.query.editing',
    actions: ['markSubmitted', 'validate'],
    description: 'spec §5, REQ-VAL-01: errors show after a submit attempt and fields are highlighted; a table or error shown before goes',
  },
] as const

const startDownload = (format: DownloadFormat) =>
  ({
    guard: 'canDownload',
    target: 'downloading',
    actions: { type: 'startDownload', params: { format } },
    description: `spec §2, §4, REQ-STMT-02: the ${format} link, shown when the status is '0' with at least one transaction`,
  }) as const

export const statementMachine = setup({
  types: {
    input: {} as StatementInput,
    context: {} as StatementContext,
    events: {} as StatementEvent,
  },
  actors: {
    /** POST statements with the contract's StatementRequest → HTTP status and body. Provided by src/. */
    loadStatement: stubActor<StatementAnswer, StatementRequest>('loadStatement'),
    /**
     * POST download/link for {filename}.pdf or .csv → HTTP status and body (the link); rejects only
     * when no answer came. Provided by src/.
     */
    downloadLink: stubActor<DownloadLinkAnswer, DownloadFileInput>('downloadLink'),
  },
  guards: {
    /** spec §5 statement: one of the customer's accounts, both dates in yyyy-mm-dd, the start not after the end. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** spec §2 /app/statement: a change of the account, start date or end date field. */
    isFormField: ({ event }) => event.type === 'field.change' && (['account', 'startDate', 'endDate'] as string[]).includes(event.field),
    /** spec §8: no account, or they could not be loaded (the accounts message, whose click reloads the page). */
    areAccountsUnavailable: ({ context }) => context.accountsUnavailable,
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: StatementAnswer) => isSessionEnded(answer),
    /** spec §4 Statement, §8: a statement to show (HTTP success, code '0', not a refused status with a message). */
    hasResult: ({ context }, answer: StatementAnswer) => resultOf(answer, statementRequestOf(context)) !== null,
    /** spec §4 Statement: the download links show (status 0, a transaction; decisions.md: and a file name). */
    canDownload: ({ context }) => canDownload(context.result),
    /** The pager: a page of the statement (or of the lines its search kept) other than the one shown. */
    isOtherPage: ({ context, event }) => event.type === 'page.go' && isOtherPage(context.result, event.page, context.search),
    /** Issue 27: the server pages this statement over more than one page, so the server searches it. */
    isSearchedOnServer: ({ context }) => isSearchedOnServer(context.result),
    /** The lines a search found (HTTP success, code '0', the statement's status, a count). */
    hasSearchPage: ({ context }, answer: StatementAnswer) =>
      context.result !== null && searchPageOf(answer, context.result, searchRequestOf(context.result, context.search)) !== null,
    /** The server pages this statement: another page is asked for (otherwise every line is at hand). */
    isServerPaged: ({ context }) => context.result?.paged === true,
    /** The lines of the page asked for (HTTP success, code '0', the statement's status). */
    hasPage: ({ context }, answer: StatementAnswer) => context.result !== null && pageOf(answer, context.result, context.pageAsked ?? 0) !== null,
    /** A signed link to the file (HTTP 2xx, code '0', a path). */
    hasLink: ({ context }, answer: DownloadLinkAnswer) => linkOf(answer, context.download?.filename ?? '') !== null,
    /** HTTP 403 or code '2' on the link call: the session signs out. */
    isLinkSessionEnded: (_, answer: DownloadLinkAnswer) => isSessionEnded(answer),
  },
  actions: {
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),
    /** spec §8 "Download errors: … logged". Provided by src/. */
    logDownloadError: (_, failure: DownloadFailure) => stubAction('logDownloadError')(failure),
    /** Hands the signed link to the browser, which downloads the file itself. Provided by src/. */
    saveFile: (_, file: SaveFile) => stubAction('saveFile')(file),

    /** spec §3, §8: takes the session's account list, and whether it is unavailable (none, or not loaded). */
    setAccounts: setAccounts<StatementContext, StatementEvent>(),
    /** spec §2 /app/statement: keeps what the customer typed or chose in one field of the form. */
    setField: form.setField,
    /** spec §5 statement: works out the message of each invalid field. */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
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
      download: ({ context }, { format }: { format: DownloadFormat }) => (context.result ? downloadInputOf(context.result, format) : null),
    }),
    /** spec §2 /app/statement: the download is over, saved or failed; the spinner goes. */
    endDownload: assign({ download: null }),
    /** rulings §9.7: the download's failure message; null clears it. */
    showDownloadError: assign({ downloadError: (_, { message }: { message: string | null }) => message }),
    /** No page is asked for any more. */
    clearPageAsked: assign({ pageAsked: null }),
    /** The page asked for. */
    askPage: assign({ pageAsked: ({ event }) => (event.type === 'page.go' ? event.page : null) }),
    /** The lines of the page asked for, in place of the page shown. */
    setPage: assign({
      result: ({ context }, answer: StatementAnswer) => (context.result ? pageOf(answer, context.result, context.pageAsked ?? 0) : null),
      pageAsked: null,
    }),
    /** Issue 27: the search field's text (at most the contract's length). */
    setSearch: assign({ search: ({ event }) => (event.type === 'search.change' ? event.value.slice(0, FIELD_MAX_LENGTH.statementSearch) : '') }),
    /** A new statement, or none: no search. */
    clearSearch: assign({ search: '' }),
    /** The lines at hand narrowed anew: their first page. */
    firstPage: assign({ result: ({ context }) => (context.result ? { ...context.result, page: 0 } : null) }),
    /** The lines the server's search found in place of those shown, with their count and totals. */
    setSearchPage: assign({
      result: ({ context }, answer: StatementAnswer) =>
        context.result ? (searchPageOf(answer, context.result, searchRequestOf(context.result, context.search)) ?? context.result) : null,
    }),
    /** Another page of a statement whose lines are all at hand. */
    turnPage: assign({
      result: ({ context, event }) => (context.result && event.type === 'page.go' ? { ...context.result, page: event.page } : context.result),
    }),
  },
  delays: {
    /** Issue 27: the pause in the typing after which the server is asked (one request per word, not per key). */
    searchPause: 350,
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
      description: 'spec §8, REQ-ERR-09: a click on the accounts message reloads the page',
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
          entry: [
            'clearResult',
            'clearPageAsked',
            'clearSearch',
            { type: 'showError', params: { message: null } },
            { type: 'showDownloadError', params: { message: null } },
          ],
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
          entry: [
            'clearResult',
            'clearPageAsked',
            'clearSearch',
            { type: 'showError', params: { message: null } },
            { type: 'showDownloadError', params: { message: null } },
          ],
          invoke: {
            id: 'loadStatement',
            src: 'loadStatement',
            input: ({ context }) => statementRequestOf(context),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: statementAnswer },
                target: 'editing',
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasResult', params: statementAnswer },
                target: 'shown',
                actions: { type: 'setResult', params: statementAnswer },
                description: 'spec §4, REQ-STMT-01: the table of the transactions (download links when status is 0 with transactions)',
              },
              {
                target: 'failed',
                actions: { type: 'showError', params: { message: texts.loadError } },
                description:
                  "spec §8 statement load failure (REQ-ERR-14): an HTTP error, an unreadable body, a code other than '0', " +
                  "or a status other than '0' with a message",
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 statement load failure (REQ-ERR-14): no answer (network failure, timeout)',
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
            'page.go': [
              {
                guard: and(['isOtherPage', 'isServerPaged']),
                target: 'paging',
                actions: 'askPage',
                description: 'docs/decisions.md (a long statement page by page): the lines of another page are asked for; the page shown stays until they come',
              },
              {
                guard: 'isOtherPage',
                actions: 'turnPage',
                description: 'spec §7 (a server that knows no page): the lines are all at hand, the page is turned here',
              },
            ],
            'search.change': [
              {
                guard: 'isSearchedOnServer',
                target: 'searchWaiting',
                actions: 'setSearch',
                description:
                  'docs/decisions.md (Statement search, issue 27): a statement the server pages is searched on the server, once the typing pauses; the lines shown stay meanwhile',
              },
              {
                actions: ['setSearch', 'firstPage'],
                description: 'docs/decisions.md (Statement search, issue 27): every line is at hand: they are narrowed at once, from their first page',
              },
            ],
          },
        },
        searchWaiting: {
          description: 'The customer is typing a search of a statement the server pages; the lines shown stay, the pager is busy.',
          meta: { spec: 'spec §4 Statement (table); docs/decisions.md (Statement search, issue 27)' },
          after: {
            searchPause: {
              target: 'searching',
              description: 'docs/decisions.md (Statement search, issue 27): the typing paused: the lines that match are asked for',
            },
          },
          on: {
            'search.change': {
              target: 'searchWaiting',
              reenter: true,
              actions: 'setSearch',
              description: 'docs/decisions.md (Statement search, issue 27): another key: the pause starts again',
            },
            'field.change': {
              guard: 'isFormField',
              ...changeAfterSubmit,
              description: 'spec §2: another range or account may be typed meanwhile',
            },
            'statement.submit': submitTransitions,
            'page.go': { description: 'docs/decisions.md (Statement search, issue 27): the pages of the search are not known yet, the pager is busy' },
          },
        },
        searching: {
          description: 'The first page of the lines that match the search is asked for (with their count and totals); the lines shown stay.',
          meta: { spec: 'spec §4 Statement (table); docs/decisions.md (Statement search, issue 27)' },
          invoke: {
            id: 'loadStatement',
            src: 'loadStatement',
            input: ({ context }) => (context.result ? searchRequestOf(context.result, context.search) : statementRequestOf(context)),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: statementAnswer },
                target: 'editing',
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasSearchPage', params: statementAnswer },
                target: 'shown',
                actions: { type: 'setSearchPage', params: statementAnswer },
                description:
                  'docs/decisions.md (Statement search, issue 27): the lines found replace those shown, counted over the whole period, with their totals',
              },
              {
                target: 'failed',
                actions: { type: 'showError', params: { message: texts.loadError } },
                description: 'spec §8 statement load failure: the search could not be read',
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 statement load failure (REQ-ERR-14): no answer (network failure, timeout)',
            },
          },
          on: {
            'search.change': {
              target: 'searchWaiting',
              actions: 'setSearch',
              description: 'docs/decisions.md (Statement search, issue 27): the search changed: its answer no longer matters, the pause starts again',
            },
            'field.change': {
              guard: 'isFormField',
              ...changeAfterSubmit,
              description: 'spec §2: another range or account may be typed while a search loads',
            },
            'statement.submit': submitTransitions,
            'page.go': { description: 'docs/decisions.md (Statement search, issue 27): the pages of the search are not known yet, the pager is busy' },
          },
        },
        paging: {
          description: 'Another page of the statement is asked for; the page shown, the totals and the links stay.',
          meta: { spec: 'spec §4 Statement (table); docs/decisions.md (a long statement page by page)' },
          invoke: {
            id: 'loadStatement',
            src: 'loadStatement',
            input: ({ context }) => (context.result ? pageRequestOf(context.result, context.pageAsked ?? 0) : statementRequestOf(context)),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: statementAnswer },
                target: 'editing',
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasPage', params: statementAnswer },
                target: 'shown',
                actions: { type: 'setPage', params: statementAnswer },
                description: 'docs/decisions.md (a long statement page by page): the lines of the page asked for replace those shown',
              },
              {
                target: 'failed',
                actions: { type: 'showError', params: { message: texts.loadError } },
                description: 'spec §8 statement load failure: the page could not be read',
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 statement load failure (REQ-ERR-14): no answer (network failure, timeout)',
            },
          },
          on: {
            'field.change': {
              guard: 'isFormField',
              ...changeAfterSubmit,
              description: 'spec §2: another range or account may be typed while a page loads',
            },
            'search.change': {
              target: 'searchWaiting',
              actions: ['clearPageAsked', 'setSearch'],
              description:
                'docs/decisions.md (Statement search, issue 27): a search of a statement the server pages (only such a statement pages): the page asked for no longer matters',
            },
            'statement.submit': submitTransitions,
            'page.go': { description: 'docs/decisions.md (a long statement page by page): one page at a time, the pager is busy while a page loads' },
          },
        },
        failed: {
          description: 'The error banner statement.loadError; the form stays usable to try again.',
          meta: { spec: 'spec §8 Statement load failure' },
          // from paging: the table of the statement goes with its page
          entry: ['clearResult', 'clearPageAsked', 'clearSearch'],
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
          description: 'The spinner while the link of the file is asked for; the rest of the screen stays usable.',
          meta: { spec: 'spec §2 /app/statement (a spinner shows while a file downloads); rulings §9.7' },
          entry: { type: 'showDownloadError', params: { message: null } },
          invoke: {
            id: 'downloadLink',
            src: 'downloadLink',
            input: ({ context }) => context.download ?? { filename: '' },
            onDone: [
              {
                guard: { type: 'isLinkSessionEnded', params: ({ event }) => event.output },
                target: 'idle',
                actions: 'endDownload',
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasLink', params: ({ event }) => event.output },
                target: 'idle',
                actions: [{ type: 'saveFile', params: ({ context, event }) => linkOf(event.output, context.download?.filename ?? '')! }, 'endDownload'],
                description: 'spec §2: the browser downloads the file under its name, with its own progress (docs/decisions.md)',
              },
              {
                target: 'idle',
                actions: [
                  { type: 'logDownloadError', params: ({ context, event }) => ({ filename: context.download?.filename ?? '', error: event.output }) },
                  { type: 'showDownloadError', params: ({ event }) => ({ message: downloadErrorOf(event.output, texts.downloadFailed) }) },
                  'endDownload',
                ],
                description: 'rulings §9.7: the file could not be had: downloadFailed (or the server\'s "try again in a moment"), and logged (spec §8)',
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'logDownloadError',
                  params: ({ context, event }) => ({ filename: context.download?.filename ?? '', error: event.error }),
                },
                { type: 'showDownloadError', params: { message: texts.downloadFailed } },
                // After the log, which names the file.
                'endDownload',
              ],
              description: 'rulings §9.7, REQ-ERR-20: no answer (network, timeout): downloadFailed, and logged (spec §8)',
            },
          },
          on: {
            'download.pdf': {
              description:
                'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' + 'while a file downloads is ignored',
            },
            'download.csv': {
              description:
                'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' + 'while a file downloads is ignored',
            },
          },
        },
      },
    },
  },
})

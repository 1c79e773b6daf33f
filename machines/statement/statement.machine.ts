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
 * `accounts.change`. With none, `accounts.notLoaded` and `accounts.reload` (`reloadPage`).
 *
 * The chart's names (its types, actors, delay, guards and actions) are declared in
 * `statement.setup.ts`; the region `download` is written apart, in `statement.download.machine.ts`,
 * to keep each file short. Both parts import the setup, not one another.
 */
import { and } from 'xstate'
import { statement as texts } from '../messages.ts'
import { freshStatementContext, pageRequestOf, searchRequestOf, statementAnswer, statementRequestOf } from './statement.rules.ts'
import { downloadState } from './statement.download.machine.ts'
import { statementSetup } from './statement.setup.ts'
import type { StatementEvent } from './statement.types.ts'

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

export const statementMachine = statementSetup.createMachine({
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
    download: downloadState(statementSetup),
  },
})

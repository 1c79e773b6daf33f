/**
 * The names the statement chart uses (`statement.machine.ts` and its part
 * `statement.download.machine.ts`): its types, actors, delay, guards and actions, each with what it
 * means (the glossary of docs/machines/statement.md is read from the comments here). The
 * implementations live in the rules file. In a file of its own so that the chart's parts import it,
 * not one another: no import circle among the statement files.
 */
import { assign, setup } from 'xstate'
import { setAccounts } from '../shared/accounts.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'
import { FIELD_MAX_LENGTH } from '../limits.ts'
import { formKit } from '../shared/formKit.ts'
import {
  canDownload,
  downloadInputOf,
  isOtherPage,
  isSearchedOnServer,
  linkOf,
  pageOf,
  resultOf,
  searchPageOf,
  searchRequestOf,
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

/** The names the chart uses, each with what it means; the implementations live in the rules file. */
export const statementSetup = setup({
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
})
export type StatementSetup = typeof statementSetup

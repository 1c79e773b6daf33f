/** What the statement screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { FIELD_MAX_LENGTH } from '../limits.ts'
import { accounts as accountTexts, statement as texts, statementView as viewTexts } from '../messages.ts'
import { accountOptionsOf, type AccountOption } from '../shared/accounts.ts'
import { text } from '../shared/answers.ts'
import type { FieldErrors } from '../shared/form.ts'
import type { statementMachine } from './statement.machine.ts'
import {
  canDownload,
  fromCents,
  isSearchedOnServer,
  linesAtHand,
  pagesOf,
  shownCount,
  STATEMENT_PAGE_SIZE,
  summaryFromServer,
  summaryOf,
  toCents,
} from './statement.rules.ts'
import type { ServerSummary, StatementResult, StatementSummary, StatementValues, Transaction } from './statement.types.ts'

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

/** The page of a shown statement's lines on screen. */
export interface StatementLines {
  /** How many lines the period has. */
  count: number
  /** The page shown (zero-based) and the number of pages. */
  page: number
  pages: number
  /** The number of the first line shown (1-based; 0 without lines). */
  first: number
  /** The page's lines, formatted. */
  rows: StatementRow[]
  /** Another page, or a search, is being loaded: the pager is busy. */
  paging: boolean
}

/** The search field over a shown statement's lines (issue 27). */
export interface StatementSearchField {
  value: string
  maxLength: number
  /** The server is asked (the typing paused, or its answer is awaited). */
  busy: boolean
  /** What a search found: the count and totals of the lines that match, or that none does; `null` without a search. */
  found: string | null
  /** The files hold the whole period whatever the search: said while a search narrows the lines; `null` otherwise. */
  filesNote: string | null
}

export interface StatementScreen {
  /** The page's heading and title. */
  title: string
  /** The form's values and, once a submit was tried, the message of each invalid field (spec §5). */
  values: StatementValues
  errors: FieldErrors<StatementValues>
  /** The form's button is busy (spinner): the statement is being loaded. */
  busy: boolean
  /** The table's page; `null` when no statement is shown (count 0 for a period without transaction). */
  lines: StatementLines | null
  /** spec §4: the PDF and csv links show. */
  canDownload: boolean
  /** spec §2: the spinner of a file download (while its link is asked for). */
  downloading: boolean
  /** rulings §9.7: the last download's failure, `null` when none. */
  downloadError: string | null
  /** The load failure banner (spec §8), `null` when none. */
  error: string | null
  /** spec §8: the accounts message (a click sends `accounts.reload`); `null` when the accounts are there. */
  accountsMessage: string | null
  /** The account select's options (none while the accounts are unavailable). */
  accountOptions: AccountOption[]
  /** The search field, while a statement with lines is shown; `null` otherwise. */
  search: StatementSearchField | null
  /** The text in place of the lines: a period without transaction, or a search that found none; `null` when lines show. */
  empty: string | null
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

/**
 * The page and summary of a shown statement, worked out once per result: the view asks for the
 * screen at every render (each keystroke). The result in the context is never changed in place (a
 * new page is a new object), so it is a safe key. The summary of a statement whose lines are all
 * at hand (a server that knows no page) is worked out from them once, and kept across its pages.
 */
const pageOnce = new WeakMap<StatementResult, { search: string; rows: StatementRow[] }>()
const summaryOnce = new WeakMap<Transaction[], StatementSummary | null>()

function rowsOf(result: StatementResult, search: string): StatementRow[] {
  const kept = pageOnce.get(result)
  if (kept && kept.search === search) return kept.rows
  // the server's page holds its lines; lines at hand (every line, or the one page of a short
  // period) are narrowed by the search first, then this page's are formatted
  const lines = linesAtHand(result, search)
  const start = result.paged && isSearchedOnServer(result) ? 0 : result.page * STATEMENT_PAGE_SIZE
  const rows = lines.slice(start, start + STATEMENT_PAGE_SIZE).map((t) => rowOf(t, result.currency))
  pageOnce.set(result, { search, rows })
  return rows
}

/** The count and totals of the lines a search kept (the server's when it searched), in words. */
function foundOf(result: StatementResult, search: string): string | null {
  if (search.trim() === '') return null
  const count = shownCount(result, search)
  if (count === 0) return null
  let totals = result.found
  if (!isSearchedOnServer(result)) {
    let debits = 0n
    let credits = 0n
    for (const line of linesAtHand(result, search)) {
      debits += toCents(line.debit) ?? 0n
      credits += toCents(line.credit) ?? 0n
    }
    totals = { totalDebits: fromCents(debits), totalCredits: fromCents(credits) }
  }
  // a server search whose answer carried no totals (a server older than the search) says the count alone
  if (!totals) return viewTexts.found(count, '—', '—')
  return viewTexts.found(count, formatAmount(totals.totalDebits, result.currency), formatAmount(totals.totalCredits, result.currency))
}

const serverSummaryOnce = new WeakMap<ServerSummary, StatementSummary>()

function summaryFor(result: StatementResult): StatementSummary | null {
  if (result.paged) {
    // the period's: a search that found nothing keeps it
    if (result.periodCount === 0 || !result.summary) return null
    let summary = serverSummaryOnce.get(result.summary)
    if (!summary) serverSummaryOnce.set(result.summary, (summary = summaryFromServer(result.summary)))
    return summary
  }
  if (!summaryOnce.has(result.transactions)) summaryOnce.set(result.transactions, summaryOf(result.transactions))
  return summaryOnce.get(result.transactions) ?? null
}

/** The screen of a snapshot of `statementMachine`. */
export function statementScreen(snapshot: SnapshotFrom<typeof statementMachine>): StatementScreen {
  const { result, error, accountsUnavailable, downloadError, values, errors, search } = snapshot.context
  const searchBusy = snapshot.matches({ query: 'searchWaiting' }) || snapshot.matches({ query: 'searching' })
  const paging = snapshot.matches({ query: 'paging' }) || searchBusy
  const shown = snapshot.matches({ query: 'shown' }) || paging ? result : null
  // the lines a search keeps follow the field at once when they are at hand, once the server answered otherwise
  const searched = shown && isSearchedOnServer(shown) ? shown.search : search
  const rows = shown ? rowsOf(shown, searched) : []
  const count = shown ? shownCount(shown, searched) : 0
  const narrowing = searched.trim() !== ''
  return {
    title: texts.title,
    values,
    errors,
    busy: snapshot.matches({ query: 'loading' }),
    lines: shown
      ? {
          count,
          page: shown.page,
          pages: pagesOf(count),
          first: rows.length > 0 ? shown.page * STATEMENT_PAGE_SIZE + 1 : 0,
          rows,
          paging,
        }
      : null,
    canDownload: canDownload(shown),
    downloading: snapshot.matches({ download: 'downloading' }),
    downloadError: shown ? downloadError : null,
    error: snapshot.matches({ query: 'failed' }) ? error : null,
    accountsMessage: accountsUnavailable ? accountTexts.notLoaded : null,
    accountOptions: accountOptionsOf(snapshot.context),
    search:
      shown && shown.periodCount > 0
        ? {
            value: search,
            maxLength: FIELD_MAX_LENGTH.statementSearch,
            busy: searchBusy,
            found: shown ? foundOf(shown, searched) : null,
            filesNote: narrowing && canDownload(shown) ? viewTexts.filesWholePeriod : null,
          }
        : null,
    empty: !shown || count > 0 ? null : narrowing ? viewTexts.noMatch : texts.empty,
    shownAccount: shown ? { compte: shown.account, currency: shown.currency } : null,
    summary: shown ? summaryFor(shown) : null,
  }
}

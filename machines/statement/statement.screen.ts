/** What the statement screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { transfer as transferTexts } from '../messages.ts'
import { text } from '../shared/answers.ts'
import type { Account } from '../shared/customer.ts'
import type { statementMachine } from './statement.machine.ts'
import { canDownload, pagesOf, STATEMENT_PAGE_SIZE, summaryFromServer, summaryOf } from './statement.rules.ts'
import type { ServerSummary, StatementResult, StatementSummary, Transaction } from './statement.types.ts'

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
  /** Another page is being loaded: the pager is busy. */
  paging: boolean
}

export interface StatementScreen {
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

/**
 * The page and summary of a shown statement, worked out once per result: the view asks for the
 * screen at every render (each keystroke). The result in the context is never changed in place (a
 * new page is a new object), so it is a safe key. The summary of a statement whose lines are all
 * at hand (a server that knows no page) is worked out from them once, and kept across its pages.
 */
const pageOnce = new WeakMap<StatementResult, StatementRow[]>()
const summaryOnce = new WeakMap<Transaction[], StatementSummary | null>()

function rowsOf(result: StatementResult): StatementRow[] {
  let rows = pageOnce.get(result)
  if (!rows) {
    // a paged answer holds the page; a whole one every line, of which this page's are formatted
    const start = result.paged ? 0 : result.page * STATEMENT_PAGE_SIZE
    rows = result.transactions.slice(start, start + STATEMENT_PAGE_SIZE).map((t) => rowOf(t, result.currency))
    pageOnce.set(result, rows)
  }
  return rows
}

const serverSummaryOnce = new WeakMap<ServerSummary, StatementSummary>()

function summaryFor(result: StatementResult): StatementSummary | null {
  if (result.paged) {
    if (result.count === 0 || !result.summary) return null
    let summary = serverSummaryOnce.get(result.summary)
    if (!summary) serverSummaryOnce.set(result.summary, (summary = summaryFromServer(result.summary)))
    return summary
  }
  if (!summaryOnce.has(result.transactions)) summaryOnce.set(result.transactions, summaryOf(result.transactions))
  return summaryOnce.get(result.transactions) ?? null
}

/** The screen of a snapshot of `statementMachine`. */
export function statementScreen(snapshot: SnapshotFrom<typeof statementMachine>): StatementScreen {
  const { result, error, accountsUnavailable, accounts, downloadError } = snapshot.context
  const paging = snapshot.matches({ query: 'paging' })
  const shown = snapshot.matches({ query: 'shown' }) || paging ? result : null
  const rows = shown ? rowsOf(shown) : []
  return {
    busy: snapshot.matches({ query: 'loading' }),
    lines: shown
      ? {
          count: shown.count,
          page: shown.page,
          pages: pagesOf(shown.count),
          first: rows.length > 0 ? shown.page * STATEMENT_PAGE_SIZE + 1 : 0,
          rows,
          paging,
        }
      : null,
    canDownload: canDownload(shown),
    downloading: snapshot.matches({ download: 'downloading' }),
    downloadError: shown ? downloadError : null,
    error: snapshot.matches({ query: 'failed' }) ? error : null,
    accountsMessage: accountsUnavailable ? transferTexts.accountsNotLoaded : null,
    accounts: accountsUnavailable ? [] : accounts,
    shownAccount: shown ? { compte: shown.account, currency: shown.currency } : null,
    summary: shown ? summaryFor(shown) : null,
  }
}

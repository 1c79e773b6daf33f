/** What the statement screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { formatAmount } from '../amounts.ts'
import { transfer as transferTexts } from '../messages.ts'
import { text } from '../shared/answers.ts'
import type { Account } from '../shared/customer.ts'
import type { statementMachine } from './statement.machine.ts'
import { canDownload, summaryOf } from './statement.rules.ts'
import type { StatementResult, StatementSummary, Transaction } from './statement.types.ts'

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

/**
 * The lines of a shown statement. Only the lines asked for are formatted: a 10,000-line statement
 * on a phone shows its first page without formatting the 30,000 amounts of the other pages.
 */
export interface StatementLines {
  /** How many lines the period has. */
  count: number
  /** The lines from `start` (included) to `end` (excluded), as shown; each formatted once. */
  slice(start: number, end: number): StatementRow[]
}

export interface StatementScreen {
  /** The form's button is busy (spinner): the statement is being loaded. */
  busy: boolean
  /** The table's lines, formatted page by page; `null` when no statement is shown (count 0 for a period without transaction). */
  lines: StatementLines | null
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

/**
 * The lines and summary of a shown statement, worked out once per answer: the view asks for the
 * screen at every render (each keystroke, each page turn). The result in the context is never
 * changed in place (a new answer is a new object), so it is a safe key; a line, formatted when
 * first shown, is kept for the next render of its page.
 */
const shownOnce = new WeakMap<StatementResult, { lines: StatementLines; summary: StatementSummary | null }>()

function linesOf(result: StatementResult): StatementLines {
  const formatted: StatementRow[] = []
  return {
    count: result.transactions.length,
    slice(start, end) {
      const rows: StatementRow[] = []
      for (let i = Math.max(0, start); i < Math.min(end, result.transactions.length); i++) {
        rows.push((formatted[i] ??= rowOf(result.transactions[i]!, result.currency)))
      }
      return rows
    },
  }
}

function shownOf(result: StatementResult): { lines: StatementLines; summary: StatementSummary | null } {
  let shown = shownOnce.get(result)
  if (!shown) {
    shown = { lines: linesOf(result), summary: summaryOf(result.transactions) }
    shownOnce.set(result, shown)
  }
  return shown
}

/** The screen of a snapshot of `statementMachine`. */
export function statementScreen(snapshot: SnapshotFrom<typeof statementMachine>): StatementScreen {
  const { result, error, accountsUnavailable, accounts } = snapshot.context
  const shown = snapshot.matches({ query: 'shown' }) ? result : null
  return {
    busy: snapshot.matches({ query: 'loading' }),
    lines: shown ? shownOf(shown).lines : null,
    canDownload: canDownload(shown),
    downloading: snapshot.matches({ download: 'downloading' }),
    error: snapshot.matches({ query: 'failed' }) ? error : null,
    accountsMessage: accountsUnavailable ? transferTexts.accountsNotLoaded : null,
    accounts: accountsUnavailable ? [] : accounts,
    shownAccount: shown ? { compte: shown.account, currency: shown.currency } : null,
    summary: shown ? shownOf(shown).summary : null,
  }
}

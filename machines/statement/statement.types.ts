/** The types of the statement flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import type { AccountsChange, SessionAccounts } from '../shared/accounts.ts'
import type { Answer } from '../shared/answers.ts'
import type { Account } from '../shared/customer.ts'
import type { FieldErrors } from '../shared/form.ts'
import type { StatementFormValues } from './statement.form.ts'

export interface StatementInput extends SessionAccounts {
  /** Today's date in the customer's time zone, yyyy-mm-dd (given by the app: the machine stays pure). */
  today: string
}

export type StatementField = keyof StatementFormValues
export type StatementValues = { [F in StatementField]: string }

/** The input of `loadStatement`: the contract's StatementRequest (POST statements). */
export type StatementRequest = components['schemas']['StatementRequest']
export type Transaction = components['schemas']['Transaction']
/** The summary of page 0 (the contract's StatementSummary). */
export type ServerSummary = components['schemas']['StatementSummary']
/** The totals of the lines a server search found (the contract's StatementFound). */
export type ServerFound = components['schemas']['StatementFound']
/** The answer of POST statements: the contract's StatementResponse, or an error body (no `status`). */
export type StatementBody = Partial<components['schemas']['StatementResponse']> & Partial<components['schemas']['ErrorBody']>

/**
 * What the `loadStatement` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). It rejects only when no answer came (network, timeout).
 */
export type StatementAnswer = Answer<StatementBody>

/** The statement shown in the table. */
export interface StatementResult {
  /** The answer's status ('0': the files exist, spec §4). */
  status: string
  /** The answer's file name, without extension ('' when none). */
  filename: string
  /**
   * The lines at hand: the page shown when the server pages (`paged`), every line of the period
   * when it answered them all (a server that knows no `page`, spec §7).
   */
  transactions: Transaction[]
  /** Lines of the whole period, or, after a server search (`search`), the lines it found. */
  count: number
  /** Lines of the whole period (the first answer's count). */
  periodCount: number
  /** The search the server narrowed these lines with ('' when none; issue 27). */
  search: string
  /** The totals of every line that search found, from the server; `null` without a server search. */
  found: ServerFound | null
  /** The page shown, zero-based, of STATEMENT_PAGE_SIZE lines. */
  page: number
  /** The server answers page by page: another page is asked for; otherwise every line is here. */
  paged: boolean
  /** The period at a glance as the server worked it out (page 0; exact decimal strings); `null` when it sent none. */
  summary: ServerSummary | null
  /** The account and its currency code, as asked (the amounts of the table are in that currency). */
  account: string
  currency: string
  /** The request of this statement: its other pages are asked for with it. */
  request: StatementRequest
}

export type DownloadFormat = 'pdf' | 'csv'

/** The input of `downloadLink` (POST download/link for {filename}.{pdf|csv}). */
export interface DownloadFileInput {
  filename: string
}

/** The answer of POST download/link: the contract's DownloadLinkResponse, or an error body. */
export type DownloadLinkBody = Partial<components['schemas']['DownloadLinkResponse']> & Partial<components['schemas']['ErrorBody']>
/** What `downloadLink` resolves with; it rejects only when no answer came (network, timeout). */
export type DownloadLinkAnswer = Answer<DownloadLinkBody>

/** The params of `saveFile`: the browser downloads `url` itself, saved as `filename`. */
export interface SaveFile {
  url: string
  filename: string
}

/** The params of `logDownloadError`: the file and what went wrong. */
export interface DownloadFailure {
  filename: string
  error: unknown
}

export interface StatementContext {
  accounts: Account[]
  accountsFailed: boolean
  /** spec §8: no account, or they could not be loaded → `accounts.notLoaded`, click reloads. */
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
  /** The last download's failure (rulings §9.7), `null` otherwise. */
  downloadError: string | null
  /** The page asked for (`paging`), `null` otherwise. */
  pageAsked: number | null
  /** The search field (issue 27): narrows the lines shown; '' when none. */
  search: string
}

export type StatementEvent =
  | { type: 'field.change'; field: StatementField; value: string }
  | { type: 'statement.submit' }
  /** The PDF and csv download links (spec §2). */
  | { type: 'download.pdf' }
  | { type: 'download.csv' }
  /** The session's account list changed while the screen is open. */
  | AccountsChange
  /** The click on `accounts.notLoaded` (spec §8). */
  | { type: 'accounts.reload' }
  /** The pager of a long statement: the page to show (zero-based). */
  | { type: 'page.go'; page: number }
  /** The search field's text (issue 27). */
  | { type: 'search.change'; value: string }

/** The period of a statement at a glance (`summaryOf`). */
export interface StatementSummary {
  /** Exact decimal strings ("1234.50", possibly negative). */
  opening: string
  closing: string
  totalDebits: string
  totalCredits: string
  /** The balance after each line, in cents, in the order of the lines; with the opening first. */
  balances: bigint[]
  /** The lowest and highest of `balances` (cents), worked out with them: the chart says them in words. */
  lowest: bigint
  highest: bigint
}

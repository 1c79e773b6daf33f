/**
 * The pure rules of the statement flow: its fresh context, its form errors, what an answer means,
 * the files to download, and the period at a glance (opening and closing balance, totals).
 */
import { matchesLine, searchOf } from '../../kernel/statementSearch.ts'
import { validation } from '../messages.ts'
import { accountsState, pickedAccount } from '../shared/accounts.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'
import type { Account } from '../shared/customer.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { statementForm } from './statement.form.ts'
import type {
  DownloadFileInput,
  DownloadFormat,
  DownloadLinkAnswer,
  SaveFile,
  ServerFound,
  ServerSummary,
  StatementAnswer,
  StatementContext,
  StatementInput,
  StatementRequest,
  StatementResult,
  StatementSummary,
  StatementValues,
  Transaction,
} from './statement.types.ts'

/** spec §9: the default start date, the first day of the month of `today` (yyyy-mm-dd → yyyy-mm-01). */
export function firstDayOfMonth(today: string): string {
  const match = /^(\d{4}-\d{2})-\d{2}$/.exec(today.trim())
  return match ? `${match[1]}-01` : ''
}

/** spec §2, §9 (REQ-CONST-05, REQ-SCREEN-STMT-01): the form's defaults, first day of the current month and today; no account. */
export function defaultValues(today: string): StatementValues {
  return { account: '', startDate: firstDayOfMonth(today), endDate: today.trim() }
}

/** The context of a fresh screen. */
export function freshStatementContext({ accounts, accountsFailed, today }: StatementInput): StatementContext {
  return {
    ...accountsState({ accounts, accountsFailed }),
    today,
    values: defaultValues(today),
    errors: {},
    submitted: false,
    result: null,
    error: null,
    download: null,
    downloadError: null,
    pageAsked: null,
    search: '',
  }
}

/** Lines per page of the table: a phone shows five or six at a time (docs/decisions.md). */
export const STATEMENT_PAGE_SIZE = 25

type FormState = Pick<StatementContext, 'values' | 'accounts' | 'accountsUnavailable'>

/** The selected account, when it is one of the accounts offered (none while they are unavailable). */
const selectedAccount = (form: FormState): Account | undefined => pickedAccount(form, form.values.account)

/**
 * The first message of each invalid field (spec §5, REQ-VAL-41): account required; dates required, yyyy-mm-dd
 * and a real calendar date; a start later than the end shows its message on the start date. An
 * account that is not one of the accounts offered shows the account's required message.
 */
export function statementErrors(form: FormState): FieldErrors<StatementValues> {
  const errors: FieldErrors<StatementValues> = fieldErrors(statementForm, form.values)
  if (!errors.account && !selectedAccount(form)) errors.account = validation.statementAccountRequired
  return errors
}

/** The body of POST statements for a valid form (spec §7: startDate, endDate, account, currency), first page. */
export function statementRequestOf(form: FormState): StatementRequest {
  const account = selectedAccount(form)
  return {
    startDate: form.values.startDate.trim(),
    endDate: form.values.endDate.trim(),
    account: account?.compte ?? '',
    currency: account?.currency ?? '',
    page: 0,
    size: STATEMENT_PAGE_SIZE,
  }
}

/** The request of another page of a shown statement. */
export function pageRequestOf(result: StatementResult, page: number): StatementRequest {
  return { ...result.request, page, size: STATEMENT_PAGE_SIZE }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0

/** The server's summary of page 0 when every amount in it can be read; `null` otherwise. */
function serverSummary(value: unknown): ServerSummary | null {
  if (!value || typeof value !== 'object') return null
  const s = value as Record<string, unknown>
  const amounts = ['opening', 'closing', 'totalDebits', 'totalCredits', 'lowest', 'highest'] as const
  if (amounts.some((k) => toCents(typeof s[k] === 'string' ? s[k] : undefined) === null)) return null
  if (!Array.isArray(s.balances) || s.balances.some((b) => toCents(typeof b === 'string' ? b : undefined) === null)) return null
  return value as ServerSummary
}

/** The server's summary as the screen shows it: amounts exact, the chart's balances in cents (BigInt). */
export function summaryFromServer(s: ServerSummary): StatementSummary {
  const cents = (amount: string) => toCents(amount)!
  return {
    opening: fromCents(cents(s.opening)),
    closing: fromCents(cents(s.closing)),
    totalDebits: fromCents(cents(s.totalDebits)),
    totalCredits: fromCents(cents(s.totalCredits)),
    balances: s.balances.map(cents),
    lowest: cents(s.lowest),
    highest: cents(s.highest),
  }
}

/**
 * The statement of an answer, `null` when it is a load failure (spec §8): an HTTP error, a body
 * that cannot be read, a code other than '0', or a status other than '0' that comes with a message
 * (a refusal). A status other than '0' without message is a statement without files: its table
 * shows, without download links (spec §4). An answer with `count` is a page of a statement the
 * server pages; without, it holds every line (a server that knows no `page`, spec §7).
 */
export function resultOf(answer: StatementAnswer, asked: StatementRequest): StatementResult | null {
  const { status, body } = answer
  if (!isHttpSuccess(status) || body === null || body.code !== '0') return null
  const bodyStatus = text(body.status) ?? ''
  if (bodyStatus !== '0' && text(body.message) !== undefined) return null
  const transactions = Array.isArray(body.transactions) ? body.transactions : []
  const paged = isCount(body.count)
  return {
    status: bodyStatus,
    filename: text(body.filename) ?? '',
    transactions,
    count: paged ? (body.count as number) : transactions.length,
    periodCount: paged ? (body.count as number) : transactions.length,
    search: '',
    found: null,
    page: 0,
    paged,
    summary: paged ? serverSummary(body.summary) : null,
    account: asked.account,
    currency: asked.currency,
    request: { startDate: asked.startDate, endDate: asked.endDate, account: asked.account, currency: asked.currency },
  }
}

/**
 * Another page of a statement the server pages: its lines in place of the page shown, the rest
 * kept (file name, summary); `null` when the answer is a failure (spec §8), as `resultOf`.
 */
export function pageOf(answer: StatementAnswer, result: StatementResult, page: number): StatementResult | null {
  const { status, body } = answer
  if (!isHttpSuccess(status) || body === null || body.code !== '0' || text(body.status) !== result.status) return null
  if (!Array.isArray(body.transactions)) return null
  return { ...result, transactions: body.transactions, page, count: isCount(body.count) ? body.count : result.count }
}

/** Pages of a statement of `count` lines (one for an empty one). */
export const pagesOf = (count: number): number => Math.max(1, Math.ceil(count / STATEMENT_PAGE_SIZE))

// ---------------------------------------------------------------------------------------------
// The search (issue 27; what matches: kernel/statementSearch.ts). The lines at hand are narrowed
// here: every line of an answer without pages, or the one page of a period of at most
// STATEMENT_PAGE_SIZE lines. A longer statement the server pages is searched on the server.
// ---------------------------------------------------------------------------------------------

/** The server pages this statement over more than one page: a search is asked of the server. */
export const isSearchedOnServer = (result: StatementResult | null): boolean => result !== null && result.paged && result.periodCount > STATEMENT_PAGE_SIZE

const narrowedOnce = new WeakMap<Transaction[], { search: string; lines: Transaction[] }>()

/**
 * The lines at hand that match the search, in their order (all of them for a blank search, or when
 * the server searched): worked out once per list and search, as the screen asks at every render.
 */
export function linesAtHand(result: StatementResult, search: string): Transaction[] {
  const wanted = searchOf(search)
  if (!wanted || isSearchedOnServer(result)) return result.transactions
  const kept = narrowedOnce.get(result.transactions)
  if (kept && kept.search === search) return kept.lines
  const lines = result.transactions.filter((line) => matchesLine(line, wanted))
  narrowedOnce.set(result.transactions, { search, lines })
  return lines
}

/** The lines shown page by page: those the server counted, or the lines at hand that match. */
export const shownCount = (result: StatementResult, search: string): number => (isSearchedOnServer(result) ? result.count : linesAtHand(result, search).length)

/** Whether `page` is a page of the statement other than the one shown. */
export const isOtherPage = (result: StatementResult | null, page: number, search = ''): boolean =>
  result !== null && Number.isInteger(page) && page >= 0 && page < pagesOf(shownCount(result, search)) && page !== result.page

/** The request of page 0 of the lines that match `search` (none when blank: the period's page 0). */
export function searchRequestOf(result: StatementResult, search: string): StatementRequest {
  const { startDate, endDate, account, currency } = result.request
  const text = search.trim()
  return { startDate, endDate, account, currency, page: 0, size: STATEMENT_PAGE_SIZE, ...(text === '' ? {} : { search: text }) }
}

/**
 * The lines of a search answer in place of those shown, counted as the server counted them, with
 * its totals; the period's summary and files kept. `null` when the answer is a failure (spec §8).
 */
export function searchPageOf(answer: StatementAnswer, result: StatementResult, asked: StatementRequest): StatementResult | null {
  const page = pageOf(answer, result, 0)
  if (!page || !isCount(answer.body?.count)) return null
  const found = asked.search === undefined ? null : serverFound(answer.body?.found)
  return { ...page, search: asked.search ?? '', found, request: asked.search === undefined ? result.request : { ...result.request, search: asked.search } }
}

function serverFound(value: unknown): ServerFound | null {
  const f = value as Partial<ServerFound> | null | undefined
  return f && toCents(f.totalDebits) !== null && toCents(f.totalCredits) !== null ? { totalDebits: f.totalDebits!, totalCredits: f.totalCredits! } : null
}

/**
 * spec §4, REQ-STMT-02: the download links show only when the status is '0' and there is at least one
 * transaction; and a file name is needed to download by (spec §7). The files are the whole
 * period's, whatever a search keeps on screen (docs/decisions.md, "Statement search").
 */
export function canDownload(result: StatementResult | null): boolean {
  return result !== null && result.status === '0' && result.periodCount > 0 && result.filename !== ''
}

/** The file to download: `{filename}.pdf` or `{filename}.csv` (spec §7, rulings §3). */
export function downloadInputOf(result: StatementResult, format: DownloadFormat): DownloadFileInput {
  return { filename: `${result.filename}.${format}` }
}

/** The link of a download/link answer: HTTP 2xx, code '0' and a path; `null` otherwise. */
export function linkOf(answer: DownloadLinkAnswer, filename: string): SaveFile | null {
  const { status, body } = answer
  if (!isHttpSuccess(status) || body?.code !== '0') return null
  const url = text(body.url)
  return url === undefined ? null : { url, filename }
}

/**
 * What a download that did not start says (rulings §9.7): the server's own words when it asks to
 * try again in a moment (HTTP 503 or 429 with a message), otherwise downloadFailed.
 */
export function downloadErrorOf(answer: DownloadLinkAnswer | null, fallback: string): string {
  if (answer && (answer.status === 503 || answer.status === 429)) return text(answer.body?.message) ?? fallback
  return fallback
}

export const statementAnswer = ({ event }: { event: { output: StatementAnswer } }) => event.output

// ---------------------------------------------------------------------------------------------
// The period at a glance. Worked out from the lines alone — each line carries its running balance
// (`solde`), so the opening balance is the first line's balance before that line. Exact: amounts
// are counted in cents as BigInt, never as JS numbers (rulings §4).
// ---------------------------------------------------------------------------------------------

const AMOUNT = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/

/** '1234.5' → 123450n; '' or anything else → null. */
export function toCents(amount: string | undefined): bigint | null {
  const match = AMOUNT.exec((amount ?? '').trim())
  if (!match) return null
  const [, sign, units = '0', fraction = ''] = match
  const cents = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'))
  return sign === '-' ? -cents : cents
}

/** 123450n → '1234.50'. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/**
 * Cents as a JS number when that is exact: a decimal of at most 13 whole digits gives fewer than
 * 10^15 cents, well inside `Number.MAX_SAFE_INTEGER`. `undefined` when the amount needs BigInt
 * (longer), `null` when it is not an amount (as `toCents`).
 *
 * Hand-written beside `toCents` because a 10,000-line statement on a phone reads 30,000 amounts
 * before its first lines show: a regular expression and two BigInt parses per amount cost
 * hundreds of milliseconds at a phone's speed, this loop over the characters a few.
 */
function safeCents(amount: string | undefined): number | null | undefined {
  const text = (amount ?? '').trim()
  let i = text[0] === '-' || text[0] === '+' ? 1 : 0
  const negative = text[0] === '-'
  let units = 0
  let digits = 0
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i) - 48
    if (code < 0 || code > 9) break
    units = units * 10 + code
    digits++
  }
  if (digits === 0) return null
  let fraction = 0
  if (i < text.length) {
    if (text[i] !== '.' && text[i] !== ',') return null
    const decimals = text.length - i - 1
    if (decimals < 1 || decimals > 2) return null
    for (let k = 1; k <= decimals; k++) {
      const code = text.charCodeAt(i + k) - 48
      if (code < 0 || code > 9) return null
      fraction = fraction * 10 + code
    }
    if (decimals === 1) fraction *= 10
  }
  if (digits > 13) return undefined
  const cents = units * 100 + fraction
  return negative ? -cents : cents
}

/**
 * The summary in JS numbers, exact as long as every amount and every running sum is a safe
 * integer of cents (an overflow past 2^53 always lands outside the safe range, so it is caught);
 * `undefined` when a value needs BigInt, and the caller counts again in BigInt.
 */
function summaryInNumbers(transactions: readonly Transaction[]): StatementSummary | null | undefined {
  let debits = 0
  let credits = 0
  const after: number[] = new Array(transactions.length)
  for (let i = 0; i < transactions.length; i++) {
    const line = transactions[i]!
    const balance = safeCents(line.solde)
    if (balance === null) return null
    const debit = safeCents(line.debit)
    const credit = safeCents(line.credit)
    if (balance === undefined || debit === undefined || credit === undefined) return undefined
    debits += debit ?? 0
    credits += credit ?? 0
    if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits)) return undefined
    after[i] = balance
  }
  const first = transactions[0]!
  // Each term is under 10^15 cents: the opening balance is a safe integer too.
  const opening = after[0]! - (safeCents(first.credit) ?? 0) + (safeCents(first.debit) ?? 0)
  let lowest = opening
  let highest = opening
  for (const balance of after) {
    if (balance < lowest) lowest = balance
    if (balance > highest) highest = balance
  }
  return {
    opening: fromCents(BigInt(opening)),
    closing: fromCents(BigInt(after[after.length - 1]!)),
    totalDebits: fromCents(BigInt(debits)),
    totalCredits: fromCents(BigInt(credits)),
    balances: [opening, ...after].map(BigInt),
    lowest: BigInt(lowest),
    highest: BigInt(highest),
  }
}

/** `null` for a period without lines, or when a line's balance cannot be read. */
export function summaryOf(transactions: readonly Transaction[]): StatementSummary | null {
  if (transactions.length === 0) return null
  const fast = summaryInNumbers(transactions)
  if (fast !== undefined) return fast
  let debits = 0n
  let credits = 0n
  const after: bigint[] = []
  for (const line of transactions) {
    const balance = toCents(line.solde)
    if (balance === null) return null
    debits += toCents(line.debit) ?? 0n
    credits += toCents(line.credit) ?? 0n
    after.push(balance)
  }
  const first = transactions[0]!
  const opening = after[0]! - (toCents(first.credit) ?? 0n) + (toCents(first.debit) ?? 0n)
  const balances = [opening, ...after]
  return {
    opening: fromCents(opening),
    closing: fromCents(after[after.length - 1]!),
    totalDebits: fromCents(debits),
    totalCredits: fromCents(credits),
    balances,
    lowest: balances.reduce((a, b) => (b < a ? b : a)),
    highest: balances.reduce((a, b) => (b > a ? b : a)),
  }
}

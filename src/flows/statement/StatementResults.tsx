import { currencyLabel, formatAmount } from '../../../machines/amounts'
import { statement as texts, statementView as view } from '../../../machines/messages'
import type { StatementLines, StatementSearchField } from '../../../machines/statement/statement.screen'
import type { StatementSummary } from '../../../machines/statement/statement.types'
import { formatBankDateTime, timesInBankZone } from '../../ui/bankTime'
import { buttonSecondary } from '../../ui/controls.css'
import { Field } from '../../ui/Field'
import { BalanceChart } from './BalanceChart'
import * as css from './statementView.css'

const when = (iso: string) => formatBankDateTime(iso)

interface Props {
  lines: StatementLines
  summary: StatementSummary | null
  account: { compte: string; currency: string }
  /** The search field (issue 27); `null` for a period without transaction. */
  search: StatementSearchField | null
  /** In place of the lines: a search that found none. */
  empty: string | null
  /** The pager: the page to show (zero-based). */
  onPage: (page: number) => void
  onSearch: (value: string) => void
}

/**
 * A statement that fits: the account once above, the period's summary and chart, then the lines
 * page by page — a table on a wide screen (no sideways scrolling), a card per line on a phone.
 */
export function StatementResults({ lines, summary, account, search, empty, onPage, onSearch }: Props) {
  // The page is the machine's: a long statement's other pages are asked for from the server
  // (STATEMENT_PAGE_SIZE lines each, 25: a phone shows five or six lines at a time).
  const { page, pages, rows: shown, first } = lines
  const caption = view.lines(first, first + shown.length - 1, lines.count)
  const money = (amount: string) => formatAmount(amount, account.currency)
  return (
    <section aria-label={texts.tableLabel} className={css.results}>
      <p className={css.account}>
        {view.account} : <span className={css.mono}>{account.compte}</span> — {currencyLabel(account.currency)}
      </p>
      <p className={css.zoneNote}>{timesInBankZone()}</p>
      {summary && (
        <>
          <dl className={css.summary} aria-label={view.summaryLabel}>
            <div>
              <dt>{view.opening}</dt>
              <dd>{money(summary.opening)}</dd>
            </div>
            <div>
              <dt>{view.totalDebits}</dt>
              <dd>{money(summary.totalDebits)}</dd>
            </div>
            <div>
              <dt>{view.totalCredits}</dt>
              <dd>{money(summary.totalCredits)}</dd>
            </div>
            <div>
              <dt>{view.closing}</dt>
              <dd>{money(summary.closing)}</dd>
            </div>
          </dl>
          <BalanceChart summary={summary} currency={account.currency} />
        </>
      )}

      {search && (
        <div className={css.search}>
          <Field
            type="search"
            name="search"
            label={view.searchLabel}
            value={search.value}
            maxLength={search.maxLength}
            autoComplete="off"
            enterKeyHint="search"
            hint={search.busy ? view.searching : view.searchHint}
            onValueChange={onSearch}
          />
          {search.found && (
            <p className={css.found} role="status">
              {search.found}
            </p>
          )}
          {search.filesNote && <p className={css.zoneNote}>{search.filesNote}</p>}
        </div>
      )}
      {empty && <p>{empty}</p>}

      {!empty && (
        <>
          {/* The lines change at each key of a search: not read out whole each time (the count above and the pager say what changed). */}
          <div aria-live="off">
            <table className={css.table}>
              <caption className={css.caption}>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={css.colDate}>
                    {texts.columns.date_operation}
                  </th>
                  <th scope="col" className={css.colNum}>
                    {texts.columns.num_transaction}
                  </th>
                  <th scope="col">{texts.columns.description}</th>
                  <th scope="col" className={css.colAmount}>
                    {texts.columns.debit}
                  </th>
                  <th scope="col" className={css.colAmount}>
                    {texts.columns.credit}
                  </th>
                  <th scope="col" className={css.colAmount}>
                    {texts.columns.solde}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.num_transaction}>
                    <td>{when(row.date_operation)}</td>
                    <td className={css.mono}>{row.num_transaction}</td>
                    <td className={css.description}>{row.description}</td>
                    <td className={css.amount}>{row.debit}</td>
                    <td className={css.amount}>{row.credit}</td>
                    <td className={css.amount}>{row.solde}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <ol className={css.cards} aria-label={caption}>
              {shown.map((row) => (
                <li key={row.num_transaction} className={css.card}>
                  <span className={css.cardDate}>{when(row.date_operation)}</span>
                  <span className={css.cardLabel}>{row.description}</span>
                  <span className={row.debit ? css.cardDebit : css.cardCredit}>
                    <span className={css.hidden}>{row.debit ? texts.columns.debit : texts.columns.credit} </span>
                    {row.debit ? `−${row.debit}` : `+${row.credit}`}
                  </span>
                  <span className={css.cardBalance}>
                    {texts.columns.solde} : {row.solde}
                  </span>
                </li>
              ))}
            </ol>
          </div>

          {pages > 1 && (
            // One line at any width: on a phone the buttons keep their names for screen readers but show an arrow.
            <nav aria-label={view.pagesLabel} className={css.pager} aria-busy={lines.paging}>
              <button
                type="button"
                className={`${buttonSecondary} ${css.pagerButton}`}
                disabled={page === 0}
                aria-disabled={lines.paging}
                onClick={() => onPage(page - 1)}
              >
                <span aria-hidden="true">‹</span>
                <span className={css.pagerWord}>{view.previous}</span>
              </button>
              <span className={css.pagerState} aria-live="polite">
                {lines.paging ? texts.loadingPage : view.page(page + 1, pages)}
              </span>
              <button
                type="button"
                className={`${buttonSecondary} ${css.pagerButton}`}
                disabled={page >= pages - 1}
                aria-disabled={lines.paging}
                onClick={() => onPage(page + 1)}
              >
                <span className={css.pagerWord}>{view.next}</span>
                <span aria-hidden="true">›</span>
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

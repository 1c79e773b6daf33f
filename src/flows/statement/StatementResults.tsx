import { useState } from 'react'
import { currencyLabel, formatAmount } from '../../../machines/amounts'
import { statement as texts, statementView as view } from '../../../machines/messages'
import type { StatementLines } from '../../../machines/statement/statement.screen'
import type { StatementSummary } from '../../../machines/statement/statement.types'
import { formatBankDateTime, timesInBankZone } from '../../ui/bankTime'
import { buttonSecondary } from '../../ui/controls.css'
import { BalanceChart } from './BalanceChart'
import * as css from './statementView.css'

/**
 * Lines per page: a 10,000-line statement shows its first lines at once (only they are formatted).
 * 25, not 50: a phone shows five or six lines at a time, and each line drawn is a table row and a
 * card (one of them hidden by the layout), so a shorter page halves what a phone draws first.
 */
const PAGE_SIZE = 25

const when = (iso: string) => formatBankDateTime(iso)

interface Props {
  lines: StatementLines
  summary: StatementSummary | null
  account: { compte: string; currency: string }
}

/**
 * A statement that fits: the account once above, the period's summary and chart, then the lines
 * page by page — a table on a wide screen (no sideways scrolling), a card per line on a phone.
 */
export function StatementResults({ lines, summary, account }: Props) {
  // A new statement starts on its first page. Kept with the lines it belongs to rather than reset by
  // an effect, which would render the new statement twice (its first page, then again at 0).
  const [paging, setPaging] = useState({ lines, page: 0 })
  const page = paging.lines === lines ? paging.page : 0
  const setPage = (next: number) => setPaging({ lines, page: next })
  const pages = Math.max(1, Math.ceil(lines.count / PAGE_SIZE))
  const shown = lines.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
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

      <table className={css.table}>
        <caption className={css.caption}>{view.lines(page * PAGE_SIZE + 1, page * PAGE_SIZE + shown.length, lines.count)}</caption>
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

      <ol className={css.cards} aria-label={view.lines(page * PAGE_SIZE + 1, page * PAGE_SIZE + shown.length, lines.count)}>
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

      {pages > 1 && (
        <nav aria-label={view.pagesLabel} className={css.pager}>
          <button type="button" className={buttonSecondary} disabled={page === 0} onClick={() => setPage(page - 1)}>
            {view.previous}
          </button>
          <span aria-live="polite">{view.page(page + 1, pages)}</span>
          <button type="button" className={buttonSecondary} disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            {view.next}
          </button>
        </nav>
      )}
    </section>
  )
}

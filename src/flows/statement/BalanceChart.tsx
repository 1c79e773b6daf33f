import { memo } from 'react'
import { formatAmount } from '../../../machines/amounts'
import { statementView as texts } from '../../../machines/messages'
import { fromCents } from '../../../machines/statement/statement.rules'
import type { StatementSummary } from '../../../machines/statement/statement.types'
import * as css from './statementView.css'

const WIDTH = 600
const HEIGHT = 120
/** More points than pixels would only weigh the page: a long period is drawn from a sample. */
const MAX_POINTS = WIDTH

/**
 * The balance over the period as a small inline SVG line (hand-written: one polyline needs no
 * chart library, and nothing loads but this screen's chunk). Screen readers get the same facts
 * in words: opening, closing, lowest and highest balance (exact amounts, from the cents). Drawn
 * once per statement (memo): a page turn does not walk the period's balances again.
 */
export const BalanceChart = memo(function BalanceChart({ summary, currency }: { summary: StatementSummary; currency: string }) {
  const { balances, lowest, highest } = summary
  if (balances.length < 2) return null
  const step = Math.max(1, Math.ceil(balances.length / MAX_POINTS))
  const sampled: bigint[] = []
  for (let i = 0; i < balances.length; i += step) sampled.push(balances[i]!)
  if ((balances.length - 1) % step !== 0) sampled.push(balances[balances.length - 1]!)
  // Positions only: a float is fine for pixels, never for the amounts said in words.
  const span = Number(highest - lowest) || 1
  const x = (i: number) => (i / (sampled.length - 1)) * WIDTH
  const y = (b: bigint) => HEIGHT - 8 - (Number(b - lowest) / span) * (HEIGHT - 16)
  const points = sampled.map((b, i) => `${x(i).toFixed(1)},${y(b).toFixed(1)}`).join(' ')
  const money = (cents: bigint) => formatAmount(fromCents(cents), currency)
  const label = texts.chartText(money(balances[0]!), money(balances[balances.length - 1]!), money(lowest), money(highest))
  return (
    <figure className={css.chart}>
      <figcaption className={css.chartTitle}>{texts.chartTitle}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label} className={css.chartSvg}>
        <polygon points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} className={css.chartArea} />
        <polyline points={points} className={css.chartLine} vectorEffect="non-scaling-stroke" />
      </svg>
      <p className={css.chartText}>{label}</p>
    </figure>
  )
})

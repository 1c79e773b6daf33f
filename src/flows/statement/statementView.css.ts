import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

/** Below this width each line is a card; above, a table that fits without sideways scrolling. */
const phone = 'screen and (max-width: 719px)'

export const results = style({ marginTop: vars.space.lg })
export const account = style({ fontWeight: 600 })
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })
export const zoneNote = style({ color: vars.color.muted, fontSize: '0.9375rem', margin: 0 })
export const hidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' })

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0`,
})
globalStyle(`${summary} > div`, {
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderLight}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
})
globalStyle(`${summary} dt`, { color: vars.color.muted, fontSize: '0.875rem' })
globalStyle(`${summary} dd`, { margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

export const chart = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderLight}`,
  borderRadius: vars.radius.sm,
})
export const chartTitle = style({ fontWeight: 600, marginBottom: vars.space.xs })
export const chartSvg = style({ display: 'block', width: '100%', height: '120px' })
export const chartLine = style({ fill: 'none', stroke: vars.color.chart, strokeWidth: 2 })
export const chartArea = style({ fill: vars.color.chartArea })
export const chartText = style({ color: vars.color.muted, fontSize: '0.875rem', margin: `${vars.space.xs} 0 0` })

export const table = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  fontSize: '0.9375rem',
  '@media': { [phone]: { display: 'none' } },
})
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderLight}`,
  textAlign: 'left',
  verticalAlign: 'top',
})
globalStyle(`${table} th`, { background: vars.color.background })
export const caption = style({ textAlign: 'left', color: vars.color.muted, padding: `${vars.space.xs} 0` })
export const colDate = style({ width: '7.5em' })
export const colNum = style({ width: '8.5em' })
export const colAmount = style({ width: '10.5em', textAlign: 'right' })
globalStyle(`${table} th${colAmount}`, { textAlign: 'right' })
export const amount = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' })
globalStyle(`${table} td${amount}`, { textAlign: 'right' })
export const description = style({ overflowWrap: 'anywhere' })

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'none',
  '@media': { [phone]: { display: 'flex', flexDirection: 'column', gap: vars.space.sm } },
})
export const card = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `2px ${vars.space.sm}`,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderLight}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
})
export const cardDate = style({ color: vars.color.muted, fontSize: '0.875rem' })
export const cardLabel = style({ gridColumn: '1', overflowWrap: 'anywhere' })
const cardAmount = {
  gridColumn: '2',
  gridRow: '1 / span 2',
  alignSelf: 'center',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
} as const
export const cardDebit = style({ ...cardAmount, color: vars.color.danger })
export const cardCredit = style({ ...cardAmount, color: vars.color.success })
export const cardBalance = style({ gridColumn: '1 / span 2', color: vars.color.muted, fontSize: '0.875rem' })

export const search = style({ margin: `${vars.space.md} 0 ${vars.space.sm}`, maxWidth: '32rem' })
export const found = style({ fontWeight: 600, margin: `0 0 ${vars.space.xs}` })

/** One line at every width (issue 24): the page in the middle, a button each side. */
export const pager = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})
export const pagerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: '44px',
  minHeight: '44px',
  justifyContent: 'center',
})
export const pagerState = style({ textAlign: 'center', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })
/** The buttons' words: shown on a wide screen; on a phone read by screen readers only (the arrow shows). */
export const pagerWord = style({
  '@media': {
    [phone]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  },
})

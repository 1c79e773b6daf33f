import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** Tables scroll sideways inside their own box on a phone: no column is ever clipped. */
export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.borderLight}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  marginTop: vars.space.md,
})
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.9375rem' })
const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.borderLight}`,
  textAlign: 'left',
  verticalAlign: 'top',
})
export const head = style([cell, { background: vars.color.background, whiteSpace: 'nowrap' }])
/** A column head that may wrap (over a `breakable` column: the phone's width goes to the amounts). */
export const headWrapping = style([cell, { background: vars.color.background }])
export const number = style([cell, { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }])
export const nowrap = style([cell, { whiteSpace: 'nowrap' }])
/** A long code (a 21-character account number) that may break anywhere, so that the amounts beside it stay whole on a phone. */
export const breakable = style([cell, { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }])

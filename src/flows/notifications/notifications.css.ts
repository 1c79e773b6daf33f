import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md })
export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.borderLight}`,
})
export const dot = style({
  width: '12px',
  height: '12px',
  marginTop: '0.4em',
  borderRadius: '50%',
  border: `2px solid ${vars.color.brand}`,
})
export const unread = style({ background: vars.color.brand })
export const body = style({ minWidth: 0, display: 'grid', gap: vars.space.xs })
export const title = style({ fontWeight: 700, overflowWrap: 'anywhere' })
export const text = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' })
export const date = style({ color: vars.color.muted, fontSize: '0.9375rem' })
export const zoneNote = style({ color: vars.color.muted, fontSize: '0.9375rem' })
export const pager = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg, listStyle: 'none', padding: 0 })
export const pageButton = style({ minWidth: '44px', padding: `0 ${vars.space.sm}` })
/** A page link a phone does not show (the machine's `onPhone`): Prev, the pages around the current one and Next keep one line. */
export const offPhone = style({ '@media': { 'screen and (max-width: 599px)': { display: 'none' } } })

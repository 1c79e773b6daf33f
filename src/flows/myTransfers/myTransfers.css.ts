import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const filters = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `0 ${vars.space.md}`,
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '1fr 1fr' } },
})
export const zoneNote = style({ color: vars.color.muted, fontSize: '0.9375rem', margin: `0 0 ${vars.space.sm}` })
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md })
export const item = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.borderLight}`,
})
export const itemHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm })
export const itemTitle = style({ margin: 0, fontSize: '1.0625rem', overflowWrap: 'anywhere' })
const badgeBase = style({ display: 'inline-block', padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.sm, fontWeight: 600, fontSize: '0.9375rem' })
export const badge = styleVariants({
  pending: [badgeBase, { background: vars.color.warningBg, color: vars.color.warning }],
  executed: [badgeBase, { background: vars.color.successBg, color: vars.color.success }],
  cancelled: [badgeBase, { background: vars.color.dangerBg, color: vars.color.danger }],
  expired: [badgeBase, { background: vars.color.background, color: vars.color.muted, border: `1px solid ${vars.color.borderLight}` }],
})
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  overflowWrap: 'anywhere',
})
export const term = style({ color: vars.color.muted })
export const definition = style({ margin: 0 })
export const amount = style({ margin: 0, fontWeight: 700, whiteSpace: 'nowrap' })
export const reference = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.lg })
/** The buttons under the end of a transfer completed from the list, apart from its lines. */
export const endActions = style([actions, { marginTop: vars.space.md }])

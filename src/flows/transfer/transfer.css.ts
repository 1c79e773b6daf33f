import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  maxWidth: '960px',
  '@media': { 'screen and (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md })

export const steps = style({ margin: 0, paddingLeft: vars.space.lg })

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  overflowWrap: 'anywhere',
})
export const term = style({ color: vars.color.muted })
export const definition = style({ margin: 0, fontWeight: 600 })
export const reference = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })

import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const dates = style({
  display: 'grid',
  gap: `0 ${vars.space.md}`,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: '1fr 1fr' } },
})
export const downloads = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.md })

import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const message = style({
  maxWidth: '36rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
})

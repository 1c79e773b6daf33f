import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md })

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.borderLight}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
})

export const device = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' })

export const details = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.muted, overflowWrap: 'anywhere' })

export const current = style({
  display: 'inline-block',
  marginLeft: vars.space.sm,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.successBg,
  color: vars.color.success,
  fontSize: '0.875rem',
  fontWeight: 600,
})

export const footer = style({ marginTop: vars.space.lg })

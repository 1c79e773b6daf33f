import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
})

export const tile = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '96px',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderLight}`,
  borderLeft: `6px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: '1.0625rem',
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.brand, background: vars.color.background } },
})

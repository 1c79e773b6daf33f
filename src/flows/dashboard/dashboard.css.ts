import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const section = style({ marginBottom: vars.space.xl })

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
  gap: vars.space.md,
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

export const tileIcon = style({ flex: 'none', color: vars.color.link })

export const accounts = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
})

export const account = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderLight}`,
  background: vars.color.surface,
})

export const accountCurrency = style({ fontWeight: 700, color: vars.color.link, letterSpacing: '0.04em' })
export const accountNumber = style({ fontFamily: vars.font.mono, fontSize: '0.9375rem', overflowWrap: 'anywhere' })
export const accountBalance = style({ fontSize: '1.375rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

/** Read by screen readers, not shown: the card's layout already says what each line is. */
export const label = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

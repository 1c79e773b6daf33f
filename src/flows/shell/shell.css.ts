import { style } from '@vanilla-extract/css'
import { topBarHeight, vars } from '../../ui/theme.css'

const wide = 'screen and (min-width: 900px)'

// Mobile first: one column with a collapsible menu; from 900 px a fixed sidebar on the left.
export const layout = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: '1fr',
  gridTemplateRows: 'auto auto 1fr auto',
  gridTemplateAreas: '"top" "side" "main" "foot"',
  '@media': {
    [wide]: { gridTemplateColumns: '280px 1fr', gridTemplateRows: 'auto 1fr auto', gridTemplateAreas: '"side top" "side main" "side foot"' },
  },
})

export const skipLink = style({
  position: 'absolute',
  left: '-999px',
  top: 0,
  zIndex: 200,
  background: vars.color.surface,
  padding: vars.space.sm,
  selectors: { '&:focus': { left: vars.space.sm } },
})

export const topbar = style({
  gridArea: 'top',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  // One line at every width; toasts start below it (ui/toaster.css.ts), so they never cover it.
  height: topBarHeight,
  padding: `0 ${vars.space.md}`,
  background: vars.color.brand,
  color: vars.color.brandText,
})

export const portalName = style({ fontWeight: 700, fontSize: '1.125rem', flex: 1, display: 'none', '@media': { [wide]: { display: 'block' } } })

/** Phone only: who is signed in, cut with an ellipsis rather than wrapping the bar. */
export const topUser = style({
  flex: 1,
  minWidth: 0,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '@media': { [wide]: { display: 'none' } },
})

/** Phone only: the notification counter, a 44 px target with its badge. */
export const topCounter = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: '44px',
  minHeight: '44px',
  justifyContent: 'center',
  color: vars.color.brandText,
  '@media': { [wide]: { display: 'none' } },
})

/** A light outlined button on the dark brand colour (menu toggle, logout). */
const buttonOnBrand = style({
  minWidth: '44px',
  minHeight: '44px',
  border: `1px solid ${vars.color.brandText}`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brandText,
  font: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
})

export const menuToggle = style([buttonOnBrand, { '@media': { [wide]: { display: 'none' } } }])

export const sidebar = style({
  gridArea: 'side',
  display: 'none',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.brandDark,
  color: vars.color.brandText,
  selectors: { '&[data-open="true"]': { display: 'flex' } },
  '@media': { [wide]: { display: 'flex', minHeight: '100vh', position: 'sticky', top: 0, alignSelf: 'start' } },
})

export const identity = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const userName = style({ fontWeight: 700, fontSize: '1.125rem' })
export const clock = style({ fontVariantNumeric: 'tabular-nums' })
/** The clock's zone, named once under it (the bank's TIME_ZONE). */
export const zone = style({ fontSize: '0.875rem', marginTop: '-4px' })

export const counter = style({
  color: vars.color.brandText,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
})
export const badge = style({
  display: 'inline-block',
  minWidth: '1.6em',
  padding: '0 6px',
  borderRadius: '999px',
  background: vars.color.warningBg,
  color: vars.color.warning,
  fontWeight: 700,
  textAlign: 'center',
})

export const menu = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' })
export const menuLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.brandText,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,0.12)' },
    '&[aria-current="page"]': { background: vars.color.surface, color: vars.color.link, fontWeight: 700 },
  },
})

export const logout = style([buttonOnBrand, { marginTop: 'auto' }])

export const main = style({ gridArea: 'main', padding: vars.space.md, minWidth: 0, outline: 'none', '@media': { [wide]: { padding: vars.space.xl } } })

export const footer = style({
  gridArea: 'foot',
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.borderLight}`,
  color: vars.color.muted,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  justifyContent: 'space-between',
})

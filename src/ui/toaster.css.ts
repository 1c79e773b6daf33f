import { style, styleVariants } from '@vanilla-extract/css'
import { topBarHeight, vars } from './theme.css'

export const viewport = style({
  position: 'fixed',
  // Below the shell's top bar: a toast never covers the menu button or the notification counter.
  top: topBarHeight,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(380px, 100vw)',
  maxWidth: '100vw',
  margin: 0,
  padding: vars.space.md,
  listStyle: 'none',
  outline: 'none',
  '@media': { print: { display: 'none' } },
})

const base = style({
  position: 'relative',
  padding: `${vars.space.md} 44px ${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 4px 16px rgba(0,0,0,0.18)',
  borderLeft: '6px solid',
})

export const toast = styleVariants({
  info: [base, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.brand }],
  success: [base, { background: vars.color.successBg, color: vars.color.success, borderColor: vars.color.success }],
  warning: [base, { background: vars.color.warningBg, color: vars.color.warning, borderColor: vars.color.warning }],
})

export const title = style({ fontWeight: 700 })

export const close = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  width: '36px',
  height: '36px',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
})

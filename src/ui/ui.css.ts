import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  // A label that wraps on a phone (the landing page's "Cliquez pour vous connecter") stays centred.
  textAlign: 'center',
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.brand,
  color: vars.color.brandText,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brandDark },
    '&[aria-disabled="true"], &:disabled': { opacity: 0.7, cursor: 'progress' },
  },
})

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.md })
export const label = style({ fontWeight: 600 })
export const input = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  width: '100%',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    // A field that can no longer be used (an expired code) looks it.
    '&:disabled': { background: vars.color.background, color: vars.color.muted, borderStyle: 'dashed', cursor: 'not-allowed' },
  },
})
/** A PIN field and its show/hide button side by side; the button keeps a 44 px target. */
export const secretRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'stretch' })
export const secretToggle = style({
  flex: '0 0 44px',
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.borderLight } },
})
export const fieldError = style({ color: vars.color.danger, fontSize: '0.9375rem' })
export const fieldHint = style({ color: vars.color.muted, fontSize: '0.9375rem' })

export const banner = styleVariants({
  error: { background: vars.color.dangerBg, color: vars.color.danger },
  success: { background: vars.color.successBg, color: vars.color.success },
  warning: { background: vars.color.warningBg, color: vars.color.warning },
})
export const bannerBase = style({
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  marginBottom: vars.space.md,
  fontWeight: 600,
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  display: 'inline-block',
  width: '1.1em',
  height: '1.1em',
  border: '3px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
})

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})

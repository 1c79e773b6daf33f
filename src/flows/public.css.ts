import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

/** Public screens (landing, login, not found): one centred card on the brand background. */
export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  background: `linear-gradient(160deg, ${vars.color.brand} 0%, ${vars.color.brandDark} 100%)`,
})

export const panel = style({
  width: '100%',
  maxWidth: '420px',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  boxShadow: '0 8px 32px rgba(0,0,0,0.25)',
})

export const brand = style({
  color: vars.color.brandText,
  fontSize: '1.25rem',
  fontWeight: 700,
  marginBottom: vars.space.lg,
  textAlign: 'center',
})

export const tagline = style({ fontSize: '2rem', color: vars.color.link })
export const lead = style({ color: vars.color.muted, marginBottom: vars.space.lg })
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, alignItems: 'stretch' })
export const footerLink = style({ textAlign: 'center', marginTop: vars.space.md })

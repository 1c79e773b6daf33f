import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css'

// Above the app and its dialogs: QA must reach the panel whatever the screen shows.
const onTop = 2000

export const toggle = style({
  position: 'fixed',
  right: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: onTop,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `2px solid ${vars.color.brandText}`,
  borderRadius: vars.radius.md,
  background: vars.color.text,
  color: vars.color.brandText,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.3)',
})

// Mobile first: the whole screen at 375 px; a column on the right from 700 px.
export const panel = style({
  position: 'fixed',
  inset: 0,
  zIndex: onTop,
  overflowY: 'auto',
  // Scrolling the panel to its end does not scroll the screen hidden under it.
  overscrollBehavior: 'contain',
  padding: vars.space.md,
  paddingBottom: '72px',
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: '0.9375rem',
  '@media': {
    'screen and (min-width: 700px)': {
      left: 'auto',
      width: '520px',
      borderLeft: `2px solid ${vars.color.text}`,
      boxShadow: '-4px 0 16px rgba(0, 0, 0, 0.2)',
    },
  },
})

export const header = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm })
export const title = style({
  fontSize: '1.25rem',
  margin: 0,
  selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
})
export const intro = style({ color: vars.color.muted, margin: `${vars.space.sm} 0 ${vars.space.md}` })

export const stately = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  marginBottom: vars.space.md,
  background: vars.color.background,
  borderRadius: vars.radius.sm,
})

export const actor = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  marginBottom: vars.space.md,
})
/** A child actor is indented under the actor that runs it. */
export const depth = styleVariants({ 0: {}, 1: { marginLeft: vars.space.md }, 2: { marginLeft: vars.space.lg } })

export const actorTitle = style({ fontSize: '1.0625rem', margin: `0 0 ${vars.space.xs}`, overflowWrap: 'anywhere' })
export const sectionTitle = style({ fontSize: '0.9375rem', margin: `${vars.space.sm} 0 ${vars.space.xs}` })

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `0 ${vars.space.sm}`, margin: 0 })
export const term = style({ fontWeight: 600 })
export const fact = style({ margin: 0, overflowWrap: 'anywhere' })

export const list = style({ margin: 0, paddingLeft: vars.space.lg })
export const muted = style({ color: vars.color.muted })

// Wrapped, never scrolled sideways: readable at 375 px, and no scrolling region to reach.
export const json = style({
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.sm,
  background: vars.color.background,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})
export const code = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })

export const summary = style({ cursor: 'pointer', fontWeight: 600, minHeight: '32px', paddingTop: vars.space.xs })

export const verdict = styleVariants({
  allowed: { color: vars.color.success, fontWeight: 600 },
  refused: { color: vars.color.muted },
})

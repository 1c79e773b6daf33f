import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
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

/** The room the panel takes, kept free by the page (below) so that the panel never covers it. */
const PANEL_HEIGHT = '45vh'
const PANEL_WIDTH = '30rem'
/** Below this width the side dock is the bottom one: a column would leave the app no room. */
const wide = 'screen and (min-width: 700px)'

const panelBase = style({
  position: 'fixed',
  zIndex: onTop,
  overflowY: 'auto',
  // Scrolling the panel to its end does not scroll the screen under it.
  overscrollBehavior: 'contain',
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: '0.9375rem',
})
const atBottom = {
  left: 0,
  right: 0,
  bottom: 0,
  height: PANEL_HEIGHT,
  borderTop: `2px solid ${vars.color.text}`,
  boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.2)',
} as const

/** Docked along the bottom, or (from 700 px) in a column on the right; the page keeps room for either. */
export const panel = styleVariants({
  bottom: [panelBase, atBottom],
  side: [
    panelBase,
    {
      ...atBottom,
      '@media': {
        [wide]: {
          top: 0,
          left: 'auto',
          height: 'auto',
          width: PANEL_WIDTH,
          borderTop: 'none',
          borderLeft: `2px solid ${vars.color.text}`,
          boxShadow: '-4px 0 16px rgba(0, 0, 0, 0.2)',
        },
      },
    },
  ],
})

// The page's room for the panel (QaPanel sets data-qa-dock on the root element): the screen can
// always be scrolled or laid out clear of it, and what is scrolled into view (a focused field, an
// error) stops above it (scroll-padding). Closed, room for the toggle at the end of the page.
globalStyle('html[data-qa-dock="closed"]', { scrollPaddingBottom: '64px' })
globalStyle('html[data-qa-dock="closed"] body', { paddingBottom: '64px' })
globalStyle('html[data-qa-dock="bottom"]', { scrollPaddingBottom: PANEL_HEIGHT })
globalStyle('html[data-qa-dock="bottom"] body', { paddingBottom: PANEL_HEIGHT })
globalStyle('html[data-qa-dock="side"]', { scrollPaddingBottom: PANEL_HEIGHT, '@media': { [wide]: { scrollPaddingBottom: 0 } } })
globalStyle('html[data-qa-dock="side"] body', { paddingBottom: PANEL_HEIGHT, '@media': { [wide]: { paddingBottom: 0, paddingRight: PANEL_WIDTH } } })

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm })
export const headerButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
/** The side dock is the bottom one on a narrow screen: no choice to offer there. */
export const dockChoice = style({ display: 'none', gap: vars.space.xs, '@media': { [wide]: { display: 'flex' } } })
/** The dock in use reads as pressed, not only to a screen reader (aria-pressed). */
globalStyle(`${dockChoice} [aria-pressed="true"]`, { background: vars.color.link, color: vars.color.surface })

export const faults = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
export const input = style({
  font: 'inherit',
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.text}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: '16rem',
})
export const faultsLink = style({ color: vars.color.link, fontWeight: 600, minHeight: '32px', paddingTop: vars.space.xs })
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

/**
 * The controls of the signed-in screens that the sign-in form does not have: kept apart from
 * ui.css.ts so that the sign-in page's stylesheet carries only what it draws.
 */
import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'
import { button } from './ui.css'

export const buttonSecondary = style([
  button,
  { background: vars.color.surface, color: vars.color.link, borderColor: vars.color.link, selectors: { '&:hover': { background: vars.color.background } } },
])

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
})

/** A copy button beside the text it copies, its confirmation after it. */
export const copyRow = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginLeft: vars.space.sm,
  '@media': { print: { display: 'none' } },
})

export const copyButton = style({
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.link,
  font: 'inherit',
  cursor: 'pointer',
  '@media': { print: { display: 'none' } },
})

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderLight}`,
  padding: vars.space.lg,
})

/**
 * A failed load told as a button that asks again: the accounts message of spec §8 (a click
 * reloads the page), the profile's failure.
 */
export const retryButton = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  padding: vars.space.md,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  marginBottom: vars.space.md,
})

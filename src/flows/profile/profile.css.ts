import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css'

export const identity = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.md,
})
export const photo = style({
  width: '96px',
  height: '96px',
  flex: '0 0 auto',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.background,
  border: `1px solid ${vars.color.borderLight}`,
})
export const name = style({ margin: 0, fontSize: '1.25rem', overflowWrap: 'anywhere' })
export const code = style({ margin: 0, color: vars.color.muted })
export const data = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  '@media': { 'screen and (min-width: 600px)': { gridTemplateColumns: 'max-content 1fr' } },
})
export const term = style({ fontWeight: 600 })
export const value = style({
  margin: 0,
  overflowWrap: 'anywhere',
  marginBottom: vars.space.sm,
  '@media': { 'screen and (min-width: 600px)': { marginBottom: 0 } },
})
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: 0,
})
/** The photo page: the preview of the chosen file. */
export const preview = style({
  display: 'block',
  maxWidth: '100%',
  width: '160px',
  height: '160px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderLight}`,
  marginBottom: vars.space.md,
})

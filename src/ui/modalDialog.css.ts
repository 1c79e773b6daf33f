import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const dialog = style({
  width: 'min(420px, calc(100vw - 32px))',
  border: 'none',
  color: vars.color.text,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  boxShadow: '0 8px 32px rgba(0,0,0,0.3)',
  selectors: { '&::backdrop': { background: 'rgba(0,0,0,0.5)' } },
})

export const title = style({ margin: `0 0 ${vars.space.sm}` })

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.lg })
// On a phone the two buttons share the width rather than stacking unevenly.
globalStyle(`${actions} > *`, { flex: '1 1 auto', paddingInline: vars.space.md })

// The page behind a modal dialog does not scroll while the dialog is open.
globalStyle('html:has(dialog[open])', { overflow: 'hidden' })

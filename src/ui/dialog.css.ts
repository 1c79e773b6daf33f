import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css'

// Above everything, the toasts included, as a modal dialog of the browser's top layer would be.
export const overlay = style({ position: 'fixed', inset: 0, zIndex: 200, background: 'rgba(0,0,0,0.5)' })

export const dialog = style({
  position: 'fixed',
  zIndex: 201,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  boxSizing: 'border-box',
  width: 'min(420px, calc(100vw - 32px))',
  maxHeight: 'calc(100dvh - 32px)',
  overflowY: 'auto',
  color: vars.color.text,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  boxShadow: '0 8px 32px rgba(0,0,0,0.3)',
  outline: 'none',
})

export const title = style({ margin: `0 0 ${vars.space.sm}` })

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.lg })
// On a phone the two buttons share the width rather than stacking unevenly.
globalStyle(`${actions} > *`, { flex: '1 1 auto', paddingInline: vars.space.md })

import { createGlobalTheme, globalStyle } from '@vanilla-extract/css'

// Colours are chosen for WCAG AA contrast (≥ 4.5:1 for text) on their backgrounds.
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b4f6c',
    brandDark: '#083a50',
    brandText: '#ffffff',
    text: '#1b2430',
    muted: '#4a5565',
    surface: '#ffffff',
    background: '#f3f5f8',
    border: '#8a94a3',
    borderLight: '#d8dee6',
    danger: '#b3261e',
    dangerBg: '#fdecea',
    warning: '#7a4b00',
    warningBg: '#fff4d6',
    success: '#1e6b3a',
    successBg: '#e6f4ea',
    focus: '#c75a00',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' },
  radius: { sm: '4px', md: '8px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
})

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
})
globalStyle('a', { color: vars.color.brand })
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle('h1, h2, h3', { lineHeight: 1.25, margin: `0 0 ${vars.space.md}` })

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
    /** Text in the brand's hue (links, secondary buttons): the brand itself on light surfaces. */
    link: '#0b4f6c',
    /** Lines and areas of charts (statement balance). */
    chart: '#0b4f6c',
    chartArea: 'rgba(11, 79, 108, 0.12)',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' },
  radius: { sm: '4px', md: '8px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
})

/**
 * Dark theme, following the system setting (prefers-color-scheme). Same contrast rule (≥ 4.5:1
 * for text on its background); the brand fills keep white text, brand-hued text turns light.
 */
globalStyle(':root', {
  colorScheme: 'light dark',
  '@media': {
    // Screen only: paper is white, so a printed receipt or statement uses the light palette.
    'screen and (prefers-color-scheme: dark)': {
      vars: {
        [vars.color.brand]: '#1d6a8c',
        [vars.color.brandDark]: '#0f3f55',
        [vars.color.brandText]: '#ffffff',
        [vars.color.text]: '#e7ecf2',
        [vars.color.muted]: '#aeb8c5',
        [vars.color.surface]: '#1b232d',
        [vars.color.background]: '#10161d',
        [vars.color.border]: '#7d8896',
        [vars.color.borderLight]: '#334050',
        [vars.color.danger]: '#ff9b91',
        [vars.color.dangerBg]: '#3a1715',
        [vars.color.warning]: '#ffd37f',
        [vars.color.warningBg]: '#352a0e',
        [vars.color.success]: '#92d9a8',
        [vars.color.successBg]: '#12301d',
        [vars.color.focus]: '#ffa94d',
        [vars.color.link]: '#8fcbe9',
        [vars.color.chart]: '#8fcbe9',
        [vars.color.chartArea]: 'rgba(143, 203, 233, 0.15)',
      },
    },
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
globalStyle('a', { color: vars.color.link })
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle('h1, h2, h3', { lineHeight: 1.25, margin: `0 0 ${vars.space.md}` })

/** The shell's top bar is one line of this height; toasts start below it. */
export const topBarHeight = '56px'

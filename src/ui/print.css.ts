import { globalStyle, style } from '@vanilla-extract/css'

/**
 * Print layouts (the receipt screen and the statement): only the page's content, black on white,
 * readable on a black-and-white printer. The shell (top bar, menu, footer), buttons, pagers, toasts
 * and dialogs are screen things: an element marked `noPrint` is left out on paper. Form fields stay
 * as plain text: a statement's account and period are part of it.
 */
export const noPrint = style({ '@media': { print: { display: 'none !important' } } })

globalStyle('html, body', {
  '@media': { print: { background: '#fff', color: '#000', fontSize: '11pt' } },
})
// Colour carries no meaning on paper: text black, tinted boxes outlined instead of filled.
globalStyle('main, main *', {
  '@media': { print: { color: '#000 !important', background: 'transparent !important', boxShadow: 'none !important' } },
})
globalStyle('main [role="alert"], main [role="status"]:not(:empty), main section, main dl > div', {
  '@media': { print: { border: '1px solid #000 !important' } },
})
globalStyle('main button, main nav', { '@media': { print: { display: 'none !important' } } })
// A form's fields stay, read as text (the statement's account and period belong on the paper).
globalStyle('main input, main select', {
  '@media': { print: { border: 'none !important', appearance: 'none', padding: '0 !important', minHeight: 'auto' } },
})
globalStyle('main a', { '@media': { print: { textDecoration: 'none' } } })
globalStyle('main table th, main table td', { '@media': { print: { borderBottom: '1px solid #000 !important' } } })
// A long statement breaks between lines, never inside one; the header row repeats on each page.
globalStyle('main tr', { '@media': { print: { breakInside: 'avoid' } } })
globalStyle('main thead', { '@media': { print: { display: 'table-header-group' } } })
// The chart's line and area stay visible without colour.
globalStyle('main svg path, main svg polyline', { '@media': { print: { stroke: '#000 !important' } } })

globalStyle(':root', { '@media': { print: { colorScheme: 'light' } } })

/** The page's main area takes the whole sheet. */
export const printFull = style({ '@media': { print: { padding: '0 !important', gridArea: 'auto', width: '100%' } } })

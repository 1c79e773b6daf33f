import { style } from '@vanilla-extract/css'
import { buttonSecondary } from '../../ui/controls.css'
import { vars } from '../../ui/theme.css'

/**
 * The native file input, out of sight but still in the tab order (its own button would say
 * "Choose File" in the browser's language): the label styled as a button below stands for it.
 */
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  opacity: 0,
})

/** The French "choose" button: a label of the input, so a click opens the file chooser. */
export const chooser = style([
  buttonSecondary,
  {
    alignSelf: 'flex-start',
    selectors: {
      // The input has the focus: its stand-in shows it (keyboard users open the chooser with Space or Enter).
      [`${fileInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      [`${fileInput}[aria-invalid="true"] + &`]: { borderColor: vars.color.danger },
    },
  },
])

/** The row of the button and the name of the chosen file. */
export const chooserRow = style({ position: 'relative', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })
export const fileName = style({ overflowWrap: 'anywhere', minWidth: 0 })

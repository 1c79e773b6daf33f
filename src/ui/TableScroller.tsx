import type { ReactNode } from 'react'
import * as css from './table.css'

/**
 * A table that scrolls sideways in its own box on a phone. The box is focusable and named, so a
 * keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe: scrollable-region-focusable)
    <div className={css.scroller} tabIndex={0} role="region" aria-label={label}>
      <table className={css.table}>{children}</table>
    </div>
  )
}

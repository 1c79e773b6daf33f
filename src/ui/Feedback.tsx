import { clsx } from 'clsx'
import { common } from '../../machines/messages/core'
import * as css from './ui.css'

export function Spinner({ label = common.loading }: { label?: string }) {
  return (
    <span role="status">
      <span className={css.spinner} aria-hidden="true" />
      <span className={css.visuallyHidden}>{label}</span>
    </span>
  )
}

/** A message box; errors are announced at once by screen readers (role="alert"). */
export function Banner({ kind, id, children }: { kind: 'error' | 'success' | 'warning'; id?: string; children: React.ReactNode }) {
  return (
    <div id={id} role={kind === 'error' ? 'alert' : 'status'} className={clsx(css.bannerBase, css.banner[kind])}>
      {children}
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { session, shell } from '../../machines/messages'
import { toaster, useToasts, type Toast } from './toasts'
import * as css from './toaster.css'

/**
 * Toasts top right, newest on top (the store keeps them newest first); each closable, by its
 * button or Escape. Nothing at all while there is none. Hand-written (a list and a timer) rather than a toast library: the one it
 * replaces cost more bytes than every screen of the session together (docs/decisions.md, "Dialogs
 * and toasts on the platform").
 */
export function Toaster() {
  const toasts = useToasts()
  if (toasts.length === 0) return null
  return (
    <div role="region" aria-label={shell.notifications}>
      <ol className={css.viewport}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </div>
  )
}

/**
 * Each toast's text is a live region of its own, the warnings' assertive. Its time runs only while the customer
 * is neither pointing at it nor in it (WCAG 2.2.1: a message read slowly is not taken away).
 */
function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false)
  const remaining = useRef(toast.durationMs)
  useEffect(() => {
    if (paused) return
    const started = Date.now()
    const timer = setTimeout(() => toaster.dismiss(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [paused, toast.id])
  return (
    // Pointer and focus only pause the toast's time; Escape from its close button closes it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={css.toast[toast.kind]}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setPaused(false)}
      onKeyDown={(event) => event.key === 'Escape' && toaster.dismiss(toast.id)}
    >
      <div role="status" aria-live={toast.kind === 'warning' ? 'assertive' : 'polite'} aria-atomic="true">
        <div className={css.title}>{toast.title}</div>
        {toast.text && <div>{toast.text}</div>}
      </div>
      <button type="button" className={css.close} aria-label={session.closeToast} onClick={() => toaster.dismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  )
}

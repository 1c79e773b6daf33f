import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react'
import * as css from './modalDialog.css'

interface ModalDialogProps {
  title: ReactNode
  /** Read as the dialog's description; `descriptionHidden` keeps it from screen readers (a text that changes every second). */
  description?: ReactNode
  descriptionHidden?: boolean
  /** Escape, and a click outside when `cancelOnOutsideClick`. */
  onCancel: () => void
  cancelOnOutsideClick?: boolean
  /** The element that has the focus when the dialog opens; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  children: ReactNode
  'data-testid'?: string
}

/**
 * A modal dialog, open while it is rendered: the browser's own `<dialog>` shown with `showModal()`.
 * Hand-written over the platform rather than a library: the browser already keeps the focus inside,
 * makes the rest of the page inert, answers Escape and puts the dialog above everything; the dialog
 * library it replaces cost 17 KiB on a first session's bill (docs/decisions.md, "Dialogs and toasts
 * on the platform"). What is added here: the focus given back where it was, the page kept from
 * scrolling behind (modalDialog.css.ts), and a dialog that stays open as long as its owner says so.
 */
export function ModalDialog({ title, description, descriptionHidden, onCancel, cancelOnOutsideClick, initialFocus, children, ...rest }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const cancel = useRef(onCancel)
  cancel.current = onCancel

  useLayoutEffect(() => {
    const element = dialog.current!
    const focusedBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.showModal()
    initialFocus?.current?.focus()
    return () => {
      if (element.open) element.close()
      if (focusedBefore?.isConnected) focusedBefore.focus()
    }
    // Opened once per rendering: the owner closes it by no longer rendering it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const clickOutside = (event: MouseEvent<HTMLDialogElement>) => {
    if (!cancelOnOutsideClick || event.target !== event.currentTarget) return
    const box = event.currentTarget.getBoundingClientRect()
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom
    if (!inside) cancel.current()
  }

  return (
    // The click is on the backdrop, for a pointer; the keyboard's way out is Escape (the cancel event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-describedby={description && !descriptionHidden ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the owner decides what it means (and whether the dialog closes).
        event.preventDefault()
        cancel.current()
      }}
      onClose={() => {
        // The browser closed it itself (a second Escape it no longer lets a page refuse): still
        // rendered means still open for its owner, so it is told, and the dialog shown again.
        // (Not when it was closed and opened again meanwhile, as React's strict mode does.)
        const element = dialog.current
        if (!element?.isConnected || element.open) return
        cancel.current()
        element.showModal()
      }}
      onClick={clickOutside}
      {...rest}
    >
      <h2 id={titleId} className={css.title}>
        {title}
      </h2>
      {description && (
        <p id={descriptionId} aria-hidden={descriptionHidden || undefined}>
          {description}
        </p>
      )}
      {children}
    </dialog>
  )
}

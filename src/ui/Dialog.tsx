import * as RadixDialog from '@radix-ui/react-dialog'
import { setNonce } from 'get-nonce'
import { useState, type ReactNode, type RefObject } from 'react'
import * as css from './dialog.css'

// A modal dialog keeps the page behind from scrolling with a <style> element of its own; the
// server's CSP admits it by the page's nonce (index.html's `csp-nonce`, fresh at each serving).
setNonce(document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '')

interface DialogProps {
  title: ReactNode
  /** Read as the dialog's description; `descriptionHidden` keeps it from screen readers (a text that changes every second). */
  description?: ReactNode
  descriptionHidden?: boolean
  /** Escape, the close buttons of the dialog, and a click outside when `cancelOnOutsideClick`. */
  onCancel: () => void
  cancelOnOutsideClick?: boolean
  /** The element that has the focus when the dialog opens; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  children: ReactNode
  'data-testid'?: string
}

/**
 * A modal dialog, open while it is rendered: the design card's Radix Dialog (focus kept inside, the
 * rest of the page hidden from screen readers and kept from scrolling, Escape, a layer above the
 * page). Its owner closes it by no longer rendering it: Escape and a click outside only tell the
 * owner (`onCancel`), who may keep it open (the session warning). When it closes, the focus goes
 * back to where it was when it opened (Radix gives it to a Dialog.Trigger, which these dialogs,
 * opened by the session machine, do not have). In the lazy overlays chunk (src/flows/overlays.ts), or a lazy screen's.
 */
export function Dialog({ title, description, descriptionHidden, onCancel, cancelOnOutsideClick, initialFocus, children, ...rest }: DialogProps) {
  // Read once, when the dialog opens (it mounts open).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null))
  const described = description !== undefined && !descriptionHidden
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={css.overlay} />
        <RadixDialog.Content
          className={css.dialog}
          // A hidden description is not the dialog's description either.
          {...(!described && { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return
            event.preventDefault()
            initialFocus.current.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (opener?.isConnected) opener.focus()
          }}
          onPointerDownOutside={(event) => !cancelOnOutsideClick && event.preventDefault()}
          {...rest}
        >
          <RadixDialog.Title className={css.title}>{title}</RadixDialog.Title>
          {described && <RadixDialog.Description>{description}</RadixDialog.Description>}
          {description !== undefined && !described && <p aria-hidden="true">{description}</p>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

import * as RadixToast from '@radix-ui/react-toast'
import { session } from '../../machines/messages'
import { toaster, useToasts } from './toasts'
import * as css from './toaster.css'

/**
 * The toasts of the store (src/ui/toasts.ts), top right, newest on top, on the design card's Radix
 * Toast: each closable by its button, Escape or a swipe; its time stops while the pointer is on the
 * toasts or the focus in them, and while the window is in the background (WCAG 2.2.1); F8 reaches
 * them. Radix tells screen readers each toast through a live region of its own that it inserts
 * empty and fills a frame later, so that it is announced (the warnings assertive). Part of the lazy
 * overlays chunk (src/flows/overlays.ts).
 */
export function Toaster() {
  const toasts = useToasts()
  return (
    <RadixToast.Provider swipeDirection="right" label={session.toastAnnounced}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={css.toast[toast.kind]}
          duration={toast.durationMs}
          type={toast.kind === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && toaster.dismiss(toast.id)}
        >
          <RadixToast.Title className={css.title}>{toast.title}</RadixToast.Title>
          {toast.text && <RadixToast.Description>{toast.text}</RadixToast.Description>}
          <RadixToast.Close className={css.close} aria-label={session.closeToast}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={css.viewport} label={session.toastsRegion} />
    </RadixToast.Provider>
  )
}

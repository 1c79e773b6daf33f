import * as RadixToast from '@radix-ui/react-toast'
import { session } from '../../machines/messages'
import { toaster, useToasts } from './toasts'
import * as css from './toaster.css'

/** Toasts top right, newest on top (the store keeps them newest first); each closable. */
export function Toaster() {
  const toasts = useToasts()
  return (
    <RadixToast.Provider swipeDirection="right" label="Notifications">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          className={css.toast[t.kind]}
          duration={t.durationMs}
          type={t.kind === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && toaster.dismiss(t.id)}
        >
          <RadixToast.Title className={css.title}>{t.title}</RadixToast.Title>
          {t.text && <RadixToast.Description>{t.text}</RadixToast.Description>}
          <RadixToast.Close className={css.close} aria-label={session.closeToast}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={css.viewport} />
    </RadixToast.Provider>
  )
}

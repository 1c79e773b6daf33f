import * as Dialog from '@radix-ui/react-dialog'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { sessionWarning as texts } from '../../../machines/messages'
import { warningSecondsOf } from '../../../machines/session/session.rules'
import { useSession } from '../../session/session'
import { Banner, Spinner } from '../../ui/Feedback'
import { buttonSecondary } from '../../ui/controls.css'
import { button, visuallyHidden } from '../../ui/ui.css'
import { useCountdown } from './useCountdown'
import * as css from './shell.css'

/** Screen readers hear the countdown every 15 seconds, not every second. */
const ANNOUNCE_EVERY = 15

/**
 * rulings §6.4: the session warning. Its open state is the session machine's `idle.warning`; the
 * view only counts the seconds down from the moment it opened. Escape means "stay", like the
 * button that has the focus; a click outside does nothing (the choice must be made).
 */
export function SessionWarningDialog() {
  const session = useSession()
  const open = useSelector(session, (s) => s.matches({ signedIn: { idle: 'warning' } }))
  const extending = useSelector(session, (s) => s.matches({ signedIn: { idle: { warning: 'extending' } } }))
  const failed = useSelector(session, (s) => s.context.keepAliveFailed)
  const total = useSelector(session, (s) => warningSecondsOf(s.context))
  const left = useCountdown(open, total)
  const stayButton = useRef<HTMLButtonElement>(null)
  const announced = Math.min(total, Math.ceil(left / ANNOUNCE_EVERY) * ANNOUNCE_EVERY)
  const stay = () => {
    if (!extending) session.send({ type: 'session.keepAlive' })
  }
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content
          className={css.dialog}
          data-testid="session-warning"
          onEscapeKeyDown={(e) => {
            e.preventDefault()
            stay()
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          onOpenAutoFocus={(e) => {
            e.preventDefault()
            stayButton.current?.focus()
          }}
        >
          <Dialog.Title>{texts.title}</Dialog.Title>
          <Dialog.Description aria-hidden="true">{texts.countdown(left)}</Dialog.Description>
          <p className={visuallyHidden} role="status">
            {texts.countdown(announced)}
          </p>
          {failed && <Banner kind="error">{texts.stayFailed}</Banner>}
          <div className={css.dialogActions}>
            <button type="button" className={buttonSecondary} onClick={() => session.send({ type: 'logout.confirm' })}>
              {texts.leave}
            </button>
            <button type="button" className={button} aria-disabled={extending} onClick={stay} ref={stayButton}>
              {extending && <Spinner />}
              {texts.stay}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

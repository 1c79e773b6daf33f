import { useRef } from 'react'
import { sessionWarning as texts } from '../../../machines/messages'
import { useSessionScreen } from '../../session/useSessionScreen'
import { Banner, Spinner } from '../../ui/Feedback'
import { Dialog } from '../../ui/Dialog'
import { actions } from '../../ui/dialog.css'
import { buttonSecondary } from '../../ui/controls.css'
import { button, visuallyHidden } from '../../ui/ui.css'
import { useCountdown } from './useCountdown'

/** Screen readers hear the countdown every 15 seconds, not every second. */
const ANNOUNCE_EVERY = 15

/**
 * rulings §6.4: the session warning. Its open state is the session machine's `idle.warning`; the
 * view only counts the seconds down from the moment it opened. Escape means "stay", like the
 * button that has the focus; a click outside does nothing (the choice must be made).
 */
export function SessionWarningDialog() {
  const [{ warning }, intents] = useSessionScreen()
  const { open, extending, keepAliveFailed: failed, seconds: total } = warning
  const left = useCountdown(open, total)
  const stayButton = useRef<HTMLButtonElement>(null)
  const announced = Math.min(total, Math.ceil(left / ANNOUNCE_EVERY) * ANNOUNCE_EVERY)
  const stay = () => {
    if (!extending) intents.keepAlive()
  }
  if (!open) return null
  return (
    <Dialog title={texts.title} description={texts.countdown(left)} descriptionHidden onCancel={stay} initialFocus={stayButton} data-testid="session-warning">
      <p className={visuallyHidden} role="status">
        {texts.countdown(announced)}
      </p>
      {failed && <Banner kind="error">{texts.stayFailed}</Banner>}
      <div className={actions}>
        <button type="button" className={buttonSecondary} onClick={intents.confirmLogout}>
          {texts.leave}
        </button>
        <button type="button" className={button} aria-disabled={extending} onClick={stay} ref={stayButton}>
          {extending && <Spinner />}
          {texts.stay}
        </button>
      </div>
    </Dialog>
  )
}

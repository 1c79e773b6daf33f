import { session as texts } from '../../../machines/messages'
import { useSessionScreen } from '../../session/useSessionScreen'
import { Spinner } from '../../ui/Feedback'
import { Dialog } from '../../ui/Dialog'
import { actions } from '../../ui/dialog.css'
import { buttonSecondary } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'

/**
 * spec §2 logout dialog; its open state is the session machine's, the view only mirrors it.
 * Escape, a click outside and its close button close it.
 */
export function LogoutDialog() {
  const [{ logout }, intents] = useSessionScreen()
  if (!logout.open) return null
  const leaving = logout.busy
  const close = intents.closeLogout
  return (
    <Dialog title={texts.logoutTitle} description={texts.logoutQuestion} onCancel={close} cancelOnOutsideClick>
      <div className={actions}>
        <button type="button" className={buttonSecondary} onClick={close}>
          {texts.logoutCancel}
        </button>
        <button type="button" className={button} aria-disabled={leaving} onClick={intents.confirmLogout}>
          {leaving && <Spinner />}
          {texts.logoutConfirm}
        </button>
      </div>
    </Dialog>
  )
}

import { useSelector } from '@xstate/react'
import { session as texts } from '../../../machines/messages'
import { useSession } from '../../session/session'
import { Spinner } from '../../ui/Feedback'
import { ModalDialog } from '../../ui/ModalDialog'
import { actions } from '../../ui/modalDialog.css'
import { buttonSecondary } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'

/**
 * spec §2 logout dialog; its open state is the session machine's, the view only mirrors it.
 * Escape, a click outside and its close button close it.
 */
export function LogoutDialog() {
  const session = useSession()
  const leaving = useSelector(session, (s) => s.matches({ signedIn: { dialog: 'loggingOut' } }))
  const open = useSelector(session, (s) => s.matches({ signedIn: { dialog: 'confirmingLogout' } })) || leaving
  if (!open) return null
  const close = () => session.send({ type: 'logout.close' })
  return (
    <ModalDialog title={texts.logoutTitle} description={texts.logoutQuestion} onCancel={close} cancelOnOutsideClick>
      <div className={actions}>
        <button type="button" className={buttonSecondary} onClick={close}>
          {texts.logoutCancel}
        </button>
        <button type="button" className={button} aria-disabled={leaving} onClick={() => session.send({ type: 'logout.confirm' })}>
          {leaving && <Spinner />}
          {texts.logoutConfirm}
        </button>
      </div>
    </ModalDialog>
  )
}

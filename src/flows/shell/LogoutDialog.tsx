import * as Dialog from '@radix-ui/react-dialog'
import { useSelector } from '@xstate/react'
import { session as texts } from '../../../machines/messages'
import { useSession } from '../../session/session'
import { Spinner } from '../../ui/Feedback'
import { buttonSecondary } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './shell.css'

/** spec §2 logout dialog; its open state is the session machine's, the view only mirrors it. */
export function LogoutDialog() {
  const session = useSession()
  const leaving = useSelector(session, (s) => s.matches({ signedIn: { dialog: 'loggingOut' } }))
  const open = useSelector(session, (s) => s.matches({ signedIn: { dialog: 'confirmingLogout' } })) || leaving
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && session.send({ type: 'logout.close' })}>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content className={css.dialog}>
          <Dialog.Title>{texts.logoutTitle}</Dialog.Title>
          <Dialog.Description>{texts.logoutQuestion}</Dialog.Description>
          <div className={css.dialogActions}>
            <Dialog.Close className={buttonSecondary}>{texts.logoutCancel}</Dialog.Close>
            <button type="button" className={button} aria-disabled={leaving} onClick={() => session.send({ type: 'logout.confirm' })}>
              {leaving && <Spinner />}
              {texts.logoutConfirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

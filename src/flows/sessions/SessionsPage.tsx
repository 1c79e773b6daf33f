import { useRef } from 'react'
import { sessionsMachine } from '../../../machines/sessions/sessions.machine'
import { sessionsScreen, type SessionItem, type SessionsScreen } from '../../../machines/sessions/sessions.screen'
import type { SessionsEvent } from '../../../machines/sessions/sessions.types'
import { formatBankDateTime } from '../../ui/bankTime'
import { Dialog } from '../../ui/Dialog'
import { actions as dialogActions } from '../../ui/dialog.css'
import { Banner, Spinner } from '../../ui/Feedback'
import { buttonSecondary, card, retryButton } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import { useFlow } from '../useFlow'
import { closeOtherSessions, closeSession, loadSessions } from './actors'
import * as css from './sessions.css'

const actors = { loadSessions, closeSession, closeOtherSessions }

type Send = (event: SessionsEvent) => void

/** rulings §9.4: one open session — device, address, opened, last activity; "Cette session" or its end button. */
function Session({ item, busy, send }: { item: SessionItem; busy: boolean; send: Send }) {
  return (
    <li className={css.item}>
      <div>
        <p className={css.device}>
          {item.device}
          {item.currentLabel && <span className={css.current}>{item.currentLabel}</span>}
        </p>
        <p className={css.details}>
          {item.addressLabel} : {item.address}
          <br />
          {item.openedAt.label} <time dateTime={item.openedAt.iso}>{formatBankDateTime(item.openedAt.iso)}</time>
          <br />
          {item.lastSeenAt.label} <time dateTime={item.lastSeenAt.iso}>{formatBankDateTime(item.lastSeenAt.iso)}</time>
        </p>
      </div>
      {item.endLabel && (
        <button
          type="button"
          className={buttonSecondary}
          aria-disabled={busy}
          aria-label={`${item.endLabel} : ${item.device}, ${item.address}`}
          onClick={() => send({ type: 'session.end', id: item.id })}
        >
          {item.endLabel}
        </button>
      )}
    </li>
  )
}

/** The confirmation before a session (or all the others) is ended: nothing is ended without it. */
function ConfirmDialog({ dialog, send }: { dialog: NonNullable<SessionsScreen['dialog']>; send: Send }) {
  const keep = useRef<HTMLButtonElement>(null)
  const cancel = () => send({ type: 'end.cancel' })
  return (
    <Dialog title={dialog.title} description={dialog.text} onCancel={cancel} cancelOnOutsideClick initialFocus={keep}>
      <div className={dialogActions}>
        <button ref={keep} type="button" className={buttonSecondary} aria-disabled={dialog.busy} onClick={cancel}>
          {dialog.cancel}
        </button>
        <button type="button" className={button} aria-disabled={dialog.busy} onClick={() => send({ type: 'end.confirm' })}>
          {dialog.busy && <Spinner />}
          {dialog.confirm}
        </button>
      </div>
    </Dialog>
  )
}

/** rulings §9.4 "Sessions et appareils": the customer's open sessions, and ending the others. */
export function SessionsPage() {
  const [screen, send] = useFlow(sessionsMachine, { screen: sessionsScreen, actors })
  usePageTitle(screen.title)
  const busy = screen.busy || screen.dialog !== null

  return (
    <>
      <h1>{screen.title}</h1>
      <p>{screen.intro}</p>
      <div aria-live="polite">{screen.notice && <Banner kind="success">{screen.notice}</Banner>}</div>
      {screen.error &&
        (screen.retry ? (
          // The message is announced (alert) and stays a button for the click that reads again.
          <div role="alert">
            <button type="button" className={retryButton} onClick={() => send({ type: 'sessions.retry' })}>
              {screen.error}
            </button>
          </div>
        ) : (
          <Banner kind="error">{screen.error}</Banner>
        ))}
      <section className={card} aria-label={screen.listLabel} aria-busy={screen.busy}>
        {screen.busy && screen.items.length === 0 && <Spinner />}
        {screen.items.length > 0 && (
          <ul className={css.list}>
            {screen.items.map((item) => (
              <Session key={item.id} item={item} busy={busy} send={send} />
            ))}
          </ul>
        )}
        {screen.noOther && <p className={css.footer}>{screen.noOther}</p>}
        {screen.endOthers && (
          <div className={css.footer}>
            <button type="button" className={button} aria-disabled={busy} onClick={() => send({ type: 'sessions.endOthers' })}>
              {screen.endOthers}
            </button>
          </div>
        )}
      </section>
      {screen.dialog && <ConfirmDialog dialog={screen.dialog} send={send} />}
    </>
  )
}

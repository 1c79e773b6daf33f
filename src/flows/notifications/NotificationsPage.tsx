import { clsx } from 'clsx'
import { notifications as texts } from '../../../machines/messages'
import { notificationsMachine } from '../../../machines/notifications/notifications.machine'
import { notificationsScreen, type NotificationItem } from '../../../machines/notifications/notifications.screen'
import { Banner, Spinner } from '../../ui/Feedback'
import { formatBankDateTime, timesInBankZone } from '../../ui/bankTime'
import { usePageTitle } from '../../ui/usePageTitle'
import { buttonSecondary, card, linkButton } from '../../ui/controls.css'
import { button, visuallyHidden } from '../../ui/ui.css'
import { loadNotifications, markSeen } from './actors'
import * as css from './notifications.css'
import { useFlow } from '../useFlow'

const formatDate = (iso: string) => formatBankDateTime(iso)

function Item({ item, onShow }: { item: NotificationItem; onShow: () => void }) {
  return (
    <li className={css.item}>
      <span className={clsx(css.dot, !item.seen && css.unread)} aria-hidden="true" />
      <div className={css.body}>
        <span className={css.title}>
          <span className={visuallyHidden}>{item.seen ? texts.read : texts.unread} : </span>
          {item.title}
        </span>
        <p className={css.text}>{item.content ?? item.preview}</p>
        <time className={css.date} dateTime={item.createdAt}>
          {formatDate(item.createdAt)}
        </time>
        {item.content === null && (
          <span>
            <button type="button" className={linkButton} aria-label={`${texts.show} : ${item.title}`} onClick={onShow}>
              {texts.show}
            </button>
          </span>
        )}
      </div>
    </li>
  )
}

/** spec §2 /app/notification: the notifications, 5 per page, with their pagination. */
export function NotificationsPage() {
  usePageTitle(texts.title)
  const [screen, send] = useFlow(notificationsMachine, { screen: notificationsScreen, actors: { loadNotifications, markSeen } })
  const showPager = screen.pages.length > 0

  return (
    <>
      <h1>{texts.title}</h1>
      <section className={card} aria-label={texts.title} aria-busy={screen.busy}>
        {screen.busy && <Spinner />}
        {screen.error && (
          <Banner kind="error">
            <p>{screen.error}</p>
            <button type="button" className={buttonSecondary} onClick={() => send({ type: 'notifications.retry' })}>
              {texts.retry}
            </button>
          </Banner>
        )}
        {showPager && screen.items.length === 0 && <p>{texts.empty}</p>}
        {screen.items.length > 0 && <p className={css.zoneNote}>{timesInBankZone()}</p>}
        {screen.items.length > 0 && (
          <ul className={css.list} aria-label={texts.listLabel}>
            {screen.items.map((item) => (
              <Item key={item.id} item={item} onShow={() => send({ type: 'notification.show', id: item.id })} />
            ))}
          </ul>
        )}
        {showPager && (
          <nav aria-label={texts.paginationLabel}>
            <ul className={css.pager}>
              <li>
                <button
                  type="button"
                  className={clsx(buttonSecondary, css.pageButton)}
                  aria-disabled={!screen.prevEnabled}
                  onClick={() => screen.prevEnabled && send({ type: 'page.prev' })}
                >
                  {texts.prev}
                </button>
              </li>
              {screen.pages.map((p) => (
                <li key={p.page} className={p.onPhone ? undefined : css.offPhone}>
                  <button
                    type="button"
                    className={clsx(p.current ? button : buttonSecondary, css.pageButton)}
                    aria-label={texts.pageLabel(p.label)}
                    aria-current={p.current ? 'page' : undefined}
                    onClick={() => !p.current && send({ type: 'page.go', page: p.page })}
                  >
                    {p.label}
                  </button>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className={clsx(buttonSecondary, css.pageButton)}
                  aria-disabled={!screen.nextEnabled}
                  onClick={() => screen.nextEnabled && send({ type: 'page.next' })}
                >
                  {texts.next}
                </button>
              </li>
            </ul>
          </nav>
        )}
      </section>
    </>
  )
}

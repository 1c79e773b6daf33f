/** What the notifications screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import type { notificationsMachine } from './notifications.machine.ts'
import { pageCount, pageLinks, previewOf } from './notifications.rules.ts'
import { PHONE_PAGE_LINKS } from './notifications.types.ts'

export interface NotificationItem {
  id: string
  title: string
  /** spec §2: 20 characters followed by " ..." (a short content whole). */
  preview: string
  /** The full content once "afficher" was clicked, `null` before. */
  content: string | null
  /** ISO 8601, as the answer gives it; the view formats the date. */
  createdAt: string
  /** The icon: seen or unseen. */
  seen: boolean
}

export interface PageLink {
  /** Zero-based: the `page` of `page.go`. */
  page: number
  /** What the link shows (1-based). */
  label: string
  current: boolean
  /** Kept on a phone: one of the `PHONE_PAGE_LINKS` around the current page (the others would put the pager on two lines). */
  onPhone: boolean
}

export interface NotificationsScreen {
  busy: boolean
  /** The page's items (`[]` while loading, on failure, or when there is none). */
  items: NotificationItem[]
  /** The failure banner, `null` when none. */
  error: string | null
  /** At most 7 page links around the current page (none while loading or on failure). */
  pages: PageLink[]
  prevEnabled: boolean
  nextEnabled: boolean
}

/** spec §2, §9: at most 7 page links; on a phone the 3 around the current page (decision: the pager stays on one line). */
function pagesOf(current: number, total: number): PageLink[] {
  const phone = pageLinks(current, total, PHONE_PAGE_LINKS)
  return pageLinks(current, total).map((p) => ({ page: p, label: String(p + 1), current: p === current, onPhone: phone.includes(p) }))
}

export function notificationsScreen(snapshot: SnapshotFrom<typeof notificationsMachine>): NotificationsScreen {
  const c = snapshot.context
  const shown = snapshot.matches({ list: 'shown' })
  const total = pageCount(c.count, c.size)
  return {
    busy: snapshot.matches({ list: 'loading' }),
    items: shown
      ? c.notifications.map((n) => ({
          id: n.id,
          title: n.title,
          preview: previewOf(n.content),
          content: c.revealed.includes(n.id) ? n.content : null,
          createdAt: n.createdAt,
          seen: n.seen,
        }))
      : [],
    error: snapshot.matches({ list: 'failed' }) ? c.error : null,
    pages: shown ? pagesOf(c.page, total) : [],
    prevEnabled: shown && c.page > 0,
    nextEnabled: shown && c.page + 1 < total,
  }
}

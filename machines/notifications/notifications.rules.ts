/** The pure rules of the notifications flow: its fresh context, its form errors, what an answer means. */
import { notifications as texts } from '../messages.ts'
import { MAX_PAGE_LINKS, NOTIFICATION_PAGE_SIZE, type NotificationListAnswer, type NotificationsContext, PREVIEW_LENGTH } from './notifications.types.ts'
import { isHttpSuccess } from '../shared/answers.ts'

export function freshNotificationsContext(): NotificationsContext {
  return { page: 0, size: NOTIFICATION_PAGE_SIZE, notifications: [], count: 0, revealed: [], toMark: [], error: null }
}

/** spec §2, REQ-SCREEN-NOTIF-01, REQ-CHOICE-11: the content cut to 20 characters followed by " ..."; a shorter content shows whole. */
export function previewOf(content: string): string {
  const chars = Array.from(content)
  return chars.length > PREVIEW_LENGTH ? chars.slice(0, PREVIEW_LENGTH).join('') + texts.previewSuffix : content
}

/** The number of pages (at least 1, so that an empty list still has its page). */
export const pageCount = (count: number, size: number = NOTIFICATION_PAGE_SIZE): number => Math.max(1, Math.ceil(Math.max(0, count) / size))

/** spec §2, §9: at most 7 page numbers (zero-based), around the current page. */
export function pageLinks(page: number, total: number, max: number = MAX_PAGE_LINKS): number[] {
  const start = Math.max(0, Math.min(page - Math.floor(max / 2), total - max))
  const end = Math.min(total, start + max)
  return Array.from({ length: end - start }, (_, i) => start + i)
}

/** A usable list answer: 2xx, code '0', a list. */
export function isListAnswer({ status, body }: NotificationListAnswer): boolean {
  return isHttpSuccess(status) && body !== null && body.code === '0' && Array.isArray(body.notifications)
}

export const isValidPage = (context: NotificationsContext, page: number) =>
  Number.isInteger(page) && page >= 0 && page < pageCount(context.count, context.size) && page !== context.page

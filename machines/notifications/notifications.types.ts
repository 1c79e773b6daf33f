/** The types of the notifications flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'

/** spec §9: page size 5 (REQ-CONST-03). */
export const NOTIFICATION_PAGE_SIZE = 5
/** spec §9: the preview is the content cut to 20 characters (REQ-CONST-03). */
export const PREVIEW_LENGTH = 20
/** spec §2, §9: at most 7 page links. */
export const MAX_PAGE_LINKS = 7
/** On a phone, the page links around the current one that fit on the pager's one line with Prev and Next. */
export const PHONE_PAGE_LINKS = 3

export type Notification = components['schemas']['Notification']

/** The input of `loadNotifications` (GET notifications?page&size; page zero-based). */
export interface LoadNotificationsInput {
  page: number
  size: number
}
export type NotificationListBody = Partial<components['schemas']['NotificationListResponse']> & { message?: string }
/** What `loadNotifications` resolves with; it rejects only when no answer came. */
export interface NotificationListAnswer {
  status: number
  body: NotificationListBody | null
}

/** The input of `markSeen` (GET notification/show/{id}). */
export interface MarkSeenInput {
  id: string
}
export type NotificationShowBody = Partial<components['schemas']['NotificationShowResponse']> & { message?: string }
/** What `markSeen` resolves with; it rejects only when no answer came. */
export interface MarkSeenAnswer {
  status: number
  body: NotificationShowBody | null
}

/** The params of `refreshNotifications`: the shell's counter goes down (`confirmed` once the server answered). */
export interface CounterNotice {
  id: string
  confirmed: boolean
}

export interface NotificationsContext {
  /** The page shown or being loaded, zero-based (spec §7). */
  page: number
  /** spec §9: 5. */
  size: number
  /** The notifications of the page shown. */
  notifications: Notification[]
  /** The total number of notifications (the answer's `count`). */
  count: number
  /** The notifications whose full content is revealed ("afficher"). */
  revealed: string[]
  /** The notifications still to be marked seen on the server, in click order (the first is under way). */
  toMark: string[]
  /** The list failure message (`failed`), `null` otherwise (and after a session end). */
  error: string | null
}

export type NotificationsEvent =
  /** A page link (zero-based page). */
  | { type: 'page.go'; page: number }
  /** "Next". */
  | { type: 'page.next' }
  /** "Prev". */
  | { type: 'page.prev' }
  /** "afficher" on a notification. */
  | { type: 'notification.show'; id: string }
  /** Try the failed page again. */
  | { type: 'notifications.retry' }

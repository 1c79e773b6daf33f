/**
 * The notifications (spec §2 /app/notification; §3 Notification; §4 Notification; §7 notifications,
 * notification/show/{id}; §8 notification list failure; §9 page size 5, zero-based page, preview 20
 * characters, at most 7 page links).
 *
 * Two parallel regions, so that marking a notification seen never blocks the list:
 *
 *   list:  loading ──code '0'──▶ shown ──page.go / page.next / page.prev [another page]──▶ loading
 *             │ ──code other than '0', HTTP error, no answer──▶ failed ──page.go / notifications.retry──▶ loading
 *             └── HTTP 403 / code '2' ──▶ failed, without message (the session signs out)
 *
 *   seen:  idle ──notification.show of an unseen one──▶ marking (markSeen {id}, one at a time, queued)
 *
 * "afficher" (`notification.show {id}`) reveals the full content at once and, when the notification
 * was unseen, marks it seen locally, fires `notifyCounter` {id, confirmed: false} so that the shell's
 * counter goes down at once, and queues `markSeen` {id} (GET notification/show/{id}); its answer
 * fires `notifyCounter` {id, confirmed: true} (the app may then read notification-size again). A
 * notification already seen is only revealed: the server knows it already.
 *
 * Choices (spec silent, documented here):
 * - A page event while a page loads is ignored (one request at a time).
 * - Preview: a content of 20 characters or less shows whole, without " ..." (nothing is cut).
 * - A failed markSeen (no answer, HTTP error) is not shown: the notification stays revealed and
 *   seen on this screen; the server will list it unseen on the next visit.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../openapi/schema'
import { notifications as texts } from './messages.ts'

// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/)
// ---------------------------------------------------------------------------------------------

/** spec §9: page size 5. */
export const NOTIFICATION_PAGE_SIZE = 5
/** spec §9: the preview is the content cut to 20 characters. */
export const PREVIEW_LENGTH = 20
/** spec §2, §9: at most 7 page links. */
export const MAX_PAGE_LINKS = 7

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

/** The params of `notifyCounter`: the shell's counter goes down (`confirmed` once the server answered). */
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

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

const ok = (status: number) => status >= 200 && status < 300

export function freshNotificationsContext(): NotificationsContext {
  return { page: 0, size: NOTIFICATION_PAGE_SIZE, notifications: [], count: 0, revealed: [], toMark: [], error: null }
}

/** spec §2: the content cut to 20 characters followed by " ..."; a shorter content shows whole. */
export function previewOf(content: string): string {
  const chars = Array.from(content)
  return chars.length > PREVIEW_LENGTH ? chars.slice(0, PREVIEW_LENGTH).join('') + texts.previewSuffix : content
}

/** The number of pages (at least 1, so that an empty list still has its page). */
export const pageCount = (count: number, size: number = NOTIFICATION_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / size))

/** spec §2, §9: at most 7 page numbers (zero-based), around the current page. */
export function pageLinks(page: number, total: number, max: number = MAX_PAGE_LINKS): number[] {
  const start = Math.max(0, Math.min(page - Math.floor(max / 2), total - max))
  const end = Math.min(total, start + max)
  return Array.from({ length: end - start }, (_, i) => start + i)
}

/** spec §4 Session: HTTP 403 or code '2'. */
const isSessionEndedAnswer = ({ status, body }: { status: number; body: { code?: string } | null }) =>
  status === 403 || body?.code === '2'

/** A usable list answer: 2xx, code '0', a list. */
export function isListAnswer({ status, body }: NotificationListAnswer): boolean {
  return ok(status) && body !== null && body.code === '0' && Array.isArray(body.notifications)
}

const isValidPage = (context: NotificationsContext, page: number) =>
  Number.isInteger(page) && page >= 0 && page < pageCount(context.count, context.size) && page !== context.page

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

const listAnswer = ({ event }: { event: { output: NotificationListAnswer } }) => event.output

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    /** GET notifications?page&size → HTTP status and body. Provided by src/. */
    loadNotifications: fromPromise<NotificationListAnswer, LoadNotificationsInput>(async () => {
      throw new Error('loadNotifications: provided by src/')
    }),
    /** GET notification/show/{id}, which also marks it seen → HTTP status and body. Provided by src/. */
    markSeen: fromPromise<MarkSeenAnswer, MarkSeenInput>(async () => {
      throw new Error('markSeen: provided by src/')
    }),
  },
  guards: {
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: NotificationListAnswer) => isSessionEndedAnswer(answer),
    /** spec §3, §8: a usable list answer (HTTP success, code '0', a list of notifications). */
    isListAnswer: (_, answer: NotificationListAnswer) => isListAnswer(answer),
    /** spec §2, §9: a page link to another page that exists (zero-based, spec §7). */
    isOtherPage: ({ context, event }) => event.type === 'page.go' && isValidPage(context, event.page),
    /** spec §2, §7: a page link to a page number (zero-based), taken after a failure whatever the page. */
    isAnyPage: ({ event }) => event.type === 'page.go' && Number.isInteger(event.page) && event.page >= 0,
    /** spec §2: there is a page after this one ("Next" is enabled). */
    hasNext: ({ context }) => context.page + 1 < pageCount(context.count, context.size),
    /** spec §2: there is a page before this one ("Prev" is enabled). */
    hasPrev: ({ context }) => context.page > 0,
    /** spec §4 Notification: "afficher" on a notification of the page that is still unseen. */
    isUnseen: ({ context, event }) =>
      event.type === 'notification.show' && context.notifications.some((n) => n.id === event.id && !n.seen),
    /** spec §2: "afficher" on a notification of the page. */
    isListed: ({ context, event }) =>
      event.type === 'notification.show' && context.notifications.some((n) => n.id === event.id),
    /** spec §4 Notification: a notification opened is still to be reported to the server as seen. */
    hasMoreToMark: ({ context }) => context.toMark.length > 0,
  },
  actions: {
    /** The shell's notification counter goes down. Provided by src/. */
    notifyCounter: (_, _notice: CounterNotice) => provided('notifyCounter')(),

    /** spec §7: the page to load (zero-based). */
    setPage: assign({ page: (_, { page }: { page: number }) => page }),
    /** spec §3: the page's notifications and the total count (which gives the pages); none revealed yet. */
    setList: assign((_, answer: NotificationListAnswer) => {
      const list = answer.body?.notifications ?? []
      return {
        notifications: list,
        count: typeof answer.body?.count === 'number' ? answer.body.count : list.length,
        revealed: [],
      }
    }),
    /** spec §2 /app/notification: empties the page while another one loads. */
    clearList: assign({ notifications: [], revealed: [] }),
    /** spec §8 notification list: sets the error banner (notifications.loadError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
    /** spec §2, §4 Notification: "afficher" shows the full content. */
    reveal: assign({
      revealed: ({ context }, { id }: { id: string }) => (context.revealed.includes(id) ? context.revealed : [...context.revealed, id]),
    }),
    /** spec §4 Notification: the notification shows as seen at once (its icon). */
    markSeenLocally: assign({
      notifications: ({ context }, { id }: { id: string }) =>
        context.notifications.map((n) => (n.id === id ? { ...n, seen: true } : n)),
    }),
    /** spec §4 Notification, §7: queues notification/show/{id}, which tells the server it was seen (in click order). */
    queueMark: assign({
      toMark: ({ context }, { id }: { id: string }) => (context.toMark.includes(id) ? context.toMark : [...context.toMark, id]),
    }),
    /** The server's copy of the notification, when it sent one (seen kept true). */
    mergeShown: assign({
      notifications: ({ context }, answer: MarkSeenAnswer) => {
        const shown = ok(answer.status) && answer.body?.code === '0' ? answer.body.notification : undefined
        return shown ? context.notifications.map((n) => (n.id === shown.id ? { ...shown, seen: true } : n)) : context.notifications
      },
    }),
    /** spec §4 Notification: the first queued notification was reported (or the call failed); on to the next. */
    dequeueMark: assign({ toMark: ({ context }) => context.toMark.slice(1) }),
  },
}).createMachine({
  id: 'notifications',
  description:
    'The notifications, 5 per page: icon unseen or seen, title, preview of 20 characters, date, the ' +
    '"afficher" link that reveals the full text; Prev, Next and at most 7 page links (spec §2 /app/notification).',
  context: freshNotificationsContext,
  type: 'parallel',
  states: {
    list: {
      description: 'The page of notifications and its pagination.',
      meta: { spec: 'spec §2 /app/notification; spec §9 (page size 5, zero-based page, 7 page links)' },
      initial: 'loading',
      states: {
        loading: {
          description: 'The spinner: the page of notifications is being loaded.',
          meta: { spec: 'spec §7 notifications (page zero-based, size 5)' },
          entry: ['clearList', { type: 'showError', params: { message: null } }],
          invoke: {
            id: 'loadNotifications',
            src: 'loadNotifications',
            input: ({ context }) => ({ page: context.page, size: context.size }),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: listAnswer },
                target: 'failed',
                description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'isListAnswer', params: listAnswer },
                target: 'shown',
                actions: { type: 'setList', params: listAnswer },
                description: "spec §3, §7: code '0' — the page's notifications and the total count",
              },
              {
                target: 'failed',
                actions: { type: 'showError', params: { message: texts.loadError } },
                description: "spec §8 notification list: a code other than '0' (or an HTTP error, an unreadable body)",
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 notification list failure: no answer (network failure, timeout)',
            },
          },
          on: {
            'page.go': { description: 'one request at a time: a page link while a page loads is ignored — decision (docs/decisions.md, Common rules)' },
            'page.next': { description: 'one request at a time: Next while a page loads is ignored — decision (docs/decisions.md, Common rules)' },
            'page.prev': { description: 'one request at a time: Prev while a page loads is ignored — decision (docs/decisions.md, Common rules)' },
          },
        },
        shown: {
          description:
            'The list (or an empty list), each item with its icon, title, preview or full content, date and ' +
            '"afficher"; Prev and Next, enabled when there is a page before or after; the page links.',
          meta: { spec: 'spec §2 /app/notification; spec §4 Notification; spec §9 (preview 20 characters)' },
          on: {
            'page.go': {
              guard: 'isOtherPage',
              target: 'loading',
              actions: { type: 'setPage', params: ({ event }) => event },
              description: 'spec §2: a page link loads that page (zero-based, spec §7)',
            },
            'page.next': {
              guard: 'hasNext',
              target: 'loading',
              actions: { type: 'setPage', params: ({ context }) => ({ page: context.page + 1 }) },
              description: 'spec §2: Next loads the following page, when there is one',
            },
            'page.prev': {
              guard: 'hasPrev',
              target: 'loading',
              actions: { type: 'setPage', params: ({ context }) => ({ page: context.page - 1 }) },
              description: 'spec §2: Prev loads the previous page, when there is one',
            },
            'notification.show': [
              {
                guard: 'isUnseen',
                actions: [
                  { type: 'reveal', params: ({ event }) => event },
                  { type: 'markSeenLocally', params: ({ event }) => event },
                  { type: 'notifyCounter', params: ({ event }) => ({ id: event.id, confirmed: false }) },
                  { type: 'queueMark', params: ({ event }) => event },
                ],
                description:
                  'spec §4 Notification: "afficher" on an unseen one shows the full content, marks it seen and ' +
                  'tells the server; the shell counter goes down at once',
              },
              {
                guard: 'isListed',
                actions: { type: 'reveal', params: ({ event }) => event },
                description: 'spec §2: "afficher" on a seen one reveals the full text; the server knows it already',
              },
            ],
          },
        },
        failed: {
          description: 'The error banner notifications.loadError (none after a session end); a retry link.',
          meta: { spec: 'spec §8 Notification list code other than 0 or failure' },
          on: {
            'notifications.retry': {
              target: 'loading',
              description: 'the customer may load the same page again — decision (docs/decisions.md, Common rules)',
            },
            'page.go': {
              guard: 'isAnyPage',
              target: 'loading',
              actions: { type: 'setPage', params: ({ event }) => event },
              description: 'spec §2, §7: a page link loads that page (zero-based), also after a failure',
            },
          },
        },
      },
    },
    seen: {
      description: 'Telling the server which notifications were seen, one call at a time, in click order.',
      meta: { spec: 'spec §4 Notification; spec §7 notification/show/{id} (also marks it seen)' },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to tell the server.',
          meta: { spec: 'spec §4 Notification' },
          always: {
            guard: 'hasMoreToMark',
            target: 'marking',
            description: 'spec §4: a notification was opened; the server is told it has been seen',
          },
        },
        marking: {
          description: 'GET notification/show/{id} of the first notification queued; the list stays usable.',
          meta: { spec: 'spec §7 notification/show/{id}' },
          invoke: {
            id: 'markSeen',
            src: 'markSeen',
            input: ({ context }) => ({ id: context.toMark[0] ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'mergeShown', params: ({ event }) => event.output },
                { type: 'notifyCounter', params: ({ context }) => ({ id: context.toMark[0] ?? '', confirmed: true }) },
                'dequeueMark',
              ],
              description: 'spec §4: the server knows; the shell counter is told again (the app may read the size)',
            },
            onError: {
              target: 'idle',
              actions: 'dequeueMark',
              description: 'no answer: nothing shown, the notification stays seen on this screen — decision (docs/decisions.md, Common rules)',
            },
          },
        },
      },
    },
  },
})

// ---------------------------------------------------------------------------------------------
// What the screen shows, from a snapshot
// ---------------------------------------------------------------------------------------------

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
    pages: shown ? pageLinks(c.page, total).map((p) => ({ page: p, label: String(p + 1), current: p === c.page })) : [],
    prevEnabled: shown && c.page > 0,
    nextEnabled: shown && c.page + 1 < total,
  }
}

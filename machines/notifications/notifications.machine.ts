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
 * was unseen, marks it seen locally, fires `refreshNotifications` {id, confirmed: false} so that the shell's
 * counter goes down at once, and queues `markSeen` {id} (GET notification/show/{id}); its answer
 * fires `refreshNotifications` {id, confirmed: true} (the app may then read notification-size again). A
 * notification already seen is only revealed: the server knows it already.
 *
 * Choices (spec silent, documented here):
 * - A page event while a page loads is ignored (one request at a time).
 * - Preview: a content of 20 characters or less shows whole, without " ..." (nothing is cut).
 * - A failed markSeen (no answer, HTTP error) is not shown: the notification stays revealed and
 *   seen on this screen; the server will list it unseen on the next visit.
 */
import { assign, setup } from 'xstate'
import { notifications as texts } from '../messages.ts'
import { freshNotificationsContext, isListAnswer, isValidPage, pageCount } from './notifications.rules.ts'
import type {
  CounterNotice,
  LoadNotificationsInput,
  MarkSeenAnswer,
  MarkSeenInput,
  NotificationListAnswer,
  NotificationsContext,
  NotificationsEvent,
} from './notifications.types.ts'
import { isHttpSuccess, isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'

const listAnswer = ({ event }: { event: { output: NotificationListAnswer } }) => event.output

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    /** GET notifications?page&size → HTTP status and body. Provided by src/. */
    loadNotifications: stubActor<NotificationListAnswer, LoadNotificationsInput>('loadNotifications'),
    /** GET notification/show/{id}, which also marks it seen → HTTP status and body. Provided by src/. */
    markSeen: stubActor<MarkSeenAnswer, MarkSeenInput>('markSeen'),
  },
  guards: {
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: NotificationListAnswer) => isSessionEnded(answer),
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
    isUnseen: ({ context, event }) => event.type === 'notification.show' && context.notifications.some((n) => n.id === event.id && !n.seen),
    /** spec §2: "afficher" on a notification of the page. */
    isListed: ({ context, event }) => event.type === 'notification.show' && context.notifications.some((n) => n.id === event.id),
    /** spec §4 Notification: a notification opened is still to be reported to the server as seen. */
    hasMoreToMark: ({ context }) => context.toMark.length > 0,
  },
  actions: {
    /** The shell's notification counter goes down. Provided by src/. */
    refreshNotifications: (_, _notice: CounterNotice) => stubAction('refreshNotifications')(),

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
      notifications: ({ context }, { id }: { id: string }) => context.notifications.map((n) => (n.id === id ? { ...n, seen: true } : n)),
    }),
    /** spec §4 Notification, §7: queues notification/show/{id}, which tells the server it was seen (in click order). */
    queueMark: assign({
      toMark: ({ context }, { id }: { id: string }) => (context.toMark.includes(id) ? context.toMark : [...context.toMark, id]),
    }),
    /** The server's copy of the notification, when it sent one (seen kept true). */
    mergeShown: assign({
      notifications: ({ context }, answer: MarkSeenAnswer) => {
        const shown = isHttpSuccess(answer.status) && answer.body?.code === '0' ? answer.body.notification : undefined
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
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
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
                description: "spec §8 notification list (REQ-ERR-17): a code other than '0' (or an HTTP error, an unreadable body)",
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'showError', params: { message: texts.loadError } },
              description: 'spec §8 notification list failure (REQ-ERR-17): no answer (network failure, timeout)',
            },
          },
          on: {
            'page.go': {
              description: 'one request at a time (REQ-CHOICE-01): a page link while a page loads is ignored — decision (docs/decisions.md, Common rules)',
            },
            'page.next': {
              description: 'one request at a time (REQ-CHOICE-01): Next while a page loads is ignored — decision (docs/decisions.md, Common rules)',
            },
            'page.prev': {
              description: 'one request at a time (REQ-CHOICE-01): Prev while a page loads is ignored — decision (docs/decisions.md, Common rules)',
            },
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
                  { type: 'refreshNotifications', params: ({ event }) => ({ id: event.id, confirmed: false }) },
                  { type: 'queueMark', params: ({ event }) => event },
                ],
                description:
                  'spec §4 Notification, REQ-NOTIF-01: "afficher" on an unseen one shows the full content, marks it seen and ' +
                  'tells the server; the shell counter goes down at once',
              },
              {
                guard: 'isListed',
                actions: { type: 'reveal', params: ({ event }) => event },
                description: 'spec §2, REQ-CHOICE-11: "afficher" on a seen one reveals the full text; the server knows it already',
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
              description: 'the customer may load the same page again (REQ-CHOICE-01) — decision (docs/decisions.md, Common rules)',
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
            description: 'spec §4, REQ-NOTIF-01: a notification was opened; the server is told it has been seen',
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
                { type: 'refreshNotifications', params: ({ context }) => ({ id: context.toMark[0] ?? '', confirmed: true }) },
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

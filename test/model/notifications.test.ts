import { describe, expect, it } from 'vitest'
import { notifications as texts } from '../../machines/messages.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { pageLinks, previewOf } from '../../machines/notifications/notifications.rules.ts'
import { notificationsScreen } from '../../machines/notifications/notifications.screen.ts'
import type { MarkSeenAnswer, Notification, NotificationListAnswer, NotificationsEvent } from '../../machines/notifications/notifications.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const note = (id: string, seen: boolean, content = 'Une connexion à votre banque en ligne a eu lieu.'): Notification => ({
  id,
  title: `Titre ${id}`,
  content,
  createdAt: '2024-05-01T10:00:00Z',
  seen,
})
const n1 = note('n1', false)
const n2 = note('n2', true, 'Court')

const listed = (answer: NotificationListAnswer) => doneEvent('loadNotifications', answer)
const marked = (answer: MarkSeenAnswer) => doneEvent('markSeen', answer)
const pageOf12: NotificationListAnswer = { status: 200, body: { code: '0', count: 12, notifications: [n1, n2] } }
const refused: NotificationListAnswer = { status: 200, body: { code: '1' } }
const expired: NotificationListAnswer = { status: 403, body: { code: '2', message: 'Session expirée' } }
const markOk: MarkSeenAnswer = { status: 200, body: { code: '0', notification: { ...n1, content: 'Texte complet du serveur' } } }

const go = (page: number): NotificationsEvent => ({ type: 'page.go', page })
const next: NotificationsEvent = { type: 'page.next' }
const prev: NotificationsEvent = { type: 'page.prev' }
const show = (id: string): NotificationsEvent => ({ type: 'notification.show', id })
const retry: NotificationsEvent = { type: 'notifications.retry' }

const samples: Array<NotificationsEvent | SyntheticEvent> = [
  go(1),
  next,
  prev,
  show('n1'),
  show('n2'),
  retry,
  listed({ status: 200, body: { code: '0', count: 7, notifications: [n1, n2] } }),
  listed(refused),
  listed(expired),
  errorEvent('loadNotifications', new TypeError('Failed to fetch')),
  marked(markOk),
  errorEvent('markSeen', new TypeError('Failed to fetch')),
]

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

describe('notifications machine — walk of every transition (spec §2 /app/notification, §4, §8)', () => {
  const walk = createWalk(notificationsMachine, {
    screen: notificationsScreen,
    events: samples,
    stubActions: ['refreshNotifications'],
    invariant: (snapshot) => {
      const screen = notificationsScreen(snapshot)
      expect(screen.pages.length).toBeLessThanOrEqual(7)
      expect(screen.error !== null).toBe(snapshot.matches({ list: 'failed' }) && snapshot.context.error !== null)
      expect(snapshot.context.page).toBeGreaterThanOrEqual(0)
      // A revealed notification is a seen one.
      for (const item of screen.items) if (item.content !== null) expect(item.seen).toBe(true)
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(notificationsMachine, { events: [listed(pageOf12)], stubActions: ['refreshNotifications'] })
const play = (...events: Array<NotificationsEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])
const actionCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action').map((c) => [c.name, c.params])

describe('notifications — the list (spec §2, §7, §8, §9)', () => {
  it('loads page 0 of size 5 on opening', async () => {
    const { snapshot, calls } = await play()
    expect(notificationsScreen(snapshot)).toMatchObject({ busy: true, items: [], error: null })
    expect(actorCalls(calls)).toEqual([['loadNotifications', { page: 0, size: 5 }]])
  })

  it('shows the items with a 20-character preview, the pages and Prev/Next', async () => {
    const { snapshot } = await play(listed(pageOf12))
    const screen = notificationsScreen(snapshot)
    expect(screen.items.map((i) => [i.id, i.preview, i.content, i.seen])).toEqual([
      ['n1', 'Une connexion à votr ...', null, false],
      ['n2', 'Court', null, true],
    ])
    expect(screen.pages).toEqual([
      { page: 0, label: '1', current: true, onPhone: true },
      { page: 1, label: '2', current: false, onPhone: true },
      { page: 2, label: '3', current: false, onPhone: true },
    ])
    expect(screen).toMatchObject({ prevEnabled: false, nextEnabled: true, busy: false })
  })

  it('on a phone, the 3 page links around the current page, so that the pager keeps one line', async () => {
    const many: NotificationListAnswer = { status: 200, body: { code: '0', count: 60, notifications: [n1, n2] } }
    const phonePages = async (...moves: Array<ReturnType<typeof go>>) => {
      const { snapshot } = await play(listed(many), ...moves.flatMap((move) => [move, listed(many)]))
      const { pages } = notificationsScreen(snapshot)
      return [pages.length, pages.filter((p) => p.onPhone).map((p) => p.label)]
    }
    expect(await phonePages()).toEqual([7, ['1', '2', '3']])
    expect(await phonePages(go(5))).toEqual([7, ['5', '6', '7']])
    expect(await phonePages(go(5), go(11))).toEqual([7, ['10', '11', '12']])
  })

  it('Next, Prev and a page link load that page (zero-based); out-of-range moves do nothing', async () => {
    const { calls } = await play(listed(pageOf12), next, listed(pageOf12), go(2), listed(pageOf12), next, prev, listed(pageOf12), go(9))
    expect(actorCalls(calls).map(([, input]) => input)).toEqual([
      { page: 0, size: 5 },
      { page: 1, size: 5 },
      { page: 2, size: 5 },
      { page: 1, size: 5 },
    ])
  })

  it('Prev is ignored on the first page; a page event while loading is ignored', async () => {
    const { snapshot, calls } = await play(listed(pageOf12), prev, next, next, go(2))
    expect(snapshot.context.page).toBe(1)
    expect(actorCalls(calls)).toHaveLength(2)
  })

  it.each([
    ["code other than '0'", listed(refused)],
    ['HTTP error', listed({ status: 500, body: null })],
    ['no answer', errorEvent('loadNotifications')],
  ])('%s: "Une erreur lors de la récupération de vos notifications."', async (_, answer) => {
    const { snapshot } = await play(answer)
    expect(notificationsScreen(snapshot).error).toBe('Une erreur lors de la récupération de vos notifications.')
    expect(texts.loadError).toBe('Une erreur lors de la récupération de vos notifications.')
  })

  it('HTTP 403 / code 2: no message (the session signs out)', async () => {
    const { snapshot } = await play(listed(expired))
    expect(snapshot.matches({ list: 'failed' })).toBe(true)
    expect(notificationsScreen(snapshot).error).toBeNull()
  })

  it('retry loads the same page again', async () => {
    const { snapshot, calls } = await play(listed(refused), retry)
    expect(snapshot.matches({ list: 'loading' })).toBe(true)
    expect(actorCalls(calls)).toHaveLength(2)
  })
})

describe('notifications — "afficher" (spec §4 Notification)', () => {
  it('an unseen one: full content, seen at once, counter at once, then the server is told', async () => {
    const first = await play(listed(pageOf12), show('n1'))
    const item = notificationsScreen(first.snapshot).items[0]!
    expect(item).toMatchObject({ content: n1.content, seen: true })
    expect(actorCalls(first.calls)[1]).toEqual(['markSeen', { id: 'n1' }])
    expect(actionCalls(first.calls)).toEqual([['refreshNotifications', { id: 'n1', confirmed: false }]])

    const done = await play(listed(pageOf12), show('n1'), marked(markOk))
    expect(actionCalls(done.calls)).toEqual([
      ['refreshNotifications', { id: 'n1', confirmed: false }],
      ['refreshNotifications', { id: 'n1', confirmed: true }],
    ])
    expect(notificationsScreen(done.snapshot).items[0]!.content).toBe('Texte complet du serveur')
  })

  it('a seen one is only revealed; a second click tells the server nothing more', async () => {
    const { snapshot, calls } = await play(listed(pageOf12), show('n2'), show('n1'), show('n1'))
    expect(notificationsScreen(snapshot).items.map((i) => i.content)).toEqual([n1.content, 'Court'])
    expect(actorCalls(calls).filter(([src]) => src === 'markSeen')).toHaveLength(1)
    expect(actionCalls(calls)).toHaveLength(1)
  })

  it('a failed mark shows nothing and keeps the notification seen', async () => {
    const { snapshot, calls } = await play(listed(pageOf12), show('n1'), errorEvent('markSeen'))
    expect(notificationsScreen(snapshot)).toMatchObject({ error: null })
    expect(snapshot.context.notifications[0]!.seen).toBe(true)
    expect(actionCalls(calls)).toHaveLength(1)
  })
})

describe('notifications — view helpers (spec §2, §9)', () => {
  it('preview: 20 characters then " ..."; 20 or fewer shown whole', () => {
    expect(previewOf('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst ...')
    expect(previewOf('abcdefghijklmnopqrst')).toBe('abcdefghijklmnopqrst')
    expect(previewOf('')).toBe('')
  })

  it('page links: at most 7, around the current page', () => {
    expect(pageLinks(0, 1)).toEqual([0])
    expect(pageLinks(0, 20)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(pageLinks(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13])
    expect(pageLinks(19, 20)).toEqual([13, 14, 15, 16, 17, 18, 19])
    expect(pageLinks(2, 5)).toEqual([0, 1, 2, 3, 4])
  })
})

/**
 * "Sessions et appareils" (rulings §9.4): every transition of the sessions machine walked, then what
 * each answer shows — the list with the current session first and marked, ending one of the others
 * or all of them after a confirmation, the failures.
 */
import { describe, expect, it } from 'vitest'
import { sessionList as texts } from '../../machines/messages.ts'
import { sessionsMachine } from '../../machines/sessions/sessions.machine.ts'
import { sessionsScreen } from '../../machines/sessions/sessions.screen.ts'
import type { CloseOthersAnswer, CloseSessionAnswer, CustomerSession, SessionListAnswer, SessionsEvent } from '../../machines/sessions/sessions.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const laptop: CustomerSession = {
  id: '11',
  browser: 'Chrome 131',
  system: 'Windows',
  address: '197.243.12.4',
  createdAt: '2026-11-26T08:00:00.000Z',
  lastSeenAt: '2026-11-26T09:30:00.000Z',
  current: false,
}
const phone: CustomerSession = { ...laptop, id: '12', browser: 'Safari 17', system: 'iOS 17.5', address: '41.243.7.9', current: true }
const unknown: CustomerSession = { id: '13', address: '', createdAt: laptop.createdAt, lastSeenAt: laptop.lastSeenAt, current: false }

const list = (...sessions: CustomerSession[]): SessionListAnswer => ({ status: 200, body: { code: '0', sessions } })
const listed = (answer: SessionListAnswer) => doneEvent('loadSessions', answer)
const closed = (answer: CloseSessionAnswer) => doneEvent('closeSession', answer)
const othersClosed = (answer: CloseOthersAnswer) => doneEvent('closeOtherSessions', answer)
const expired = { status: 403, body: { code: '2', message: 'Votre session a expiré.' } }

const end = (id: string): SessionsEvent => ({ type: 'session.end', id })
const endOthers: SessionsEvent = { type: 'sessions.endOthers' }
const confirm: SessionsEvent = { type: 'end.confirm' }
const cancel: SessionsEvent = { type: 'end.cancel' }
const retry: SessionsEvent = { type: 'sessions.retry' }

const samples = [
  listed(list(laptop, phone)),
  listed(list(phone)),
  listed(expired),
  listed({ status: 500, body: null }),
  errorEvent('loadSessions'),
  retry,
  end(laptop.id),
  end(phone.id),
  endOthers,
  confirm,
  cancel,
  closed({ status: 200, body: { code: '0', message: 'La session a été fermée.' } }),
  closed(expired),
  closed({ status: 409, body: { code: '1', message: 'Cette session est celle que vous utilisez.' } }),
  errorEvent('closeSession'),
  othersClosed({ status: 200, body: { code: '0', ended: 1, message: 'Une autre session a été fermée.' } }),
  othersClosed(expired),
  othersClosed({ status: 500, body: null }),
  errorEvent('closeOtherSessions'),
]

describe('sessions machine — walk of every transition (rulings §9.4)', () => {
  const walk = createWalk(sessionsMachine, {
    screen: sessionsScreen,
    events: samples,
    invariant: (snapshot) => {
      const screen = sessionsScreen(snapshot)
      // never both banners; never a button to end the current session
      expect(screen.error !== null && screen.notice !== null).toBe(false)
      expect(screen.items.filter((i) => i.currentLabel !== null && i.endLabel !== null)).toEqual([])
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(sessionsMachine, { events: samples })
const play = (...events: Array<SessionsEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])

describe('the list (rulings §9.4)', () => {
  it('each session: device, address, opened, last activity; the current one first, marked, without an end button', async () => {
    const { snapshot } = await play(listed(list(laptop, phone, unknown)))
    const screen = sessionsScreen(snapshot)
    expect(screen.title).toBe('Sessions et appareils')
    expect(screen.items).toEqual([
      {
        id: '12',
        device: 'Safari 17 sur iOS 17.5',
        addressLabel: texts.addressLabel,
        address: '41.243.7.9',
        openedAt: { label: 'Ouverte le', iso: phone.createdAt },
        lastSeenAt: { label: 'Dernière activité', iso: phone.lastSeenAt },
        currentLabel: 'Cette session',
        endLabel: null,
      },
      expect.objectContaining({ id: '11', device: 'Chrome 131 sur Windows', currentLabel: null, endLabel: 'Fermer cette session' }),
      expect.objectContaining({ id: '13', device: texts.unknownDevice, address: texts.unknownAddress }),
    ])
    expect(screen).toMatchObject({ busy: false, endOthers: 'Fermer toutes les autres sessions', noOther: null, dialog: null })
  })

  it('only this session: no end button, the line saying so', async () => {
    const screen = sessionsScreen((await play(listed(list(phone)))).snapshot)
    expect(screen).toMatchObject({ endOthers: null, noOther: texts.noOther })
  })

  it('a failure: the message, a click reads again; an ended session: no message', async () => {
    const failed = await play(errorEvent('loadSessions'))
    expect(sessionsScreen(failed.snapshot)).toMatchObject({ error: texts.loadError, retry: true, items: [] })
    const again = await play(errorEvent('loadSessions'), retry)
    expect(sessionsScreen(again.snapshot)).toMatchObject({ busy: true, error: null })
    expect(actorCalls(again.calls)).toEqual([
      ['loadSessions', undefined],
      ['loadSessions', undefined],
    ])
    expect(sessionsScreen((await play(listed(expired))).snapshot)).toMatchObject({ error: null, retry: false, items: [] })
  })
})

describe('ending sessions (rulings §9.4)', () => {
  it('"Fermer cette session" asks first, naming the device; cancel ends nothing', async () => {
    const asked = await play(listed(list(laptop, phone)), end(laptop.id))
    expect(sessionsScreen(asked.snapshot).dialog).toEqual({
      title: texts.confirmOneTitle,
      text: texts.confirmOneText('Chrome 131 sur Windows'),
      confirm: texts.confirmOne,
      cancel: texts.cancel,
      busy: false,
    })
    const cancelled = await play(listed(list(laptop, phone)), end(laptop.id), cancel)
    expect(sessionsScreen(cancelled.snapshot).dialog).toBeNull()
    expect(actorCalls(cancelled.calls)).toEqual([['loadSessions', undefined]])
  })

  it('never the current session, nor one not listed', async () => {
    for (const id of [phone.id, '999']) {
      const { snapshot } = await play(listed(list(laptop, phone)), end(id))
      expect(sessionsScreen(snapshot).dialog).toBeNull()
    }
  })

  it('confirmed: that session is ended, the list read again with the message', async () => {
    const { snapshot, calls } = await play(listed(list(laptop, phone)), end(laptop.id), confirm, closed({ status: 200, body: { code: '0' } }))
    expect(actorCalls(calls)).toEqual([
      ['loadSessions', undefined],
      ['closeSession', { id: '11' }],
      ['loadSessions', undefined],
    ])
    expect(sessionsScreen(snapshot)).toMatchObject({ busy: true, notice: texts.ended, dialog: null })
    const after = await play(listed(list(laptop, phone)), end(laptop.id), confirm, closed({ status: 200, body: { code: '0' } }), listed(list(phone)))
    expect(sessionsScreen(after.snapshot)).toMatchObject({ notice: texts.ended, items: [expect.objectContaining({ id: '12' })], noOther: texts.noOther })
  })

  it('already over (404): the list is read again, saying so', async () => {
    const { snapshot } = await play(listed(list(laptop, phone)), end(laptop.id), confirm, closed({ status: 404, body: { message: 'Ressource introuvable.' } }))
    expect(sessionsScreen(snapshot)).toMatchObject({ notice: texts.alreadyEnded })
  })

  it('refused or no answer: the failure message, the list kept', async () => {
    const refused = await play(listed(list(laptop, phone)), end(laptop.id), confirm, closed({ status: 409, body: { code: '1', message: 'Déconnectez-vous.' } }))
    expect(sessionsScreen(refused.snapshot)).toMatchObject({ error: 'Déconnectez-vous.', dialog: null, items: [expect.anything(), expect.anything()] })
    const lost = await play(listed(list(laptop, phone)), end(laptop.id), confirm, errorEvent('closeSession'))
    expect(sessionsScreen(lost.snapshot)).toMatchObject({ error: texts.endError })
  })

  it('"Fermer toutes les autres sessions": asks with how many, then ends them and reads again', async () => {
    const asked = await play(listed(list(laptop, phone, unknown)), endOthers)
    expect(sessionsScreen(asked.snapshot).dialog).toMatchObject({ title: texts.confirmOthersTitle, text: texts.confirmOthersText(2), busy: false })
    const busy = await play(listed(list(laptop, phone, unknown)), endOthers, confirm)
    expect(sessionsScreen(busy.snapshot).dialog).toMatchObject({ busy: true })
    const done = await play(
      listed(list(laptop, phone, unknown)),
      endOthers,
      confirm,
      othersClosed({ status: 200, body: { code: '0', ended: 2, message: '2 autres sessions ont été fermées.' } }),
    )
    expect(actorCalls(done.calls)).toEqual([
      ['loadSessions', undefined],
      ['closeOtherSessions', undefined],
      ['loadSessions', undefined],
    ])
    expect(sessionsScreen(done.snapshot)).toMatchObject({ notice: '2 autres sessions ont été fermées.', dialog: null })
    const failed = await play(listed(list(laptop, phone)), endOthers, confirm, othersClosed({ status: 500, body: null }))
    expect(sessionsScreen(failed.snapshot)).toMatchObject({ error: texts.endOthersError, notice: null })
  })

  it('without other sessions, "Fermer toutes les autres sessions" does nothing', async () => {
    const { snapshot } = await play(listed(list(phone)), endOthers)
    expect(sessionsScreen(snapshot).dialog).toBeNull()
  })
})

/**
 * The QA tooling (rulings §5): what the inspection of a real flow sends to the Stately inspector, and what the QA
 * panel's store keeps of it. The transfer machine runs from form to receipt with in-test actors
 * that answer like the contract; the Stately adapter is a capturing one (the app's opens the
 * hosted inspector's window). Every capture is serialised and searched for the secrets typed.
 */
import type { StatelyInspectionEvent } from '@statelyai/inspect'
import { beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate'
import { loginMachine } from '../../machines/login/login.machine'
import type { AuthAnswer } from '../../machines/login/login.types'
import { pinResetMachine } from '../../machines/pinReset/pinReset.machine'
import type { PinResetAskAnswer, PinResetConfirmAnswer } from '../../machines/pinReset/pinReset.types'
import type { TransferField } from '../../machines/transfer/transfer.kinds'
import { transferMachine } from '../../machines/transfer/transfer.machine'
import type { AskAnswer, ConfirmAnswer, HolderLookup, Suggestion } from '../../machines/transfer/transfer.types'
import { createInspection, type Inspection } from '../../src/inspect/inspection'
import { MASK } from '../../src/inspect/mask'
import { PopupAdapter } from '../../src/inspect/popup'
import type { ActorView } from '../../src/inspect/store'

const CODE = '73920458'
const PIN = '12345'
const SESSION_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2Vzc2lvbg.c2lnbmF0dXJl'
const USD = { id: '1', compte: '000170100100123456701', currency: 'USD' }
const PAYEE = '000170100200987654301'

/** A capturing Stately adapter: what the hosted inspector's window would receive. */
function capturing(): { sent: StatelyInspectionEvent[]; inspection: Inspection } {
  const sent: StatelyInspectionEvent[] = []
  return { sent, inspection: createInspection({ send: (event) => sent.push(event) }) }
}

/** The Stately side converts events on an idle callback (a timer in Node): let them all run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

/** A promise actor the test answers when it wants, so that the busy states can be looked at. */
function gate<T>() {
  let open!: (value: T) => void
  const answer = new Promise<T>((resolve) => (open = resolve))
  return { answer, open }
}

/** The secret, alone (not inside a longer number such as an account code or a time stamp). */
const inClear = (secret: string) => new RegExp(`(?<![\\w-])${secret.replace(/[.]/g, '\\.')}(?![\\w-])`)

const ofActor = (sent: StatelyInspectionEvent[], sessionId: string) => sent.filter((event) => event.sessionId === sessionId)
const snapshotValues = (events: StatelyInspectionEvent[]) =>
  events.flatMap((event) => (event.type === '@xstate.snapshot' ? [(event.snapshot as { value?: string | object }).value] : []))
const eventsSent = (events: StatelyInspectionEvent[]) => events.flatMap((event) => (event.type === '@xstate.event' ? [event.event] : []))

describe('inspection of a transfer (form → ask → code → confirm → done)', () => {
  const { sent, inspection } = capturing()
  const ask = gate<AskAnswer>()
  const confirm = gate<ConfirmAnswer>()
  const confirmInputs: unknown[] = []
  const machine = transferMachine.provide({
    actors: {
      lookUpHolder: fromPromise(async (): Promise<HolderLookup> => ({ found: true, libelle: 'Awa Diallo' })),
      loadSuggestions: fromPromise(async (): Promise<Suggestion[]> => [{ value: PAYEE, holder: null }]),
      loadCurrencies: fromPromise(async (): Promise<string[]> => []),
      loadBalance: fromPromise(async () => ({ amount: '100.00', currency: 'USD' })),
      askTransfer: fromPromise(() => ask.answer),
      confirmTransfer: fromPromise(({ input }) => {
        confirmInputs.push(input)
        return confirm.answer
      }),
    },
    actions: { reloadPage: () => {}, refreshNotifications: () => {}, refreshAccounts: () => {} },
  })
  const actor = createActor(machine, { input: { kind: 'account', accounts: [USD], accountsFailed: false }, inspect: inspection.inspect })
  const views: Record<string, ActorView[]> = {}
  const look = async (step: string) => {
    await Promise.resolve()
    views[step] = inspection.store.views()
  }
  const is = (value: string) => (s: SnapshotFrom<typeof machine>) => s.matches(value as 'done')
  const transfer = (step: string) => views[step]!.find((view) => view.sessionId === actor.sessionId)!

  beforeAll(async () => {
    actor.start()
    const fields: Partial<Record<TransferField, string>> = { debitAccount: USD.compte, amount: '12,50', creditAccount: PAYEE, description: 'Loyer de novembre' }
    for (const [field, value] of Object.entries(fields)) actor.send({ type: 'field.change', field: field as TransferField, value })
    await waitFor(actor, (s) => s.context.holder !== null && s.context.suggestions !== null)
    await look('editing')
    actor.send({ type: 'transfer.submit' })
    await look('asking')
    ask.open({
      status: 200,
      body: { status: '0', code: 'TRF-0042', amount: '12.50', currencySent: 'USD', payee: 'Awa Diallo', message: 'Un code a été envoyé au +243 81 *** 45 67.' },
    })
    await waitFor(actor, is('awaitingCode'))
    actor.send({ type: 'code.change', value: CODE })
    await look('awaitingCode')
    actor.send({ type: 'code.submit' })
    await look('confirming')
    confirm.open({ status: 200, body: { status: '0', description: 'Transfert exécuté.', solde: '87.50', currency: 'USD', reference: 'TRF-0042' } })
    await waitFor(actor, is('done'))
    await look('done')
    await settled()
  })
  const transferId = () => actor.sessionId

  it('registers the transfer actor and its calls, with the machine definition', () => {
    const registered = sent.filter((event) => event.type === '@xstate.actor')
    const transfer = registered.find((event) => event.sessionId === transferId())
    expect(transfer).toMatchObject({ name: 'transfer' })
    expect(transfer!.type === '@xstate.actor' && transfer!.parentId).toBeFalsy()
    expect(JSON.parse(transfer!.type === '@xstate.actor' ? transfer!.definition! : '{}')).toMatchObject({ id: 'transfer' })
    const children = registered.filter((event) => event.type === '@xstate.actor' && event.parentId === transferId()).map((event) => event.name)
    expect(children).toEqual(expect.arrayContaining(['lookUpHolder', 'loadSuggestions', 'askTransfer', 'confirmTransfer']))
  })

  it('sends a snapshot of each step, in order', () => {
    const steps = snapshotValues(ofActor(sent, transferId())).map((value) => (typeof value === 'string' ? value : Object.keys(value ?? {})[0]))
    const firsts = steps.filter((step, i) => step !== steps[i - 1])
    expect(firsts).toEqual(['editing', 'asking', 'awaitingCode', 'confirming', 'done'])
  })

  it('sends the events the transfer received, the typed code masked', () => {
    const events = eventsSent(ofActor(sent, transferId()))
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'xstate.init',
        'field.change',
        'transfer.submit',
        'xstate.done.actor.askTransfer',
        'code.change',
        'code.submit',
        'xstate.done.actor.confirmTransfer',
      ]),
    )
    expect(events.find((event) => event.type === 'code.change')).toEqual({ type: 'code.change', value: MASK })
    expect(events.find((event) => event.type === 'field.change' && event.field === 'creditAccount')).toMatchObject({ value: PAYEE })
  })

  it("masks the code in the context and in the confirm call's input, which the app really sent in clear", () => {
    expect(confirmInputs).toEqual([{ kind: 'account', reference: 'TRF-0042', token: CODE }])
    const awaiting = ofActor(sent, transferId()).filter(
      (event) => event.type === '@xstate.snapshot' && (event.snapshot as { value?: unknown }).value === 'awaitingCode',
    )
    expect(awaiting.at(-1)).toMatchObject({ snapshot: { context: { token: MASK } } })
    const confirmCall = sent.filter((event) => event.type === '@xstate.actor' && event.name === 'confirmTransfer')
    const confirmId = confirmCall[0]!.sessionId
    const initEvent = eventsSent(ofActor(sent, confirmId)).find((event) => event.type === 'xstate.init')
    expect(initEvent).toMatchObject({ input: { reference: 'TRF-0042', token: MASK } })
  })

  it('never sends the code in clear', () => {
    expect(sent.length).toBeGreaterThan(20)
    expect(JSON.stringify(sent)).not.toMatch(inClear(CODE))
  })

  it("the QA store shows each step with the spec's names, the last events and what is accepted, masked", () => {
    expect(transfer('editing')).toMatchObject({ id: transferId(), machine: 'transfer', depth: 0, status: 'active' })
    expect(transfer('editing').leaves).toEqual(expect.arrayContaining(['editing.form.filling', 'editing.holder.idle']))
    expect(transfer('asking').leaves).toEqual(['asking'])
    expect(transfer('asking').nodes).toEqual([
      { path: 'asking', description: expect.stringContaining('spinner'), spec: expect.stringContaining('spec §7 transfer/ask') },
    ])
    expect(views.asking!.find((view) => view.id === 'askTransfer')).toMatchObject({ machine: null, parentId: transferId(), depth: 1 })

    const awaiting = transfer('awaitingCode')
    expect(awaiting.leaves).toEqual(['awaitingCode'])
    expect(awaiting.nodes[0]!.spec).toContain('spec §5 confirmation token')
    expect(awaiting.events[0]).toMatchObject({ type: 'code.change', data: { value: MASK } })
    expect(awaiting.data).toMatchObject({ token: MASK, pending: { reference: 'TRF-0042', payee: 'Awa Diallo' } })
    expect(awaiting.accepts).toEqual([
      { type: 'accounts.change', allowed: true },
      { type: 'code.change', allowed: true },
      { type: 'code.submit', allowed: true },
      { type: 'transfer.restart', allowed: true },
    ])

    const confirming = views.confirming!
    expect(transfer('confirming').accepts.map((event) => event.type)).toEqual(['accounts.change'])
    expect(confirming.find((view) => view.id === 'confirmTransfer')).toMatchObject({ data: { token: MASK }, depth: 1 })
    expect(transfer('done').leaves).toEqual(['done.idle'])
    expect(views.done!.map((view) => view.id)).not.toContain('confirmTransfer')
    expect(JSON.stringify(views)).not.toMatch(inClear(CODE))
  })

  it('marks the events a guard refuses without data', () => {
    const editing = transfer('editing')
    expect(editing.accepts).toContainEqual({ type: 'transfer.submit', allowed: true })
    // `field.change` needs a field of the kind: sent bare, its guard refuses it.
    expect(editing.accepts).toContainEqual({ type: 'field.change', allowed: false })
    expect(editing.accepts.some((event) => event.type.startsWith('xstate.'))).toBe(false)
  })
})

describe('inspection of a sign-in: the PIN and the session token', () => {
  const { sent, inspection } = capturing()
  const answer: AuthAnswer = {
    status: 200,
    body: { code: '0', token: SESSION_TOKEN, name: 'Awa Diallo', kcode: 'K1234567', modules: [{ code: 'solde' }] },
  }
  const credentials: unknown[] = []
  const machine = loginMachine.provide({
    actors: {
      authenticate: fromPromise(async ({ input }) => {
        credentials.push(input)
        return answer
      }),
    },
    actions: { startSession: () => {} },
  })
  const actor: AnyActorRef = createActor(machine, { input: { provider: 'votre banque' }, inspect: inspection.inspect })
  let seenBySignIn: ActorView[] = []
  beforeAll(async () => {
    actor.start()
    actor.send({ type: 'field.change', field: 'username', value: 'K1234567' })
    actor.send({ type: 'field.change', field: 'password', value: PIN })
    await Promise.resolve()
    seenBySignIn = inspection.store.views()
    actor.send({ type: 'login.submit' })
    await waitFor(actor, (s) => s.status === 'done')
    await settled()
  })

  it('sent the PIN to the server, and never to the inspector or the store', () => {
    expect(credentials).toEqual([{ username: 'K1234567', password: PIN }])
    const text = JSON.stringify(sent)
    expect(text).toContain('K1234567')
    expect(text).not.toMatch(new RegExp(`"${PIN}"`))
    expect(eventsSent(sent)).toContainEqual({ type: 'field.change', field: 'password', value: MASK })
    expect(JSON.stringify(seenBySignIn)).not.toMatch(new RegExp(`"${PIN}"`))
    expect(seenBySignIn[0]!.data).toMatchObject({ values: { username: 'K1234567', password: MASK } })
  })

  it('masks the session token of the answer and of the output', () => {
    expect(JSON.stringify(sent)).not.toContain(SESSION_TOKEN)
    const done = sent.filter((event) => event.type === '@xstate.snapshot' && event.snapshot.status === 'done' && event.sessionId === actor.sessionId)
    expect(done.at(-1)).toMatchObject({ snapshot: { output: { token: MASK, user: { kcode: 'K1234567' } } } })
  })

  it('forgets actors that are done', () => {
    expect(inspection.store.views()).toEqual([])
  })
})

describe('inspection of a PIN reset: the confirmation code', () => {
  const { sent, inspection } = capturing()
  const machine = pinResetMachine.provide({
    actors: {
      askPinReset: fromPromise(async (): Promise<PinResetAskAnswer> => ({ status: 200, body: { status: '0', code: 'RST-7' } })),
      confirmPinReset: fromPromise(async (): Promise<PinResetConfirmAnswer> => ({ status: 200, body: { status: '0' } })),
    },
    actions: { goToLogin: () => {} },
  })
  const actor = createActor(machine, { inspect: inspection.inspect })
  let whileTyping: ActorView[] = []
  beforeAll(async () => {
    actor.start()
    actor.send({ type: 'field.change', field: 'compte', value: 'K1234567' })
    actor.send({ type: 'ask.submit' })
    await waitFor(actor, (s) => s.matches('confirming'))
    actor.send({ type: 'field.change', field: 'token', value: CODE })
    await Promise.resolve()
    whileTyping = inspection.store.views()
    actor.send({ type: 'confirm.submit' })
    await waitFor(actor, (s) => s.matches('done'))
    await settled()
  })

  it('never shows the code in clear, the reference stays readable', () => {
    expect(JSON.stringify(sent)).not.toMatch(inClear(CODE))
    expect(JSON.stringify(whileTyping)).not.toMatch(inClear(CODE))
    expect(JSON.stringify(sent)).toContain('RST-7')
    const confirmCall = sent.find((event) => event.type === '@xstate.actor' && event.name === 'confirmPinReset')!
    expect(eventsSent(ofActor(sent, confirmCall.sessionId))[0]).toMatchObject({ input: { code: 'RST-7', token: MASK } })
  })
})

describe("the hosted inspector's window (PopupAdapter)", () => {
  type Listener = (message: { origin: string; data: unknown; source: unknown }) => void
  /** A page's window: what `open` gives, and the `message` listeners. */
  function fakeHost(open: () => unknown) {
    const listeners = new Set<Listener>()
    const host = {
      open,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
    }
    const say = (origin: string, data: unknown, source: unknown) => listeners.forEach((listener) => listener({ origin, data, source }))
    return { host: host as unknown as Window, say, listeners }
  }
  const inspector = () => {
    const posted: Array<{ message: unknown; origin: string }> = []
    return { posted, window: { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) } }
  }
  const event = (n: number) => ({ type: '@xstate.event', sessionId: `x:${n}` }) as unknown as StatelyInspectionEvent

  it('opens nothing by itself in a QA build; a click opens it; it then sends what it kept, to stately.ai only', () => {
    const target = inspector()
    const { host, say, listeners } = fakeHost(() => target.window)
    const adapter = new PopupAdapter({ window: host })
    adapter.start()
    adapter.send(event(1))
    expect(adapter.status).toBe('closed')
    adapter.open()
    adapter.open()
    expect(listeners.size).toBe(1)
    expect(adapter.status).toBe('waiting')
    say('https://evil.example', { type: '@statelyai.connected' }, target.window)
    expect(target.posted).toEqual([])
    say('https://stately.ai', { type: '@statelyai.connected' }, target.window)
    expect(adapter.status).toBe('connected')
    adapter.send(event(2))
    expect(target.posted).toEqual([
      { message: event(1), origin: 'https://stately.ai' },
      { message: event(2), origin: 'https://stately.ai' },
    ])
  })

  it('a blocked pop-up (null, or an exception) is a status, not a failure', () => {
    const blocked = new PopupAdapter({ window: fakeHost(() => null).host, openAtStart: true })
    expect(() => blocked.start()).not.toThrow()
    expect(blocked.status).toBe('blocked')
    const throwing = new PopupAdapter({
      window: fakeHost(() => {
        throw new Error('blocked')
      }).host,
    })
    throwing.start()
    expect(() => throwing.open()).not.toThrow()
    expect(throwing.status).toBe('blocked')
    expect(() => throwing.send(event(1))).not.toThrow()
  })

  it('keeps the last events only', () => {
    const target = inspector()
    const { host, say } = fakeHost(() => target.window)
    const adapter = new PopupAdapter({ window: host, keep: 2, openAtStart: true })
    adapter.start()
    ;[1, 2, 3].forEach((n) => adapter.send(event(n)))
    say('https://stately.ai', { type: '@statelyai.connected' }, target.window)
    expect(target.posted.map((p) => p.message)).toEqual([event(2), event(3)])
  })
})

import { describe, expect, it } from 'vitest'
import { api, myTransfers as texts, transfer as transferTexts, validation } from '../../machines/messages.ts'
import { myTransfersMachine } from '../../machines/myTransfers/myTransfers.machine.ts'
import { codeLifeLeft, isKnownFilter, pageQuery } from '../../machines/myTransfers/myTransfers.rules.ts'
import { myTransfersScreen } from '../../machines/myTransfers/myTransfers.screen.ts'
import type { CancelAnswer, ConfirmAnswer, MyTransfer, MyTransfersAnswer, MyTransfersEvent } from '../../machines/myTransfers/myTransfers.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

/** In the past, as the transfer walk's: the code's delay is then 0 whenever the walk measures it. */
const EXPIRES_AT = '2026-11-26T08:35:00.000Z'
const base = {
  debitAccount: '000170100100123456701',
  description: 'Loyer de novembre',
  createdAt: '2026-11-26T08:30:00.000Z',
  expiresAt: EXPIRES_AT,
}
const pending: MyTransfer = {
  ...base,
  reference: 'MOB00000000000000000001',
  kind: 'momo',
  state: 'pending',
  payee: '243810000001',
  payeeName: 'Mbuyi Kalala',
  amount: '10.00',
  currencySent: '1',
  debitAmount: '28500.00',
  currency: '3',
  rate: '2850',
  triesLeft: 3,
}
const executed: MyTransfer = {
  ...base,
  reference: 'VIR00000000000000000002',
  kind: 'account',
  state: 'executed',
  payee: 'Jean Dupont',
  creditAccount: '000170100100999999901',
  amount: '1234.5',
  currencySent: '1',
  debitAmount: '1234.50',
  currency: '1',
  executedAt: '2026-11-26T08:31:00.000Z',
}
const cancelled: MyTransfer = {
  ...base,
  reference: 'CRT00000000000000000003',
  kind: 'card',
  state: 'cancelled',
  cancelReason: 'wrong_code',
  payee: 'carte 12345678 ****4321',
  amount: '5.00',
  currencySent: '1',
  debitAmount: '5.00',
  currency: '1',
}
const expired: MyTransfer = { ...cancelled, reference: 'CRT00000000000000000004', state: 'expired', cancelReason: 'expired' }

const page = (transfers: MyTransfer[], nextCursor?: string): MyTransfersAnswer => ({
  status: 200,
  body: { code: '0', transfers, ...(nextCursor ? { nextCursor } : {}) },
})
const loaded = (answer: MyTransfersAnswer) => doneEvent('loadTransfers', answer)
const withNext = loaded(page([pending, executed], executed.reference))
const lastPage = loaded(page([pending, executed, cancelled, expired]))
const emptyPage = loaded(page([]))
const refused = loaded({ status: 200, body: { code: '1', message: 'Erreur' } as never })
const sessionOver = loaded({ status: 403, body: { code: '2', message: api.sessionExpired } })
const noList = errorEvent('loadTransfers', new TypeError('Failed to fetch'))

const cancelledAnswer = (answer: CancelAnswer) => doneEvent('cancelTransfer', answer)
const cancelOk = cancelledAnswer({ status: 200, body: { status: '0', description: 'Transfert annulé.', state: 'cancelled' } })
const cancelOver = cancelledAnswer({ status: 200, body: { status: '1', description: 'Ce transfert a déjà été exécuté.', state: 'executed' } })
const cancelNotFound = cancelledAnswer({ status: 404, body: { message: api.notFound } })
const cancelUnreadable = cancelledAnswer({ status: 200, body: null })
const cancelSessionOver = cancelledAnswer({ status: 403, body: { code: '2', message: api.sessionExpired } })
const cancelNoAnswer = errorEvent('cancelTransfer', new TypeError('Failed to fetch'))

const confirmed = (answer: ConfirmAnswer) => doneEvent('confirmTransfer', answer)
const confirmOk = confirmed({ status: 200, body: { status: '0', code: '0', solde: '100.50', currency: '3', reference: pending.reference } })
const wrongCode = confirmed({
  status: 422,
  body: { code: '1', message: 'Code de validation incorrect.', description: 'Code de validation incorrect.', triesLeft: 2 },
})
const over = confirmed({ status: 200, body: { status: '1', description: 'Le transfert a été annulé : code erroné trois fois.', triesLeft: 0 } })
const confirmUnreadable = confirmed({ status: 200, body: null })
const confirmSessionOver = confirmed({ status: 403, body: { code: '2', message: api.sessionExpired } })
const confirmNoAnswer = errorEvent('confirmTransfer', new TypeError('Failed to fetch'))

const saved = doneEvent('downloadReceipt', undefined)
const notSaved = errorEvent('downloadReceipt', new Error('receipt not available (500)'))
const doneSaved = doneEvent('downloadDoneReceipt', undefined)
const doneNotSaved = errorEvent('downloadDoneReceipt', new Error('receipt not available (500)'))
const codeLife = { type: 'xstate.after.codeLife.myTransfers.code.awaiting' } as const

const filter = (field: 'state' | 'kind', value: string): MyTransfersEvent => ({ type: 'filter.change', field, value })
const next: MyTransfersEvent = { type: 'page.next' }
const prev: MyTransfersEvent = { type: 'page.prev' }
const retry: MyTransfersEvent = { type: 'list.retry' }
const receipt = (t: MyTransfer): MyTransfersEvent => ({ type: 'receipt.download', reference: t.reference })
const openCode = (t: MyTransfer): MyTransfersEvent => ({ type: 'code.open', reference: t.reference })
const typeCode = (value: string): MyTransfersEvent => ({ type: 'code.change', value })
const submitCode: MyTransfersEvent = { type: 'code.submit' }
const askCancel = (t: MyTransfer): MyTransfersEvent => ({ type: 'cancel.ask', reference: t.reference })
const confirmCancel: MyTransfersEvent = { type: 'cancel.confirm' }
const dismissCancel: MyTransfersEvent = { type: 'cancel.dismiss' }
const back: MyTransfersEvent = { type: 'list.back' }

const CODE = '12345678'
const STUBS = ['refreshNotifications', 'refreshAccounts', 'logDownloadError'] as const

const samples: Array<MyTransfersEvent | SyntheticEvent> = [
  filter('state', 'pending'),
  filter('kind', 'card'),
  filter('state', 'bogus'),
  next,
  prev,
  retry,
  receipt(executed),
  receipt(pending),
  openCode(pending),
  openCode(executed),
  typeCode(CODE),
  typeCode('12ab'),
  submitCode,
  askCancel(pending),
  confirmCancel,
  dismissCancel,
  back,
  withNext,
  lastPage,
  refused,
  sessionOver,
  noList,
  cancelOk,
  cancelOver,
  cancelNotFound,
  cancelUnreadable,
  cancelSessionOver,
  cancelNoAnswer,
  confirmOk,
  wrongCode,
  over,
  confirmUnreadable,
  confirmSessionOver,
  confirmNoAnswer,
  saved,
  notSaved,
  doneSaved,
  doneNotSaved,
  codeLife,
]

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

describe('myTransfers machine — walk of every transition (rulings §9.1)', () => {
  const walk = createWalk(myTransfersMachine, {
    screen: myTransfersScreen,
    events: samples,
    stubActions: STUBS,
    // Keyset pages have no last page the walk could reach by itself (every sample page may have a
    // next one): two pages deep is enough to walk every edge; the guard's own rule is checked below.
    provide: { guards: { hasNext: ({ context }) => context.nextCursor !== null && context.cursors.length < 2 } },
    maxStates: 20_000,
    invariant: (snapshot) => {
      const screen = myTransfersScreen(snapshot)
      // The validation code never outlives the code form's typing.
      if (!snapshot.matches({ code: 'awaiting' }) && !snapshot.matches({ code: 'confirming' })) expect(snapshot.context.token).toBe('')
      expect(screen.code !== null).toBe(
        snapshot.matches({ code: 'awaiting' }) || snapshot.matches({ code: 'confirming' }) || snapshot.matches({ code: 'expired' }),
      )
      expect(screen.cancelDialog !== null).toBe(snapshot.matches({ shown: 'confirmingCancel' }) || snapshot.matches({ shown: 'cancelling' }))
      // Only a pending transfer offers its code and its cancellation, only an executed one its receipt.
      for (const item of screen.items) {
        expect(item.canComplete).toBe(item.state === 'pending')
        expect(item.canDownload).toBe(item.state === 'executed')
      }
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(myTransfersMachine, { events: [lastPage], stubActions: STUBS })
const play = (...events: Array<MyTransfersEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])
const actionNames = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action').map((c) => c.name)

describe('my transfers — the list (rulings §9.1)', () => {
  it('reads the first page, 10 transfers, no filter', async () => {
    const { snapshot, calls } = await play()
    expect(myTransfersScreen(snapshot)).toMatchObject({ busy: true, items: [], title: 'Mes transferts', step: 'list' })
    expect(actorCalls(calls)).toEqual([['loadTransfers', { size: 10 }]])
  })

  it('shows each transfer with its kind, payee, amount, state and date; the buttons its state allows', async () => {
    const { snapshot } = await play(lastPage)
    const items = myTransfersScreen(snapshot).items
    expect(items.map((i) => [i.kindLabel, i.payee, i.amount, i.debited, i.stateLabel, i.reason, i.createdAt])).toEqual([
      ['Vers mobile', 'Mbuyi Kalala (243810000001)', '10,00\u00a0USD', '28\u202f500,00\u00a0CDF', 'En attente de code', null, base.createdAt],
      ['Vers un autre compte', 'Jean Dupont', '1\u202f234,50\u00a0USD', null, 'Exécuté', null, base.createdAt],
      ['Vers carte prépayée', 'carte 12345678 ****4321', '5,00\u00a0USD', null, 'Annulé', 'Code erroné trois fois', base.createdAt],
      ['Vers carte prépayée', 'carte 12345678 ****4321', '5,00\u00a0USD', null, 'Expiré', null, base.createdAt],
    ])
    expect(items.map((i) => [i.canComplete, i.canDownload])).toEqual([
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ])
    expect(texts.states).toEqual({ pending: 'En attente de code', executed: 'Exécuté', cancelled: 'Annulé', expired: 'Expiré', unknown: 'Résultat inconnu' })
  })

  it('filters by state and kind from the first page; an unknown filter value changes nothing', async () => {
    const { snapshot, calls } = await play(
      withNext,
      next,
      lastPage,
      filter('state', 'pending'),
      lastPage,
      filter('kind', 'momo'),
      filter('kind', 'cheque'),
      lastPage,
    )
    expect(actorCalls(calls).map(([, input]) => input)).toEqual([
      { size: 10 },
      { size: 10, before: executed.reference },
      { size: 10, state: 'pending' },
      { size: 10, state: 'pending', kind: 'momo' },
    ])
    expect(myTransfersScreen(snapshot).filters.map((f) => f.value)).toEqual(['pending', 'momo'])
    expect(isKnownFilter('state', 'executed')).toBe(true)
    expect(isKnownFilter('kind', 'cheque')).toBe(false)
    expect(isKnownFilter('other', '')).toBe(false)
  })

  it('keyset pages: Next with the last reference, Prev back; Prev on the first page and Next on the last do nothing', async () => {
    const { snapshot, calls } = await play(withNext, prev, next, loaded(page([cancelled])), next, prev, lastPage)
    expect(actorCalls(calls).map(([, input]) => input)).toEqual([{ size: 10 }, { size: 10, before: executed.reference }, { size: 10 }])
    expect(myTransfersScreen(snapshot).pager).toBeNull()
    const second = await play(withNext, next, loaded(page([cancelled])))
    expect(myTransfersScreen(second.snapshot).pager).toEqual({ label: 'Page 2', prevEnabled: true, nextEnabled: false })
    expect(pageQuery({ cursors: [undefined, 'A', 'B'], filters: { state: 'expired', kind: 'card' } })).toEqual({
      before: 'B',
      size: 10,
      state: 'expired',
      kind: 'card',
    })
  })

  it('an empty list says so, with or without filters', async () => {
    expect(myTransfersScreen((await play(emptyPage)).snapshot).empty).toBe(texts.empty)
    expect(myTransfersScreen((await play(emptyPage, filter('state', 'expired'), emptyPage)).snapshot).empty).toBe(texts.emptyFiltered)
  })

  it.each([
    ["code other than '0'", refused],
    ['HTTP 500', loaded({ status: 500, body: null })],
    ['no answer', noList],
  ])('%s: the load error and its retry', async (_, answer) => {
    const { snapshot } = await play(answer)
    expect(myTransfersScreen(snapshot).loadError).toBe(texts.loadError)
    const again = await play(answer, retry)
    expect(actorCalls(again.calls)).toHaveLength(2)
  })

  it('HTTP 403 / code 2: no message (the session signs out)', async () => {
    const { snapshot } = await play(sessionOver)
    expect(snapshot.matches('failed')).toBe(true)
    expect(myTransfersScreen(snapshot).loadError).toBeNull()
  })
})

describe('my transfers — receipts (rulings §9.1, §9.7)', () => {
  it("an executed one downloads its receipt; a pending one's reference is refused", async () => {
    const { snapshot, calls } = await play(lastPage, receipt(pending), receipt(executed), receipt(executed))
    expect(actorCalls(calls).slice(1)).toEqual([['downloadReceipt', { reference: executed.reference }]])
    expect(myTransfersScreen(snapshot).items.find((i) => i.reference === executed.reference)?.downloading).toBe(true)
    const after = await play(lastPage, receipt(executed), saved)
    expect(myTransfersScreen(after.snapshot)).toMatchObject({ notice: null })
  })

  it('a receipt that could not be downloaded: "Le téléchargement a échoué. Veuillez réessayer.", logged', async () => {
    const { snapshot, calls } = await play(lastPage, receipt(executed), notSaved)
    expect(myTransfersScreen(snapshot).notice).toEqual({ kind: 'error', message: 'Le téléchargement a échoué. Veuillez réessayer.' })
    expect(actionNames(calls)).toEqual(['logDownloadError'])
    const cleared = await play(lastPage, receipt(executed), notSaved, receipt(executed))
    expect(myTransfersScreen(cleared.snapshot).notice).toBeNull()
  })
})

describe('my transfers — cancelling a pending one (rulings §9.1)', () => {
  it('asks first; "Non, le garder" changes nothing', async () => {
    const { snapshot, calls } = await play(lastPage, askCancel(pending))
    expect(myTransfersScreen(snapshot).cancelDialog).toEqual({
      title: 'Annuler ce transfert ?',
      question: texts.cancelQuestion('10,00\u00a0USD', 'Mbuyi Kalala (243810000001)'),
      busy: false,
    })
    expect(actorCalls(calls)).toHaveLength(1)
    const kept = await play(lastPage, askCancel(pending), dismissCancel)
    expect(kept.snapshot.matches({ shown: 'idle' })).toBe(true)
    expect(actorCalls(kept.calls)).toHaveLength(1)
  })

  it("cancelled: the bank's words, the same page read again, the counter refreshed", async () => {
    const { snapshot, calls } = await play(withNext, next, lastPage, askCancel(pending), confirmCancel, cancelOk)
    expect(actorCalls(calls).slice(2)).toEqual([
      ['cancelTransfer', { reference: pending.reference }],
      ['loadTransfers', { size: 10, before: executed.reference }],
    ])
    expect(myTransfersScreen(snapshot).notice).toEqual({ kind: 'success', message: 'Transfert annulé.' })
    expect(actionNames(calls)).toEqual(['refreshNotifications'])
  })

  it.each([
    ["status '1' (over already)", cancelOver, { kind: 'warning', message: 'Ce transfert a déjà été exécuté.' }, true],
    ['an unreadable answer', cancelUnreadable, { kind: 'warning', message: texts.cancelUnknown }, true],
    ['HTTP 404', cancelNotFound, { kind: 'error', message: api.notFound }, false],
    ['no answer', cancelNoAnswer, { kind: 'error', message: texts.cancelFailed }, false],
  ])('%s: its notice; the list read again only when the bank answered', async (_, answer, notice, reread) => {
    const { snapshot, calls } = await play(lastPage, askCancel(pending), confirmCancel, answer)
    expect(myTransfersScreen(snapshot).notice).toEqual(notice)
    expect(actorCalls(calls).filter(([src]) => src === 'loadTransfers')).toHaveLength(reread ? 2 : 1)
  })

  it('a cancel of a transfer not pending, or not listed, is refused by the machine', async () => {
    const { snapshot } = await play(lastPage, askCancel(executed), askCancel({ ...pending, reference: 'MOB99999999999999999999' }))
    expect(snapshot.matches({ shown: 'idle' })).toBe(true)
  })
})

describe('my transfers — completing a pending one with its code (spec §4, §5, rulings §4, §9.1)', () => {
  const toCode = [lastPage, openCode(pending)] as const

  it('opens the code form of the transfer screens: what it is for, the time left, the field and its limits', async () => {
    const { snapshot } = await play(...toCode)
    expect(myTransfersScreen(snapshot)).toMatchObject({
      step: 'code',
      code: {
        title: transferTexts.codeTitle,
        summary: 'Transfert de 10,00\u00a0USD vers Mbuyi Kalala (243810000001)',
        debitLine: 'Montant débité : 28\u202f500,00\u00a0CDF',
        expiresAt: EXPIRES_AT,
        input: { maxLength: 12, inputMode: 'numeric', autoComplete: 'one-time-code' },
        expired: false,
      },
    })
  })

  it('the code errors of spec §5, after a submit attempt only', async () => {
    const typed = await play(...toCode, typeCode('12ab'))
    expect(myTransfersScreen(typed.snapshot).code?.tokenError).toBeNull()
    const tried = await play(...toCode, typeCode('12ab'), submitCode)
    expect(myTransfersScreen(tried.snapshot).code?.tokenError).toBe(validation.tokenDigits)
    const fixed = await play(...toCode, submitCode, typeCode('1234'))
    expect(myTransfersScreen(fixed.snapshot).code?.tokenError).toBe(validation.tokenTooShort)
  })

  it('a valid code confirms the transfer by its kind; success: the message, the receipt, balances and counter refreshed', async () => {
    const { snapshot, calls } = await play(...toCode, typeCode(CODE), submitCode, confirmOk, receipt(pending), doneSaved)
    expect(actorCalls(calls).slice(1)).toEqual([
      ['confirmTransfer', { kind: 'momo', reference: pending.reference, token: CODE }],
      ['downloadReceipt', { reference: pending.reference }],
    ])
    expect(myTransfersScreen(snapshot).outcome).toMatchObject({
      title: transferTexts.doneTitle,
      kind: 'success',
      message: transferTexts.newBalance('100,50\u00a0CDF'),
      stateLabel: 'Exécuté',
      canDownload: true,
    })
    expect(actionNames(calls)).toEqual(['refreshNotifications', 'refreshAccounts'])
    expect(snapshot.context.token).toBe('')
  })

  it('a receipt of the success screen that could not be downloaded says so', async () => {
    const { snapshot } = await play(...toCode, typeCode(CODE), submitCode, confirmOk, receipt(pending), doneNotSaved)
    expect(myTransfersScreen(snapshot).notice?.message).toBe(texts.downloadFailed)
  })

  it('a wrong code keeps the form, the banner with the tries left on the field', async () => {
    const { snapshot } = await play(...toCode, typeCode(CODE), submitCode, wrongCode)
    expect(myTransfersScreen(snapshot).code).toMatchObject({ banner: 'Code de validation incorrect. Il vous reste 2 essais.', bannerOnField: true, token: '' })
  })

  it("status '1': the transfer is over, its description; 'Résultat inconnu' for an answer that says nothing", async () => {
    const refusedForGood = await play(...toCode, typeCode(CODE), submitCode, over)
    expect(myTransfersScreen(refusedForGood.snapshot).outcome).toMatchObject({
      kind: 'error',
      message: 'Le transfert a été annulé : code erroné trois fois.',
      canDownload: false,
    })
    const unknown = await play(...toCode, typeCode(CODE), submitCode, confirmUnreadable)
    expect(myTransfersScreen(unknown.snapshot).outcome).toMatchObject({ title: 'Résultat inconnu', stateLabel: 'Résultat inconnu', kind: 'warning' })
    expect(actionNames(unknown.calls)).toEqual(['refreshNotifications', 'refreshAccounts'])
  })

  it("no answer: 'Résultat inconnu' (the answer may have been lost after the bank carried it out), as the transfer screens", async () => {
    const { snapshot, calls } = await play(...toCode, typeCode(CODE), submitCode, confirmNoAnswer)
    expect(myTransfersScreen(snapshot)).toMatchObject({ step: 'outcome', code: null, outcome: { title: 'Résultat inconnu', kind: 'warning' } })
    expect(snapshot.context.token).toBe('')
    expect(actionNames(calls)).toEqual(['refreshNotifications', 'refreshAccounts'])
  })

  it('once its time is over the code form is disabled; back reads the list again', async () => {
    const { snapshot } = await play(...toCode, typeCode(CODE), codeLife)
    expect(myTransfersScreen(snapshot).code).toMatchObject({ expired: true, token: '' })
    const backed = await play(...toCode, typeCode(CODE), codeLife, back)
    expect(backed.snapshot.matches('loading')).toBe(true)
    expect(actorCalls(backed.calls).filter(([src]) => src === 'loadTransfers')).toHaveLength(2)
  })

  it("the code's life is counted from the transfer's expiry", () => {
    const selected = (expiresAt: string) => ({ context: { selected: { ...pending, expiresAt } } })
    expect(codeLifeLeft(selected(new Date(Date.now() + 120_000).toISOString()))).toBeGreaterThan(110_000)
    expect(codeLifeLeft(selected('2020-01-01T00:00:00.000Z'))).toBe(0)
    expect(codeLifeLeft(selected('pas une date'))).toBe(0)
  })
})

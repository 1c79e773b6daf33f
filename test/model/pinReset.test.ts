import { describe, expect, it } from 'vitest'
import { pinReset as texts } from '../../machines/messages.ts'
import { pinResetMachine } from '../../machines/pinReset/pinReset.machine.ts'
import { pinResetScreen } from '../../machines/pinReset/pinReset.screen.ts'
import type { PinResetAskAnswer, PinResetConfirmAnswer, PinResetEvent } from '../../machines/pinReset/pinReset.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const type = (field: 'compte' | 'token', value: string): PinResetEvent => ({ type: 'field.change', field, value })
const ask: PinResetEvent = { type: 'ask.submit' }
const confirm: PinResetEvent = { type: 'confirm.submit' }
const signIn: PinResetEvent = { type: 'login.go' }
const asked = (answer: PinResetAskAnswer) => doneEvent('askPinReset', answer)
const confirmed = (answer: PinResetConfirmAnswer) => doneEvent('confirmPinReset', answer)

const askOk: PinResetAskAnswer = { status: 200, body: { status: '0', message: 'Code envoyé', code: 'REF-42' } }
const askRefused: PinResetAskAnswer = { status: 200, body: { status: '1', message: 'Code utilisateur inconnu' } }
const confirmOk: PinResetConfirmAnswer = { status: 200, body: { status: '0', message: 'PIN réinitialisé' } }
const confirmRefused: PinResetConfirmAnswer = { status: 200, body: { status: '1', message: 'Code incorrect' } }
const confirmOther: PinResetConfirmAnswer = { status: 200, body: { status: '3', message: 'Autre' } }

const samples: Array<PinResetEvent | SyntheticEvent> = [
  type('compte', 'K123456'),
  type('compte', ''),
  type('token', '12345678'),
  type('token', '12'),
  ask,
  confirm,
  signIn,
  asked(askOk),
  asked(askRefused),
  errorEvent('askPinReset', new TypeError('Failed to fetch')),
  confirmed(confirmOk),
  confirmed(confirmRefused),
  confirmed(confirmOther),
  errorEvent('confirmPinReset', new TypeError('Failed to fetch')),
]

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

describe('PIN reset machine — walk of every transition (spec §2 /reinit-password, §4, §8)', () => {
  /** The states whose screen model the walk built: proof that its `screen` option is applied. */
  const screened = new Set<string>()
  const walk = createWalk(pinResetMachine, {
    screen: (snapshot) => (screened.add(String(snapshot.value)), pinResetScreen(snapshot)),
    events: samples,
    stubActions: ['goToLogin'],
    maxStates: 20000,
    invariant: (snapshot) => {
      const c = snapshot.context
      if (!c.submitted) expect(c.errors).toEqual({})
      const screen = pinResetScreen(snapshot)
      expect(screen.success !== null).toBe(snapshot.matches('done'))
      // rulings §6.2: the result unknown shows its message alone, no form, no error banner.
      expect(screen.unknown !== null).toBe(snapshot.matches('resultUnknown'))
      if (screen.unknown) expect(screen).toMatchObject({ step: 'unknown', error: null, busy: false })
      // The reference is kept from the ask answer to the end.
      if (screen.step !== 'ask') expect(c.reference).toBe('REF-42')
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
  it("built every state's screen model", async () => {
    await walk.assertEveryEdgeWalked()
    expect([...screened].sort()).toEqual(Object.keys(pinResetMachine.root.states).sort())
  })
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(pinResetMachine, { stubActions: ['goToLogin'] })
const play = (...events: Array<PinResetEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])
const actionCalls = (calls: Call[]) => calls.filter((c) => c.kind === 'action').map((c) => (c as { name: string }).name)
const toConfirm = [type('compte', ' K123456 '), ask, asked(askOk)] as const

describe('PIN reset — step 1, the user code (spec §4, §5, §8)', () => {
  it('no error before a submit attempt; a blank submit shows "Veuillez saisir le code" and sends nothing', async () => {
    expect((await play(type('compte', ''))).snapshot.context.errors).toEqual({})
    const { snapshot, calls } = await play(ask)
    expect(snapshot.value).toBe('asking')
    expect(pinResetScreen(snapshot).errors).toEqual({ compte: 'Veuillez saisir le code' })
    expect(actorCalls(calls)).toEqual([])
  })

  it('after a submit attempt the error follows the typing', async () => {
    const { snapshot } = await play(ask, type('compte', 'K1'))
    expect(snapshot.context.errors).toEqual({})
  })

  it('the trimmed user code is sent once, the button busy', async () => {
    const { snapshot, calls } = await play(type('compte', ' K123456 '), ask, ask)
    expect(snapshot.value).toBe('requesting')
    expect(pinResetScreen(snapshot)).toMatchObject({ step: 'ask', busy: true })
    expect(actorCalls(calls)).toEqual([['askPinReset', { compte: 'K123456' }]])
  })

  it("status '0': the confirmation form appears and the returned code is kept", async () => {
    const { snapshot } = await play(...toConfirm)
    expect(snapshot.value).toBe('confirming')
    expect(snapshot.context.reference).toBe('REF-42')
    expect(pinResetScreen(snapshot)).toMatchObject({ step: 'confirm', busy: false, error: null, errors: {} })
  })

  it('another status: the form stays with the server message', async () => {
    const { snapshot } = await play(type('compte', 'K1'), ask, asked(askRefused))
    expect(snapshot.value).toBe('asking')
    expect(pinResetScreen(snapshot).error).toBe('Code utilisateur inconnu')
  })

  it('an HTTP error without message, or a status 0 without reference: the request error', async () => {
    for (const answer of [
      { status: 500, body: null },
      { status: 200, body: { status: '0' } },
    ] as PinResetAskAnswer[]) {
      const { snapshot } = await play(type('compte', 'K1'), ask, asked(answer))
      expect(snapshot.value).toBe('asking')
      expect(snapshot.context.error).toBe(texts.askNetworkError)
    }
  })

  it('network error: "Une erreur lors du traitement de votre transaction"', async () => {
    const { snapshot } = await play(type('compte', 'K1'), ask, errorEvent('askPinReset'))
    expect(snapshot.value).toBe('asking')
    expect(pinResetScreen(snapshot).error).toBe('Une erreur lors du traitement de votre transaction')
  })

  it('a new submit clears the banner', async () => {
    const { snapshot } = await play(type('compte', 'K1'), ask, asked(askRefused), ask)
    expect(snapshot.value).toBe('requesting')
    expect(snapshot.context.error).toBeNull()
  })
})

describe('PIN reset — step 2, the confirmation code (spec §4, §5, §8)', () => {
  it.each([
    ['', 'Saisir le code token'],
    ['1234567', 'Le code saisi est trop court'],
    ['1234567a', 'Saisir correctement le code'],
  ])('"%s" shows "%s" after a submit attempt and sends nothing', async (token, message) => {
    const { snapshot, calls } = await play(...toConfirm, type('token', token), confirm)
    expect(snapshot.value).toBe('confirming')
    expect(pinResetScreen(snapshot).errors).toEqual({ token: message })
    expect(actorCalls(calls)).toHaveLength(1)
  })

  it('the code is sent with the kept reference, once', async () => {
    const { snapshot, calls } = await play(...toConfirm, type('token', '12345678'), confirm, confirm)
    expect(snapshot.value).toBe('confirmingCode')
    expect(pinResetScreen(snapshot).busy).toBe(true)
    expect(actorCalls(calls)[1]).toEqual(['confirmPinReset', { code: 'REF-42', token: '12345678' }])
    expect(actorCalls(calls)).toHaveLength(2)
  })

  it(`status '0': success shown, form hidden; "Se connecter" goes to login`, async () => {
    const { snapshot, calls } = await play(...toConfirm, type('token', '12345678'), confirm, confirmed(confirmOk), signIn)
    expect(snapshot.value).toBe('done')
    expect(pinResetScreen(snapshot)).toMatchObject({ step: 'done', success: texts.success, error: null, busy: false })
    expect(actionCalls(calls)).toEqual(['goToLogin'])
  })

  it("status '1': the server message, the form kept", async () => {
    const { snapshot } = await play(...toConfirm, type('token', '12345678'), confirm, confirmed(confirmRefused))
    expect(snapshot.value).toBe('confirming')
    expect(pinResetScreen(snapshot)).toMatchObject({ step: 'confirm', error: 'Code incorrect' })
    expect(snapshot.context.values.token).toBe('12345678')
  })

  it.each([
    ['an HTTP error', { status: 500, body: { code: '500', message: 'Erreur interne' } }],
    ['an HTTP error without body', { status: 502, body: null }],
    ["status '1' without message", { status: 200, body: { status: '1' } }],
  ] as Array<[string, PinResetConfirmAnswer]>)('%s: "Une erreur lors du traitement de votre demande"', async (_, answer) => {
    const { snapshot } = await play(...toConfirm, type('token', '12345678'), confirm, confirmed(answer))
    expect(snapshot.value).toBe('confirming')
    expect(snapshot.context.error).toBe('Une erreur lors du traitement de votre demande')
  })
})

describe('PIN reset — a confirm whose result is unknown (rulings §6.2 over spec §8)', () => {
  it.each([
    ['no answer (network failure, time-out, an answer lost after the reset)', errorEvent('confirmPinReset', new TypeError('Failed to fetch'))],
    ["a 2xx with another status ('3')", confirmed(confirmOther)],
    ['a 2xx without status', confirmed({ status: 200, body: { message: 'OK' } })],
    ['a 2xx whose body cannot be read', confirmed({ status: 200, body: null })],
  ] as Array<[string, SyntheticEvent]>)('%s: "Résultat inconnu", no form, no retry; "Se connecter" goes to login', async (_, event) => {
    const { snapshot, calls } = await play(...toConfirm, type('token', '12345678'), confirm, event, confirm, signIn)
    expect(snapshot.value).toBe('resultUnknown')
    expect(pinResetScreen(snapshot)).toEqual({
      step: 'unknown',
      title: 'Résultat inconnu',
      subtitle: null,
      busy: false,
      values: { compte: ' K123456 ', token: '12345678' },
      errors: {},
      error: null,
      success: null,
      unknown:
        "Nous n'avons pas pu confirmer la réinitialisation de votre PIN. Un nouveau code PIN vous a peut-être été envoyé par SMS et par e-mail : consultez vos messages avant de refaire une demande.",
      inputs: pinResetScreen(snapshot).inputs,
    })
    // The confirm is never sent twice: a submit there is not handled.
    expect(actorCalls(calls).filter(([src]) => src === 'confirmPinReset')).toHaveLength(1)
    expect(actionCalls(calls)).toEqual(['goToLogin'])
  })

  it('each step names its heading: the ask, the confirmation (with its line), the result unknown', async () => {
    expect(pinResetScreen((await play()).snapshot)).toMatchObject({ title: texts.askTitle, subtitle: null })
    expect(pinResetScreen((await play(...toConfirm)).snapshot)).toMatchObject({ title: texts.confirmTitle, subtitle: texts.confirmSubtitle })
    expect(pinResetScreen((await play(...toConfirm, type('token', '12345678'), confirm, confirmed(confirmOk))).snapshot)).toMatchObject({
      title: texts.confirmTitle,
      subtitle: null,
    })
  })
})

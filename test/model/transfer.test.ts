import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../machines/amounts.ts'
import { accounts as accountTexts, api, statement as statementTexts, transfer as texts, validation } from '../../machines/messages.ts'
import type { Account } from '../../machines/shared/customer.ts'
import { TRANSFER_KINDS, type TransferKind } from '../../openapi/transfer-kinds.ts'
import type { TransferField, TransferValues } from '../../machines/transfer/transfer.kinds.ts'
import { transferMachine } from '../../machines/transfer/transfer.machine.ts'
import { formatRate, transferScreen } from '../../machines/transfer/transfer.screen.ts'
import { FIELD_EXACT_LENGTH, FIELD_MAX_LENGTH } from '../../machines/limits.ts'
import type { AskAnswer, ConfirmAnswer, TransferEvent, TransferInput } from '../../machines/transfer/transfer.types.ts'
import { transferKinds } from '../../machines/transfer/transfer.kinds.ts'
import { codeLifeLeft } from '../../machines/transfer/transfer.rules.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }
const CREDIT = '000220000000000000056'
const CODE = '48213977'

const inputs = (kind: TransferKind): Record<string, TransferInput> => ({
  'accounts loaded': { kind, accounts: [usd, cdf], accountsFailed: false },
  'no account': { kind, accounts: [], accountsFailed: false },
  'accounts failed': { kind, accounts: [], accountsFailed: true },
})
const loaded = (kind: TransferKind): TransferInput => ({ kind, accounts: [usd, cdf], accountsFailed: false })

/** A valid form of each kind (spec §5). */
const valid: Record<TransferKind, Partial<TransferValues>> = {
  account: { debitAccount: usd.compte, amount: '12,50', creditAccount: CREDIT, description: 'Loyer de mai' },
  momo: { debitAccount: usd.compte, amount: '12,50', currencySent: '3', phone: '243812345678', description: 'Famille' },
  card: {
    debitAccount: usd.compte,
    amount: '12,50',
    currencySent: '2',
    accountId: '12345678',
    lastFour: '4242',
    description: 'Recharge',
  },
}

const change = (field: TransferField, value: string): TransferEvent => ({ type: 'field.change', field, value })
const fill = (kind: TransferKind): TransferEvent[] => Object.entries(valid[kind]).map(([field, value]) => change(field as TransferField, value))
const submit: TransferEvent = { type: 'transfer.submit' }
const typeCode = (value: string): TransferEvent => ({ type: 'code.change', value })
const submitCode: TransferEvent = { type: 'code.submit' }
const restart: TransferEvent = { type: 'transfer.restart' }
const reload: TransferEvent = { type: 'accounts.reload' }
const download: TransferEvent = { type: 'receipt.download' }
const accountsChange: TransferEvent = { type: 'accounts.change', accounts: [usd, cdf], accountsFailed: false }

const asked = (answer: AskAnswer) => doneEvent('askTransfer', answer)
const confirmed = (answer: ConfirmAnswer) => doneEvent('confirmTransfer', answer)

const payees: Record<TransferKind, string> = {
  account: 'Mbuyi Awa',
  momo: '243812345678',
  card: 'carte 12345678 ****4242',
}
const pendingAnswer = (kind: TransferKind): AskAnswer => ({
  status: 200,
  body: {
    status: '0',
    code: 'TRF-0001',
    message: 'Un code de validation vous a été envoyé par SMS et par e-mail.',
    amount: '12.50',
    currency: '1',
    ...(kind === 'account' ? {} : { currencySent: valid[kind].currencySent }),
    debitAmount: kind === 'account' ? '12.50' : '0.01',
    payee: payees[kind],
    expiresAt: '2026-05-04T10:05:00.000Z',
    solde: '500.00',
  },
})

const askAnswers: Record<string, AskAnswer> = {
  'HTTP 403 (session expired)': { status: 403, body: { code: '2', message: api.sessionExpired } },
  'HTTP 400 with a message': { status: 400, body: { code: '400', message: api.badRequest } },
  'HTTP 500 without body': { status: 500, body: null },
  "status '1' with a message": { status: 200, body: { status: '1', message: 'Solde insuffisant' } },
  'no reference': { status: 200, body: { status: '0' } },
}
const confirmAnswers: Record<string, ConfirmAnswer> = {
  'HTTP 403 (session expired)': { status: 403, body: { code: '2', message: api.sessionExpired } },
  'HTTP 400 with a message': { status: 400, body: { code: '400', message: api.badRequest } },
  'unreadable body': { status: 200, body: null },
  'no status': { status: 200, body: {} },
  'unknown status': { status: 200, body: { status: '7' } },
  'HTTP 422, wrong code, 2 tries left': {
    status: 422,
    body: { code: '1', message: 'Code incorrect.', description: 'Code incorrect.', triesLeft: 2 },
  },
  "status '1', the transfer is over": { status: 200, body: { status: '1', description: 'Code expiré.' } },
  "status '1', no try left": { status: 200, body: { status: '1', description: 'Transfert annulé.', triesLeft: 0 } },
  'executed, new balance': {
    status: 200,
    body: { status: '0', description: 'Transfert exécuté.', solde: '1234.5', currency: '1', reference: 'TRF-0001', executedAt: '2026-05-04T10:01:00.000Z' },
  },
  'executed, solde empty': { status: 200, body: { status: '0', solde: '', reference: 'TRF-0001' } },
}

/** The edges a kind must never take: the regions it does not use, the confirm refusal it does not have. */
const unreachableFor: Record<TransferKind, (edge: string) => boolean> = {
  account: (edge) => edge.startsWith('transfer.editing.currencies') || edge.startsWith('transfer.editing.balance') || edge.startsWith('transfer.editing.rate'),
  momo: () => false,
  // A card has no suggestions, so none names its holder.
  card: (edge) => edge.startsWith('transfer.editing.suggestions') || edge.startsWith('transfer.editing.balance') || edge.includes('[hasSuggestedHolder]'),
}

/**
 * The main walk sends the currency of the debit account (no rate to quote): the rate region is
 * walked by a walk of its own (`rateSamples`), so that neither state space explodes.
 */
const sameCurrency = (kind: TransferKind): TransferEvent[] =>
  fill(kind).map((e) => (e.type === 'field.change' && e.field === 'currencySent' ? change('currencySent', usd.currency) : e))

const samples = (kind: TransferKind): Array<TransferEvent | SyntheticEvent> => [
  ...sameCurrency(kind),
  change('amount', '12.505'),
  submit,
  reload,
  accountsChange,
  doneEvent('lookUpHolder', { found: true, libelle: 'Mbuyi Awa' }),
  doneEvent('lookUpHolder', { found: false }),
  // The form's payee among them, with its holder (account: CREDIT; momo: the valid phone number), so
  // that the walk takes the holder from the suggestion as well as from the lookup.
  doneEvent('loadSuggestions', [
    { value: CREDIT, holder: 'Grace Mbuyi' },
    { value: '000330000000000000078', holder: null },
    { value: '243812345678', holder: 'Marie Tshibanda' },
  ]),
  doneEvent('loadCurrencies', ['1', '2', '3']),
  doneEvent('loadBalance', { amount: '1500.00', currency: '1' }),
  ...Object.values(askAnswers).map(asked),
  asked(pendingAnswer(kind)),
  errorEvent('askTransfer', new TypeError('Failed to fetch')),
  typeCode('1234'),
  typeCode(CODE),
  submitCode,
  ...Object.values(confirmAnswers).map(confirmed),
  errorEvent('confirmTransfer', new DOMException('The operation timed out.', 'TimeoutError')),
  restart,
  download,
  doneEvent('downloadReceipt', undefined),
  errorEvent('downloadReceipt', new Error('receipt not available (500)')),
]

/** The rate region's samples: a converted form, a change, the answers of the rate call. */
const rateSamples: Array<TransferEvent | SyntheticEvent> = [
  change('debitAccount', usd.compte),
  change('amount', '12,50'),
  change('currencySent', cdf.currency),
  change('amount', '13'),
  doneEvent('quoteRate', { found: true, rate: '2850.00000000', debitAmount: '35625.00' }),
  doneEvent('quoteRate', { found: false, message: api.transfer.noRate }),
  errorEvent('quoteRate', new TypeError('Failed to fetch')),
  accountsChange,
]

// ---------------------------------------------------------------------------------------------
// The walks: every transition of the machine, for each kind
// ---------------------------------------------------------------------------------------------

describe.each(TRANSFER_KINDS)('transfer machine, %s kind — walk of every transition (spec §4 Transfers)', (kind) => {
  const spec = transferKinds[kind]
  const walk = createWalk(transferMachine, {
    inputs: inputs(kind),
    events: samples(kind),
    stubActions: ['reloadPage', 'refreshNotifications', 'refreshAccounts', 'wantAccounts', 'logDownloadError'],
    screen: transferScreen,
    maxStates: 20000,
    invariant: (snapshot) => {
      const c = snapshot.context
      // The validation code lives in the context only on the code form.
      if (!snapshot.matches('awaitingCode') && !snapshot.matches('confirming')) {
        expect(c.token).toBe('')
        expect(JSON.stringify(c)).not.toContain(CODE)
      }
      // Errors show only after a submit attempt (spec §5).
      if (!c.submitted) expect(c.errors).toEqual({})
      if (!c.tokenSubmitted) expect(c.tokenError).toBeNull()
      // A pending transfer from the ask answer on; a receipt only at the end.
      expect(c.pending !== null).toBe(
        ['awaitingCode', 'confirming', 'codeExpired', 'done', 'failed', 'resultUnknown'].some((s) => snapshot.matches(s as 'done')),
      )
      expect(c.receipt !== null).toBe(snapshot.matches('done'))
      // The receipt's download failure (rulings §9.7) shows only on the final screen, never while it downloads again.
      if (!snapshot.matches({ done: 'idle' })) expect(c.downloadError).toBeNull()
      if (c.downloadError !== null) expect(c.downloadError).toBe(texts.downloadFailed)
      // What the kind does not use stays empty.
      if (!spec.currencies) expect(c.quote).toBeNull()
      if (!spec.suggestions) expect(c.suggestions).toBeNull()
      if (!spec.currencies) expect(c.currencies).toBeNull()
      if (!spec.showsBalance) expect(c.balance).toBeNull()
      for (const field of Object.keys(c.values) as TransferField[]) {
        if (!spec.fields.includes(field)) expect(c.values[field]).toBe('')
      }
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))

  // momo, card: the rate before committing (rulings §9.3), from a USD account sending CDF.
  const rateWalk =
    spec.currencies === null
      ? null
      : createWalk(transferMachine, {
          inputs: { 'accounts loaded': loaded(kind) },
          events: rateSamples,
          stubActions: ['reloadPage', 'refreshNotifications', 'refreshAccounts', 'wantAccounts', 'logDownloadError'],
          screen: transferScreen,
          maxStates: 20000,
        })
  if (rateWalk) for (const path of rateWalk.paths) it(`rate: ${path.description}`, () => path.run().then(() => undefined))

  it(`walked every transition of the graph that a ${kind} transfer can take, and none other`, () =>
    walk.assertEveryEdgeWalked({ unreachable: unreachableFor[kind], together: rateWalk ? [rateWalk] : [] }))
})

describe('transfer machine — the three walks together', () => {
  it('every transition is taken by at least one kind', async () => {
    const edges = createWalk(transferMachine).edges
    const untaken = edges.filter((edge) => TRANSFER_KINDS.every((kind) => unreachableFor[kind](edge)))
    expect(untaken).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(transferMachine, { stubActions: ['reloadPage', 'refreshNotifications', 'refreshAccounts', 'wantAccounts', 'logDownloadError'] })
const play = (kind: TransferKind, ...events: Array<TransferEvent | SyntheticEvent>) => walk.play(loaded(kind), events)
const actorCalls = (calls: Call[], src?: string) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor' && (!src || c.src === src))
/** Up to the code form. */
const toCode = (kind: TransferKind) => [...fill(kind), submit, asked(pendingAnswer(kind))]

describe('transfer machine — the form (spec §5)', () => {
  it.each(TRANSFER_KINDS)('%s: no error shows before a submit attempt', async (kind) => {
    const { snapshot } = await play(kind, change('amount', 'abc'))
    expect(snapshot.context.submitted).toBe(false)
    expect(snapshot.context.errors).toEqual({})
  })

  it('account: a submit attempt shows the exact spec messages of each field', async () => {
    const { snapshot, calls } = await play('account', submit)
    expect(snapshot.value).toMatchObject({ editing: { form: 'filling' } })
    expect(snapshot.context.errors).toEqual({
      debitAccount: 'Veuillez sélectionner un compte',
      amount: 'Saisir le montant de la transaction',
      creditAccount: 'Saisir le code du compte à créditer',
      description: 'Saisir une description',
    })
    expect(actorCalls(calls, 'askTransfer')).toEqual([])
  })

  it('momo: required messages (rulings §1 readings)', async () => {
    const { snapshot } = await play('momo', submit)
    expect(snapshot.context.errors).toEqual({
      debitAccount: 'Veuillez sélectionner un compte',
      amount: 'Saisir le montant de la transaction',
      currencySent: 'Veuillez sélectionner une devise',
      phone: 'Saisir le numéro de compte à créditer',
      description: 'Saisir une description',
    })
  })

  it('card: required, then format messages', async () => {
    const { snapshot } = await play('card', submit)
    expect(snapshot.context.errors).toEqual({
      debitAccount: 'Veuillez sélectionner un compte',
      amount: 'Saisir le montant de la transaction',
      currencySent: 'Veuillez sélectionner une devise',
      accountId: 'Saisir le numéro de compte de la carte à créditer',
      lastFour: 'Saisir le 4 derniers chiffres de votre carte',
      description: 'Saisir une description',
    })
    const typed = await play('card', submit, change('accountId', '1234'), change('lastFour', '12a4'), change('amount', '1.234'))
    expect(typed.snapshot.context.errors).toMatchObject({
      accountId: 'Le numéro saisit est incorrect',
      lastFour: 'Les 4 derniers chiffres sont incorrects',
      amount: 'Saisir correctement le montant',
    })
  })

  it('after a submit attempt, errors follow the typing', async () => {
    const { snapshot } = await play('account', submit, ...fill('account'), change('creditAccount', '0001'), change('description', 'abc'))
    expect(snapshot.context.errors).toEqual({
      creditAccount: 'Le code saisi est trop court',
      description: 'La description est trop courte',
    })
  })

  it("a debit account that is not one of the customer's is refused", async () => {
    const { snapshot, calls } = await play('account', ...fill('account'), change('debitAccount', '999990000000000000001'), submit)
    expect(snapshot.context.errors).toEqual({ debitAccount: validation.debitAccountRequired })
    expect(actorCalls(calls, 'askTransfer')).toEqual([])
  })

  it("a field the kind's form has not is ignored", async () => {
    const { snapshot } = await play('account', change('phone', '243812345678'), change('lastFour', '4242'))
    expect(snapshot.context.values.phone).toBe('')
    expect(snapshot.context.values.lastFour).toBe('')
  })
})

describe('transfer machine — the ask request (spec §7)', () => {
  it('account: the body has the trimmed fields, the amount with a dot and the debit account currency', async () => {
    const { calls } = await play('account', ...fill('account'), change('creditAccount', ` ${CREDIT} `), change('debitAccount', cdf.compte), submit)
    expect(actorCalls(calls, 'askTransfer').map((c) => c.input)).toEqual([
      {
        kind: 'account',
        body: { debitAccount: cdf.compte, creditAccount: CREDIT, description: 'Loyer de mai', currency: '3', amount: '12.50' },
      },
    ])
  })

  it('momo: currency of the debit account and currency sent', async () => {
    const { calls } = await play('momo', ...fill('momo'), submit)
    expect(actorCalls(calls, 'askTransfer').map((c) => c.input)).toEqual([
      {
        kind: 'momo',
        body: { debitAccount: usd.compte, phone: '243812345678', description: 'Famille', currency: '1', amount: '12.50', currencySent: '3' },
      },
    ])
  })

  it('card: account id and last four digits', async () => {
    const { calls } = await play('card', ...fill('card'), submit)
    expect(actorCalls(calls, 'askTransfer').map((c) => c.input)).toEqual([
      {
        kind: 'card',
        body: {
          debitAccount: usd.compte,
          accountId: '12345678',
          lastFour: '4242',
          description: 'Recharge',
          currency: '1',
          amount: '12.50',
          currencySent: '2',
        },
      },
    ])
  })

  it.each(TRANSFER_KINDS)('%s: a double submit sends one request', async (kind) => {
    const { snapshot, calls } = await play(kind, ...fill(kind), submit, submit, submit)
    expect(snapshot.value).toBe('asking')
    expect(transferScreen(snapshot)).toMatchObject({ step: 'form', busy: true })
    expect(actorCalls(calls, 'askTransfer')).toHaveLength(1)
  })
})

describe('transfer machine — answer of the ask (spec §4, §8)', () => {
  const cases: Array<[string, AskAnswer | 'network', string | null]> = [
    ['HTTP 403: the session signs out, no message here', askAnswers['HTTP 403 (session expired)']!, null],
    ["code '2' in a 200 answer: the same", { status: 200, body: { code: '2' } }, null],
    ['HTTP 400 with a message: that message', askAnswers['HTTP 400 with a message']!, api.badRequest],
    ['HTTP 500 without body: the generic error', askAnswers['HTTP 500 without body']!, texts.failed],
    ['HTTP 502 with a blank message: the generic error', { status: 502, body: { message: ' ' } }, texts.failed],
    ["status '1': the server message", askAnswers["status '1' with a message"]!, 'Solde insuffisant'],
    ["status '1' without message: the generic error", { status: 200, body: { status: '1' } }, texts.failed],
    ['an answer without reference: the generic error', askAnswers['no reference']!, texts.failed],
    ['an unreadable answer: the generic error', { status: 200, body: null }, texts.failed],
    ['no answer (network, timeout): the generic error', 'network', texts.failed],
  ]
  describe.each(TRANSFER_KINDS)('%s', (kind) => {
    it.each(cases)('%s; the form stays with its values', async (_, answer, message) => {
      const { snapshot } = await play(kind, ...fill(kind), submit, answer === 'network' ? errorEvent('askTransfer') : asked(answer))
      expect(snapshot.matches('editing')).toBe(true)
      expect(snapshot.context.error).toBe(message)
      expect(snapshot.context.values).toMatchObject(valid[kind])
      expect(snapshot.context.pending).toBeNull()
    })
  })

  it('the generic transfer error is the catalogue text', () => {
    expect(texts.failed).toBe('Une erreur lors de votre transfert, veuillez réessayer')
  })

  it('the banner clears on the next submit', async () => {
    const { snapshot } = await play('account', ...fill('account'), submit, asked(askAnswers["status '1' with a message"]!), submit)
    expect(snapshot.value).toBe('asking')
    expect(snapshot.context.error).toBeNull()
  })

  it.each(TRANSFER_KINDS)('%s: otherwise the code form shows what the code is for', async (kind) => {
    const { snapshot } = await play(kind, ...toCode(kind))
    expect(snapshot.value).toBe('awaitingCode')
    expect(transferScreen(snapshot)).toMatchObject({ step: 'code', busy: false })
    expect(snapshot.context.pending).toEqual({
      reference: 'TRF-0001',
      amount: '12.50',
      currency: kind === 'account' ? '1' : valid[kind].currencySent,
      debitAmount: kind === 'account' ? '12.50' : '0.01',
      debitCurrency: '1',
      payee: payees[kind],
      expiresAt: '2026-05-04T10:05:00.000Z',
      message: 'Un code de validation vous a été envoyé par SMS et par e-mail.',
    })
  })

  it('an answer with only a reference: the form gives the amount, currencies and payee', async () => {
    const { snapshot } = await play('momo', ...fill('momo'), submit, asked({ status: 200, body: { code: ' TRF-9 ' } }))
    expect(snapshot.context.pending).toEqual({
      reference: 'TRF-9',
      amount: '12.50',
      currency: '3',
      debitAmount: null,
      debitCurrency: '1',
      payee: '243812345678',
      expiresAt: null,
      message: null,
    })
  })

  it('account: without payee in the answer, the holder found is the payee', async () => {
    const { snapshot } = await play(
      'account',
      ...fill('account'),
      doneEvent('lookUpHolder', { found: true, libelle: 'Mbuyi Awa' }),
      submit,
      asked({ status: 200, body: { status: '0', code: 'TRF-2' } }),
    )
    expect(snapshot.context.pending?.payee).toBe('Mbuyi Awa')
  })
})

describe('transfer machine — the code form (spec §5 confirmation token)', () => {
  it.each([
    ['', 'Saisir le code token'],
    ['12ab5678', 'Saisir correctement le code'],
    ['1234567', 'Le code saisi est trop court'],
  ])('code %j → %s; nothing is sent', async (code, message) => {
    const { snapshot, calls } = await play('momo', ...toCode('momo'), typeCode(code), submitCode)
    expect(snapshot.value).toBe('awaitingCode')
    expect(snapshot.context.tokenError).toBe(message)
    expect(actorCalls(calls, 'confirmTransfer')).toEqual([])
  })

  it('no code error before a submit attempt; then it follows the typing', async () => {
    const before = await play('card', ...toCode('card'), typeCode('12'))
    expect(before.snapshot.context.tokenError).toBeNull()
    const after = await play('card', ...toCode('card'), submitCode, typeCode('1234'), typeCode(CODE))
    expect(after.snapshot.context.tokenError).toBeNull()
    const wrong = await play('card', ...toCode('card'), submitCode, typeCode('1234'))
    expect(wrong.snapshot.context.tokenError).toBe('Le code saisi est trop court')
  })

  it.each(TRANSFER_KINDS)('%s: sends the reference and the trimmed code; a double submit sends one request', async (kind) => {
    const { snapshot, calls } = await play(kind, ...toCode(kind), typeCode(` ${CODE} `), submitCode, submitCode)
    expect(snapshot.value).toBe('confirming')
    expect(transferScreen(snapshot)).toMatchObject({ step: 'code', busy: true })
    expect(actorCalls(calls, 'confirmTransfer').map((c) => c.input)).toEqual([{ kind, reference: 'TRF-0001', token: CODE }])
  })

  it.each(TRANSFER_KINDS)('%s: giving up the pending transfer gives a fresh form', async (kind) => {
    const { snapshot } = await play(kind, ...toCode(kind), typeCode(CODE), restart)
    expect(snapshot.matches('editing')).toBe(true)
    expect(snapshot.context).toMatchObject({ token: '', pending: null, submitted: false, values: transferKinds[kind].initialValues })
  })
})

describe('transfer machine — answer of the confirm (spec §4, §8)', () => {
  const toConfirm = (kind: TransferKind) => [...toCode(kind), typeCode(CODE), submitCode]

  describe.each(TRANSFER_KINDS)('%s', (kind) => {
    const cases: Array<[string, ConfirmAnswer | 'network', string, string | null, number | null]> = [
      ['HTTP 403: the session signs out, no message here', confirmAnswers['HTTP 403 (session expired)']!, 'awaitingCode', null, null],
      ['HTTP 400: the code form stays with the message', confirmAnswers['HTTP 400 with a message']!, 'awaitingCode', api.badRequest, null],
      [
        'HTTP 500 with a description: that description',
        { status: 500, body: { description: 'Indisponible', message: 'x' } },
        'awaitingCode',
        'Indisponible',
        null,
      ],
      ['HTTP 500 without body: the generic error', { status: 500, body: null }, 'awaitingCode', texts.failed, null],
      // rulings §6.2: no answer proves nothing either (the confirm may have run, its answer lost).
      ['no answer (network, timeout, a lost answer): the result is unknown', 'network', 'resultUnknown', null, null],
      // rulings §6.1: a wrong code with tries left keeps the code form, for every kind.
      [
        'HTTP 422 (wrong code, tries left): the code form is kept with the message',
        confirmAnswers['HTTP 422, wrong code, 2 tries left']!,
        'awaitingCode',
        'Code incorrect.',
        2,
      ],
      // rulings §6.1: status '1' says the transfer is over, for every kind.
      [
        "status '1': the transfer is over, the code form is hidden, the description shows",
        confirmAnswers["status '1', the transfer is over"]!,
        'failed',
        'Code expiré.',
        null,
      ],
      [
        "status '1' with no try left: the transfer is cancelled, the code form is hidden",
        confirmAnswers["status '1', no try left"]!,
        'failed',
        'Transfert annulé.',
        0,
      ],
      ["status '1' without description: the generic error", { status: 200, body: { status: '1' } }, 'failed', texts.failed, null],
      // rulings §6.2: any other 2xx answer is a result unknown, never a success.
      ['an unreadable answer: the result is unknown', confirmAnswers['unreadable body']!, 'resultUnknown', null, null],
      ['an answer without status: the result is unknown', confirmAnswers['no status']!, 'resultUnknown', null, null],
      ['an unknown status: the result is unknown', confirmAnswers['unknown status']!, 'resultUnknown', null, null],
    ]
    it.each(cases)('%s; the code is wiped', async (_, answer, state, message, triesLeft) => {
      const { snapshot } = await play(kind, ...toConfirm(kind), answer === 'network' ? errorEvent('confirmTransfer') : confirmed(answer))
      expect(snapshot.value).toBe(state)
      expect(snapshot.context.error).toBe(message)
      expect(snapshot.context.triesLeft).toBe(triesLeft)
      expect(snapshot.context.token).toBe('')
      expect(JSON.stringify(snapshot.context)).not.toContain(CODE)
      expect(transferScreen(snapshot).step).toBe(({ failed: 'failed', resultUnknown: 'unknown' } as Record<string, string>)[state] ?? 'code')
      if (state === 'resultUnknown') expect(snapshot.context.receipt).toBeNull()
    })

    it('success with a new balance: the message names it, in French format', async () => {
      const { snapshot } = await play(kind, ...toConfirm(kind), confirmed(confirmAnswers['executed, new balance']!))
      // The final screen, its receipt button idle (the receipt downloads from its sub-state).
      expect(snapshot.value).toEqual({ done: 'idle' })
      expect(transferScreen(snapshot)).toMatchObject({ step: 'done', busy: false, lookingUpHolder: false, loadingBalance: false, downloading: false })
      expect(snapshot.context.receipt).toEqual({
        newBalance: '1234.5',
        currency: '1',
        reference: 'TRF-0001',
        executedAt: '2026-05-04T10:01:00.000Z',
        message: 'Votre transfert a été traité avec succès. Nouveau solde : 1\u202F234,50\u00A0USD',
      })
      expect(snapshot.context.token).toBe('')
    })

    it('success with an empty solde: "Votre transfert a été traité avec succès."', async () => {
      const { snapshot } = await play(kind, ...toConfirm(kind), confirmed(confirmAnswers['executed, solde empty']!))
      expect(snapshot.value).toEqual({ done: 'idle' })
      expect(snapshot.context.receipt?.message).toBe('Votre transfert a été traité avec succès.')
      expect(snapshot.context.receipt?.newBalance).toBe('')
    })
  })

  it('the new balance without currency in the answer is in the debit account currency', async () => {
    const { snapshot } = await play('account', ...toConfirm('account'), confirmed({ status: 200, body: { status: '0', solde: '-5.00' } }))
    expect(snapshot.context.receipt?.message).toBe(texts.newBalance(formatAmount('-5.00', '1')))
    expect(snapshot.context.receipt?.reference).toBe('TRF-0001')
  })

  it.each(TRANSFER_KINDS)('%s: a wrong code, then the right one', async (kind) => {
    const { snapshot } = await play(
      kind,
      ...toConfirm(kind),
      confirmed(confirmAnswers['HTTP 422, wrong code, 2 tries left']!),
      typeCode('87654321'),
      submitCode,
    )
    expect(snapshot.value).toBe('confirming')
    expect(snapshot.context.error).toBeNull()
  })

  it.each(['done', 'failed', 'resultUnknown'] as const)('from %s, transfer.restart gives a fresh form and loads the lists again', async (end) => {
    const answer = {
      done: confirmAnswers['executed, new balance']!,
      failed: confirmAnswers["status '1', no try left"]!,
      resultUnknown: confirmAnswers['no status']!,
    }[end]
    const { snapshot, calls } = await play(
      'momo',
      doneEvent('loadSuggestions', [{ value: '243811111111', holder: null }]),
      doneEvent('loadCurrencies', ['1', '3']),
      ...toConfirm('momo'),
      confirmed(answer),
      restart,
    )
    expect(snapshot.matches('editing')).toBe(true)
    expect(snapshot.context).toMatchObject({
      values: transferKinds.momo.initialValues,
      errors: {},
      submitted: false,
      error: null,
      pending: null,
      receipt: null,
      downloadError: null,
      triesLeft: null,
      suggestions: null,
      currencies: null,
      balance: null,
    })
    expect(actorCalls(calls, 'loadSuggestions')).toHaveLength(2)
    expect(actorCalls(calls, 'loadCurrencies')).toHaveLength(2)
  })
})

describe('transfer machine — the receipt (spec §4 success, §7 transfer/receipt, §8 download errors)', () => {
  const toDone = (kind: TransferKind) => [...toConfirm(kind), confirmed(confirmAnswers['executed, new balance']!)]
  const toConfirm = (kind: TransferKind) => [...toCode(kind), typeCode(CODE), submitCode]

  it.each(TRANSFER_KINDS)('%s: the receipt button downloads the receipt of the reference, with a spinner', async (kind) => {
    const { snapshot, calls } = await play(kind, ...toDone(kind), download)
    expect(snapshot.value).toEqual({ done: 'downloading' })
    expect(transferScreen(snapshot)).toMatchObject({ step: 'done', downloading: true })
    expect(actorCalls(calls, 'downloadReceipt').map((c) => c.input)).toEqual([{ reference: 'TRF-0001' }])
  })

  it('a click while the receipt downloads is ignored: one download at a time', async () => {
    const { snapshot, calls } = await play('account', ...toDone('account'), download, download)
    expect(snapshot.value).toEqual({ done: 'downloading' })
    expect(actorCalls(calls, 'downloadReceipt')).toHaveLength(1)
  })

  it('saved: the spinner goes, the final screen stays, the receipt may be downloaded again', async () => {
    const { snapshot, calls } = await play('account', ...toDone('account'), download, doneEvent('downloadReceipt', undefined), download)
    expect(snapshot.value).toEqual({ done: 'downloading' })
    expect(actorCalls(calls, 'downloadReceipt')).toHaveLength(2)
  })

  it("a failure says so (rulings §9.7, the statement's words) and is logged (spec §8); the final screen stays", async () => {
    const error = new Error('receipt not available (500)')
    const { snapshot, calls } = await play('account', ...toDone('account'), download, errorEvent('downloadReceipt', error))
    expect(snapshot.value).toEqual({ done: 'idle' })
    expect(calls.filter((c) => c.kind === 'action' && c.name === 'logDownloadError').map((c) => (c as { params: unknown }).params)).toEqual([
      { reference: 'TRF-0001', error },
    ])
    expect(texts.downloadFailed).toBe('Le téléchargement a échoué. Veuillez réessayer.')
    expect(texts.downloadFailed).toBe(statementTexts.downloadFailed)
    expect(snapshot.context.error).toBeNull()
    expect(transferScreen(snapshot)).toMatchObject({ step: 'done', downloading: false, error: null, downloadError: texts.downloadFailed })
    expect(transferScreen(snapshot).receipt?.reference).toBe('TRF-0001')
  })

  it('the message goes away on the next try, and stays away when that one is saved', async () => {
    const failed = [...toDone('account'), download, errorEvent('downloadReceipt', new Error('receipt not available (500)'))]
    const retrying = await play('account', ...failed, download)
    expect(transferScreen(retrying.snapshot)).toMatchObject({ downloading: true, downloadError: null })
    const saved = await play('account', ...failed, download, doneEvent('downloadReceipt', undefined))
    expect(transferScreen(saved.snapshot)).toMatchObject({ downloading: false, downloadError: null })
  })

  it('a new transfer starts without the message', async () => {
    const { snapshot } = await play('account', ...toDone('account'), download, errorEvent('downloadReceipt', new Error('boom')), restart)
    expect(snapshot.matches('editing')).toBe(true)
    expect(snapshot.context.downloadError).toBeNull()
    expect(transferScreen(snapshot).downloadError).toBeNull()
  })

  it('another transfer may be started while the receipt downloads', async () => {
    const { snapshot } = await play('account', ...toDone('account'), download, restart)
    expect(snapshot.matches('editing')).toBe(true)
    expect(snapshot.children.downloadReceipt).toBeUndefined()
  })
})

describe('transfer machine — what the screen shows (transferScreen)', () => {
  it('account: under the account to credit, the lookup under way, then the holder found, or the lookup failure', async () => {
    const looking = await play('account', change('creditAccount', CREDIT))
    expect(transferScreen(looking.snapshot).holderHint).toBe(texts.lookingUpHolder)
    const found = await play('account', change('creditAccount', CREDIT), doneEvent('lookUpHolder', { found: true, libelle: 'Mbuyi Awa' }))
    expect(transferScreen(found.snapshot).holderHint).toBe(texts.holder('Mbuyi Awa'))
    const missing = await play('account', change('creditAccount', CREDIT), doneEvent('lookUpHolder', { found: false }))
    expect(transferScreen(missing.snapshot).holderHint).toBe(texts.holderNotFound)
    const short = await play('account', change('creditAccount', CREDIT.slice(0, 20)))
    expect(transferScreen(short.snapshot).holderHint).toBeNull()
  })

  it('the code form says the debited amount only when the bank converted it', async () => {
    const converted = await play('momo', ...toCode('momo'))
    expect(transferScreen(converted.snapshot).code).toMatchObject({
      summary: texts.codeFor(formatAmount('12.50', '3'), payees.momo),
      debitLine: texts.debitAmount(formatAmount('0.01', '1')),
    })
    const same = await play('account', ...toCode('account'))
    expect(transferScreen(same.snapshot).code?.debitLine).toBeNull()
  })

  it('the final screen: the receipt, amounts in French format', async () => {
    const { snapshot } = await play('account', ...toCode('account'), typeCode(CODE), submitCode, confirmed(confirmAnswers['executed, new balance']!))
    expect(transferScreen(snapshot).receipt).toEqual({
      message: 'Votre transfert a été traité avec succès. Nouveau solde : 1\u202F234,50\u00A0USD',
      reference: 'TRF-0001',
      executedAt: '2026-05-04T10:01:00.000Z',
      amount: formatAmount('12.50', '1'),
      payee: payees.account,
      newBalance: '1\u202F234,50\u00A0USD',
    })
  })
})

describe('transfer machine — the code expires (rulings §4)', () => {
  const codeLife = { type: 'xstate.after.codeLife.transfer.awaitingCode' } as const
  const noExpiry = (kind: TransferKind): AskAnswer => ({ status: 200, body: { ...pendingAnswer(kind).body, expiresAt: undefined } })

  it.each(TRANSFER_KINDS)('%s: once its time is over, the field and "Confirmer" are disabled and the typed code is wiped', async (kind) => {
    const { snapshot } = await play(kind, ...toCode(kind), typeCode(CODE), codeLife)
    expect(snapshot.value).toBe('codeExpired')
    expect(snapshot.context.token).toBe('')
    expect(transferScreen(snapshot)).toMatchObject({ step: 'code', busy: false, code: { expired: true, token: '', banner: null, bannerOnField: false } })
  })

  it('an expired code can be neither typed nor sent; a new transfer starts from a fresh form', async () => {
    const { snapshot, calls } = await play('momo', ...toCode('momo'), codeLife, typeCode(CODE), submitCode)
    expect(snapshot.value).toBe('codeExpired')
    expect(snapshot.context.token).toBe('')
    expect(actorCalls(calls, 'confirmTransfer')).toEqual([])
    const again = await play('momo', ...toCode('momo'), codeLife, restart)
    expect(again.snapshot.matches('editing')).toBe(true)
    expect(again.snapshot.context).toMatchObject({ pending: null, values: transferKinds.momo.initialValues })
  })

  it('before its time the code form is open; without an expiry in the answer it never closes', async () => {
    const open = await play('card', ...toCode('card'))
    expect(transferScreen(open.snapshot).code?.expired).toBe(false)
    const endless = await play('card', ...fill('card'), submit, asked(noExpiry('card')), codeLife)
    expect(endless.snapshot.value).toBe('awaitingCode')
  })

  it("the delay is the time left until the answer's expiresAt, 0 once past", () => {
    const pending = (expiresAt: string | null) => ({ context: { pending: { expiresAt } } }) as Parameters<typeof codeLifeLeft>[0]
    const left = codeLifeLeft(pending(new Date(Date.now() + 120_000).toISOString()))
    expect(left).toBeGreaterThan(118_000)
    expect(left).toBeLessThanOrEqual(120_000)
    expect(codeLifeLeft(pending('2020-01-01T00:00:00.000Z'))).toBe(0)
    expect(codeLifeLeft(pending(null))).toBe(0)
  })
})

describe('transfer machine — a refused code is tied to its field (rulings §6.1)', () => {
  const toConfirm = (kind: TransferKind) => [...toCode(kind), typeCode(CODE), submitCode]

  it.each(TRANSFER_KINDS)('%s: a wrong code (HTTP 422) marks the field invalid, described by the refusal', async (kind) => {
    const { snapshot } = await play(kind, ...toConfirm(kind), confirmed(confirmAnswers['HTTP 422, wrong code, 2 tries left']!))
    expect(transferScreen(snapshot).code).toMatchObject({ banner: `Code incorrect. ${texts.triesLeft(2)}`, bannerOnField: true })
  })

  it('another failure is not about the code typed; a new attempt clears the mark', async () => {
    // (No answer at all is no failure: the result is unknown, the code form gone — see the confirm's answers.)
    for (const answer of [confirmed({ status: 500, body: { description: 'Indisponible' } }), confirmed({ status: 503, body: null })]) {
      const { snapshot } = await play('momo', ...toConfirm('momo'), answer)
      expect(transferScreen(snapshot).code).toMatchObject({ bannerOnField: false })
      expect(transferScreen(snapshot).code?.banner).not.toBeNull()
    }
    const retried = await play('momo', ...toConfirm('momo'), confirmed(confirmAnswers['HTTP 422, wrong code, 2 tries left']!), typeCode(CODE), submitCode)
    expect(transferScreen(retried.snapshot).code).toMatchObject({ banner: null, bannerOnField: false })
  })
})

describe('transfer machine — the form title (rulings §1)', () => {
  it("momo and card show their form title above the form (the card's reads like its heading); the account transfer none", async () => {
    const titles = await Promise.all(TRANSFER_KINDS.map(async (kind) => transferScreen((await play(kind)).snapshot).formTitle))
    expect(titles).toEqual([null, texts.momoFormTitle, texts.cardFormTitle])
    expect(texts.cardFormTitle).toBe('Transfert vers carte prépayée')
  })
})

describe('transfer machine — holder of the account to credit (spec §2 /app/transfer, §8)', () => {
  it('is looked up once 21 characters are entered, while the customer keeps typing', async () => {
    const { snapshot, calls } = await play('account', change('creditAccount', CREDIT.slice(0, 20)), change('creditAccount', CREDIT), change('amount', '5'))
    expect(snapshot.value).toMatchObject({ editing: { holder: 'lookingUp', form: 'filling' } })
    expect(transferScreen(snapshot).lookingUpHolder).toBe(true)
    expect(snapshot.context.values.amount).toBe('5')
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([{ kind: 'account', account: CREDIT }])
  })

  it.each([
    ['found', doneEvent('lookUpHolder', { found: true, libelle: ' Mbuyi Awa ' }), 'Mbuyi Awa', null],
    ['not found', doneEvent('lookUpHolder', { found: false }), null, "Le compte n'a pu être retrouvé"],
    ['found with an empty label', doneEvent('lookUpHolder', { found: true, libelle: '' }), null, texts.holderNotFound],
    ['lookup failed', errorEvent('lookUpHolder'), null, texts.holderNotFound],
    ['refused for too many tries (rulings §8)', doneEvent('lookUpHolder', { found: false, message: api.tooManyTries(15) }), null, api.tooManyTries(15)],
  ])('%s', async (_, answer, holder, holderError) => {
    const { snapshot, calls } = await play('account', change('creditAccount', CREDIT), answer)
    expect(snapshot.context).toMatchObject({ holder, holderError })
    expect(snapshot.value).toMatchObject({ editing: { holder: 'idle' } })
    expect(actorCalls(calls, 'lookUpHolder')).toHaveLength(1)
  })

  it('changing the field again forgets the holder, and looks the new account up', async () => {
    const other = '000990000000000000011'
    const found = doneEvent('lookUpHolder', { found: true, libelle: 'Mbuyi Awa' })
    const shorter = await play('account', change('creditAccount', CREDIT), found, change('creditAccount', CREDIT.slice(0, 20)))
    expect(shorter.snapshot.context).toMatchObject({ holder: null, holderError: null })
    const { snapshot, calls } = await play('account', change('creditAccount', CREDIT), found, change('creditAccount', other))
    expect(snapshot.context).toMatchObject({ holder: null, holderError: null })
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([
      { kind: 'account', account: CREDIT },
      { kind: 'account', account: other },
    ])
  })

  it('a change during the lookup cancels it and looks the new value up', async () => {
    const other = '000990000000000000011'
    const { snapshot, calls } = await play(
      'account',
      change('creditAccount', CREDIT),
      change('creditAccount', other),
      doneEvent('lookUpHolder', { found: false }),
    )
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([
      { kind: 'account', account: CREDIT },
      { kind: 'account', account: other },
    ])
    expect(snapshot.context.holderError).toBe(texts.holderNotFound)
  })

  it('a lookup cut short by the submit starts again when the form comes back', async () => {
    const { calls } = await play('account', ...fill('account'), submit, asked(askAnswers["status '1' with a message"]!))
    expect(actorCalls(calls, 'lookUpHolder')).toHaveLength(2)
  })

  it.each(['momo', 'card'] as const)('%s: the account to credit is not its field: no account lookup', async (kind) => {
    const { calls } = await play(kind, change('creditAccount', CREDIT))
    expect(actorCalls(calls, 'lookUpHolder')).toEqual([])
  })
})

describe('transfer machine — the payee of a wallet or a card named before paying (rulings §9.2)', () => {
  const named = doneEvent('lookUpHolder', { found: true, libelle: 'Marie Tshibanda' })
  const notFound = doneEvent('lookUpHolder', { found: false })

  it('momo: the number is looked up once it is a complete, valid 243… number, and only then', async () => {
    const partial = await play('momo', change('phone', '24381234567'), change('phone', '143812345678'))
    expect(actorCalls(partial.calls, 'lookUpHolder')).toEqual([])
    const { snapshot, calls } = await play('momo', change('phone', '24381234567'), change('phone', '243812345678'))
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([{ kind: 'momo', phone: '243812345678' }])
    expect(transferScreen(snapshot).holderHint).toBe('Recherche du bénéficiaire…')
  })

  it('card: looked up once both the 8-digit account id and the last four are valid', async () => {
    const half = await play('card', change('accountId', '12345678'), change('lastFour', '432'))
    expect(actorCalls(half.calls, 'lookUpHolder')).toEqual([])
    const { calls } = await play('card', change('lastFour', '4321'), change('accountId', '12345678'))
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([{ kind: 'card', accountId: '12345678', lastFour: '4321' }])
  })

  it.each([
    ['found', named, 'Bénéficiaire : Marie Tshibanda'],
    ['not found', notFound, "Le bénéficiaire n'a pu être retrouvé"],
    ['lookup failed', errorEvent('lookUpHolder'), "Le bénéficiaire n'a pu être retrouvé"],
    ['refused for too many tries (rulings §8)', doneEvent('lookUpHolder', { found: false, message: api.tooManyTries(15) }), api.tooManyTries(15)],
  ])('momo, %s: the hint under the number', async (_, answer, hint) => {
    const { snapshot } = await play('momo', change('phone', '243812345678'), answer)
    const screen = transferScreen(snapshot)
    expect(screen.holderHint).toBe(hint)
    expect(screen.fields.find((f) => f.name === 'phone')?.hint).toBe(hint)
  })

  it('card: the hint shows under the last four digits, and a changed digit forgets it and looks again', async () => {
    const { snapshot, calls } = await play('card', change('accountId', '12345678'), change('lastFour', '4321'), named)
    const screen = transferScreen(snapshot)
    expect(screen.fields.find((f) => f.name === 'lastFour')?.hint).toBe('Bénéficiaire : Marie Tshibanda')
    expect(screen.fields.find((f) => f.name === 'accountId')?.hint).toBeNull()
    const again = await play('card', change('accountId', '12345678'), change('lastFour', '4321'), named, change('accountId', '87654321'))
    expect(again.snapshot.context).toMatchObject({ holder: null, holderError: null })
    expect(actorCalls(again.calls, 'lookUpHolder')).toHaveLength(2)
    expect(actorCalls(calls, 'lookUpHolder')).toHaveLength(1)
  })

  it('not found does not stop the transfer: the operator decides (rulings §9.2)', async () => {
    const { snapshot } = await play('momo', ...fill('momo'), notFound, submit)
    expect(snapshot.value).toBe('asking')
  })

  it('the holder found names the payee of the code form when the answer does not', async () => {
    const answer = pendingAnswer('momo')
    const { payee: _, ...body } = answer.body!
    const { snapshot } = await play('momo', ...fill('momo'), named, submit, asked({ status: 200, body }))
    expect(snapshot.context.pending?.payee).toBe('Marie Tshibanda')
  })
})

describe("transfer machine — a frequent payee's holder from its suggestion (docs/decisions.md, Mobile data)", () => {
  const OTHER = '000330000000000000078'
  const PHONE = '243812345678'
  const suggestions = doneEvent('loadSuggestions', [
    { value: CREDIT, holder: ' Grace Mbuyi ' },
    { value: OTHER, holder: null },
    { value: PHONE, holder: 'Marie Tshibanda' },
    { value: '243899999999', holder: '' },
  ])

  it('account: a typed payee that is a suggestion with a holder is named at once, without the lookup', async () => {
    const { snapshot, calls } = await play('account', suggestions, change('creditAccount', CREDIT.slice(0, 20)), change('creditAccount', ` ${CREDIT} `))
    expect(snapshot.value).toMatchObject({ editing: { holder: 'idle' } })
    expect(snapshot.context).toMatchObject({ holder: 'Grace Mbuyi', holderError: null })
    expect(transferScreen(snapshot)).toMatchObject({ lookingUpHolder: false, holderHint: texts.holder('Grace Mbuyi') })
    expect(actorCalls(calls, 'lookUpHolder')).toEqual([])
  })

  it('momo: a picked number that is a suggestion with a holder is named at once, without the lookup', async () => {
    const { snapshot, calls } = await play('momo', suggestions, change('phone', PHONE))
    expect(snapshot.context).toMatchObject({ holder: 'Marie Tshibanda', holderError: null })
    expect(transferScreen(snapshot).holderHint).toBe(texts.payeeFound('Marie Tshibanda'))
    expect(actorCalls(calls, 'lookUpHolder')).toEqual([])
  })

  it('the holder named so names the payee of the code form when the answer does not', async () => {
    const answer = pendingAnswer('account')
    const { payee: _, ...body } = answer.body!
    const { snapshot, calls } = await play('account', suggestions, ...fill('account'), submit, asked({ status: 200, body }))
    expect(snapshot.context.pending?.payee).toBe('Grace Mbuyi')
    expect(actorCalls(calls, 'lookUpHolder')).toEqual([])
  })

  it.each([
    ['account', 'a suggestion without holder', OTHER, { kind: 'account', account: OTHER }],
    ['account', 'a payee not in the list', '000990000000000000011', { kind: 'account', account: '000990000000000000011' }],
    ['momo', 'a suggestion with an empty holder', '243899999999', { kind: 'momo', phone: '243899999999' }],
    ['momo', 'a number not in the list', '243811111111', { kind: 'momo', phone: '243811111111' }],
  ] as const)('%s, %s: the holder is looked up as before', async (kind, _, payee, input) => {
    const field = kind === 'account' ? 'creditAccount' : 'phone'
    const { snapshot, calls } = await play(kind, suggestions, change(field, payee))
    expect(snapshot.value).toMatchObject({ editing: { holder: 'lookingUp' } })
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([input])
  })

  it('suggestions not loaded yet: the holder is looked up, and the list that comes meanwhile does not replace its answer', async () => {
    const { snapshot, calls } = await play(
      'account',
      change('creditAccount', CREDIT),
      suggestions,
      doneEvent('lookUpHolder', { found: true, libelle: 'Mbuyi Awa' }),
    )
    expect(actorCalls(calls, 'lookUpHolder').map((c) => c.input)).toEqual([{ kind: 'account', account: CREDIT }])
    expect(snapshot.context).toMatchObject({ holder: 'Mbuyi Awa', holderError: null })
  })

  it('suggestions that failed to load: the holder is looked up', async () => {
    const { calls } = await play('account', errorEvent('loadSuggestions'), change('creditAccount', CREDIT))
    expect(actorCalls(calls, 'lookUpHolder')).toHaveLength(1)
  })

  it('another payee forgets the suggested holder; coming back to the suggestion names it again, still without a call', async () => {
    const other = await play('account', suggestions, change('creditAccount', CREDIT), change('creditAccount', OTHER))
    expect(other.snapshot.context).toMatchObject({ holder: null, holderError: null })
    expect(actorCalls(other.calls, 'lookUpHolder').map((c) => c.input)).toEqual([{ kind: 'account', account: OTHER }])
    const back = await play(
      'account',
      suggestions,
      change('creditAccount', OTHER),
      doneEvent('lookUpHolder', { found: false }),
      change('creditAccount', CREDIT),
    )
    expect(back.snapshot.context).toMatchObject({ holder: 'Grace Mbuyi', holderError: null })
    expect(actorCalls(back.calls, 'lookUpHolder')).toHaveLength(1)
  })

  it('card: no suggestions, the card is looked up', async () => {
    const { calls } = await play('card', change('accountId', '12345678'), change('lastFour', '4321'))
    expect(actorCalls(calls, 'lookUpHolder')).toHaveLength(1)
  })
})

describe('transfer machine — the rate before committing (rulings §9.3)', () => {
  const quoted = doneEvent('quoteRate', { found: true, rate: '2850.00000000', debitAmount: '35625.00' })
  const quiet = { type: 'xstate.after.rateQuiet.transfer.editing.rate.waiting' } as SyntheticEvent
  /** momo from a USD account, 12,50 sent in CDF. */
  const converted = [change('debitAccount', usd.compte), change('amount', '12,50'), change('currencySent', '3')]

  it("asked once the customer pauses, with the currency sent, the account's and the amount (contract dot)", async () => {
    const waiting = await play('momo', ...converted)
    expect(waiting.snapshot.value).toMatchObject({ editing: { rate: 'waiting' } })
    expect(actorCalls(waiting.calls, 'quoteRate')).toEqual([])
    const { snapshot, calls } = await play('momo', ...converted, quiet)
    expect(actorCalls(calls, 'quoteRate').map((c) => c.input)).toEqual([{ currencySent: '3', currency: '1', amount: '12.50' }])
    expect(transferScreen(snapshot).rateLine).toBe(texts.quotingRate)
  })

  it("the line: the rate in French format, the amount debited in the account's currency, exact", async () => {
    const { snapshot } = await play('momo', ...converted, quiet, quoted)
    const screen = transferScreen(snapshot)
    expect(screen.rateLine).toBe('Taux : 1 CDF = 2\u202F850,00 USD — montant débité : 35\u202F625,00\u00A0USD')
    expect(screen.fields.find((f) => f.name === 'currencySent')?.status).toBe(screen.rateLine)
  })

  it('a change of amount, account or currency forgets the quote and waits again (one call a pause)', async () => {
    const { snapshot, calls } = await play('momo', ...converted, quiet, quoted, change('amount', '12,5'), change('amount', '125'), quiet)
    expect(actorCalls(calls, 'quoteRate').map((c) => c.input)).toEqual([
      { currencySent: '3', currency: '1', amount: '12.50' },
      { currencySent: '3', currency: '1', amount: '125' },
    ])
    expect(snapshot.context.quote).toBeNull()
  })

  it('a change while the rate is asked drops that call', async () => {
    const { snapshot } = await play('card', ...converted, quiet, change('amount', '13'))
    expect(snapshot.value).toMatchObject({ editing: { rate: 'waiting' } })
    expect(snapshot.children.quoteRate).toBeUndefined()
  })

  it.each([
    ['the same currency as the account', [change('debitAccount', usd.compte), change('amount', '12,50'), change('currencySent', '1')]],
    ['an invalid amount', [change('debitAccount', usd.compte), change('amount', '12,505'), change('currencySent', '3')]],
    ['no account', [change('amount', '12,50'), change('currencySent', '3')]],
    ['no currency', [change('debitAccount', usd.compte), change('amount', '12,50')]],
  ])('no rate for %s', async (_, events) => {
    const { snapshot } = await play('momo', ...events)
    expect(snapshot.value).toMatchObject({ editing: { rate: 'idle' } })
    expect(transferScreen(snapshot).rateLine).toBeNull()
  })

  it("the bank's reason when it has no rate; nothing when the call fails, and no retry until a change", async () => {
    const none = await play('momo', ...converted, quiet, doneEvent('quoteRate', { found: false, message: api.transfer.noRate }))
    expect(transferScreen(none.snapshot).rateLine).toBe(api.transfer.noRate)
    const failed = await play('momo', ...converted, quiet, errorEvent('quoteRate'))
    expect(transferScreen(failed.snapshot).rateLine).toBeNull()
    expect(failed.snapshot.value).toMatchObject({ editing: { rate: 'idle' } })
  })

  it("account: no rate (the amount is in the account's currency)", async () => {
    const { snapshot } = await play('account', ...fill('account'))
    expect(snapshot.value).toMatchObject({ editing: { rate: 'idle' } })
  })
})

describe('transfer machine — lists loaded when the form opens (spec §2, §7, §8)', () => {
  it.each([
    ['account', ['loadSuggestions']],
    ['momo', ['loadSuggestions', 'loadCurrencies']],
    ['card', ['loadCurrencies']],
  ] as const)('%s loads %j', async (kind, sources) => {
    const { calls } = await play(kind)
    expect(actorCalls(calls).map((c) => c.src)).toEqual(sources)
    for (const c of actorCalls(calls)) expect(c.input).toEqual({ kind })
  })

  it('suggestions and currencies in the context; empty on failure', async () => {
    const ok = await play('momo', doneEvent('loadSuggestions', [{ value: '243811111111', holder: null }]), doneEvent('loadCurrencies', ['1', '3']))
    expect(ok.snapshot.context).toMatchObject({ suggestions: [{ value: '243811111111', holder: null }], currencies: ['1', '3'] })
    const ko = await play('momo', errorEvent('loadSuggestions'), errorEvent('loadCurrencies'))
    expect(ko.snapshot.context).toMatchObject({ suggestions: [], currencies: [] })
  })

  it('are not loaded again when the form comes back after a refused ask', async () => {
    const { calls } = await play(
      'momo',
      doneEvent('loadSuggestions', [{ value: '243811111111', holder: null }]),
      doneEvent('loadCurrencies', ['1', '3']),
      ...fill('momo'),
      submit,
      asked(askAnswers["status '1' with a message"]!),
    )
    expect(actorCalls(calls, 'loadSuggestions')).toHaveLength(1)
    expect(actorCalls(calls, 'loadCurrencies')).toHaveLength(1)
  })
})

describe("transfer machine — the selected account's balance (spec §2 /app/momo)", () => {
  it('momo: read for the selected account, again when another is selected', async () => {
    const { snapshot, calls } = await play(
      'momo',
      change('debitAccount', usd.compte),
      doneEvent('loadBalance', { amount: '1500.00', currency: '1' }),
      change('debitAccount', cdf.compte),
    )
    expect(actorCalls(calls, 'loadBalance').map((c) => c.input)).toEqual([
      { compte: usd.compte, currency: '1' },
      { compte: cdf.compte, currency: '3' },
    ])
    expect(snapshot.context.balance).toBeNull()
    expect(transferScreen(snapshot).loadingBalance).toBe(true)
  })

  it('momo: a balance that cannot be read is not shown, and not asked again for the same account', async () => {
    const { snapshot, calls } = await play('momo', change('debitAccount', usd.compte), errorEvent('loadBalance'), change('amount', '3'))
    expect(snapshot.context.balance).toBeNull()
    expect(snapshot.value).toMatchObject({ editing: { balance: 'unavailable' } })
    expect(actorCalls(calls, 'loadBalance')).toHaveLength(1)
  })

  it.each(['account', 'card'] as const)('%s: no balance', async (kind) => {
    const { calls } = await play(kind, change('debitAccount', usd.compte))
    expect(actorCalls(calls, 'loadBalance')).toEqual([])
  })
})

describe('transfer machine — accounts unavailable (spec §8)', () => {
  it.each([
    ['no account', { accounts: [], accountsFailed: false }],
    ['accounts failed', { accounts: [usd], accountsFailed: true }],
  ])('%s: the form shows the message; a click reloads the page; no transfer can be asked', async (_, accounts) => {
    const { snapshot, calls } = await walk.play({ kind: 'account', ...accounts }, [...fill('account'), submit, reload])
    expect(snapshot.context.accountsUnavailable).toBe(true)
    expect(snapshot.context.errors.debitAccount).toBe(validation.debitAccountRequired)
    expect(calls.filter((c) => c.kind === 'action')).toEqual([{ kind: 'action', name: 'reloadPage', params: undefined }])
    expect(actorCalls(calls, 'askTransfer')).toEqual([])
    expect(accountTexts.notLoaded).toBe("Vos comptes n'ont pu être chargés, cliquez pour réessayer")
  })

  it('the accounts loaded meanwhile by the session make the form usable', async () => {
    const { snapshot, calls } = await walk.play({ kind: 'account', accounts: [], accountsFailed: false }, [accountsChange, ...fill('account'), submit, reload])
    expect(snapshot.context.accountsUnavailable).toBe(false)
    expect(snapshot.value).toBe('asking')
    expect(calls.filter((c) => c.kind === 'action')).toEqual([])
  })
})

describe('transfer machine — the screen model is complete: the view renders only it (issue 26)', () => {
  it.each(TRANSFER_KINDS)('%s: heading, form title, steps panel, and each field with its length and keyboard (machines/limits.ts)', async (kind) => {
    const screen = transferScreen((await play(kind)).snapshot)
    const spec = transferKinds[kind]
    expect([screen.heading, screen.formLabel, screen.showsSteps]).toEqual([spec.heading, spec.formTitle, spec.showsSteps])
    expect(screen.fields.map((f) => f.name)).toEqual(spec.fields)
    const lengths: Partial<Record<TransferField, [number | null, string]>> = {
      debitAccount: [null, 'text'],
      amount: [FIELD_MAX_LENGTH.amount, 'decimal'],
      creditAccount: [FIELD_EXACT_LENGTH.accountNumber, 'text'],
      currencySent: [null, 'text'],
      phone: [FIELD_EXACT_LENGTH.momoNumber, 'tel'],
      accountId: [FIELD_EXACT_LENGTH.cardAccountId, 'numeric'],
      lastFour: [FIELD_EXACT_LENGTH.cardLastFour, 'numeric'],
      description: [FIELD_MAX_LENGTH.description, 'text'],
    }
    for (const field of screen.fields) {
      expect([field.maxLength, field.inputMode], field.name).toEqual(lengths[field.name])
      expect(field.label).toBe(texts.labels[field.name])
      expect(field.control).toBe(field.name === 'debitAccount' || field.name === 'currencySent' ? 'select' : 'input')
    }
    expect(screen.fields.find((f) => f.name === 'debitAccount')?.options).toEqual(screen.accountOptions)
  })

  it('the code field: its length and keyboard', async () => {
    const { snapshot } = await play('account', ...toCode('account'))
    expect(transferScreen(snapshot).code).toMatchObject({ maxLength: FIELD_MAX_LENGTH.confirmationCode, inputMode: 'numeric' })
  })

  it('formatRate: exact, French, at least 2 decimals and no trailing zeros beyond', () => {
    expect(['2850.00000000', '0.00035088', '1.08000000', '1234567.5', 'x'].map(formatRate)).toEqual([
      '2\u202F850,00',
      '0,00035088',
      '1,08',
      '1\u202F234\u202F567,50',
      'x',
    ])
  })
})

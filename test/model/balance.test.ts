import { describe, expect, it } from 'vitest'
import type { Account } from '../../machines/shared/customer.ts'
import { accountOptionsOf } from '../../machines/shared/accounts.ts'
import { balanceMachine } from '../../machines/balance/balance.machine.ts'
import { shownBalanceOf } from '../../machines/balance/balance.rules.ts'
import { balanceScreen } from '../../machines/balance/balance.screen.ts'
import type { BalanceAnswer, BalanceEvent, BalanceInput } from '../../machines/balance/balance.types.ts'
import { accounts as accountTexts, api, balance as texts } from '../../machines/messages.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }

const loaded: BalanceInput = { accounts: [usd, cdf], accountsFailed: false }
const inputs: Record<string, BalanceInput> = {
  'accounts loaded': loaded,
  'no account': { accounts: [], accountsFailed: false },
  'accounts failed': { accounts: [], accountsFailed: true },
}

const choose = (value: string): BalanceEvent => ({ type: 'field.change', field: 'account', value })
const submit: BalanceEvent = { type: 'balance.submit' }
const reload: BalanceEvent = { type: 'accounts.reload' }
const accountsChange: BalanceEvent = { type: 'accounts.change', accounts: [usd, cdf], accountsFailed: false }
const answered = (answer: BalanceAnswer) => doneEvent('loadBalance', answer)

const answers: Record<string, BalanceAnswer> = {
  "code '0'": { status: 200, body: { code: '0', amount: '1234.5', currency: '1', compte: usd.compte } },
  'HTTP 403 (session expired)': { status: 403, body: { code: '2', message: api.sessionExpired } },
  "code '1'": { status: 200, body: { code: '1', message: 'Compte inconnu' } },
  'HTTP 500 without body': { status: 500, body: null },
}

const samples: Array<BalanceEvent | SyntheticEvent> = [
  choose(usd.compte),
  choose(''),
  submit,
  reload,
  accountsChange,
  ...Object.values(answers).map(answered),
  errorEvent('loadBalance', new TypeError('Failed to fetch')),
]

// ---------------------------------------------------------------------------------------------
// The walk: every transition of the machine
// ---------------------------------------------------------------------------------------------

describe('balance machine — walk of every transition (spec §2 /app/balance, §8)', () => {
  const walk = createWalk(balanceMachine, {
    screen: balanceScreen,
    inputs,
    events: samples,
    stubActions: ['reloadPage'],
    invariant: (snapshot) => {
      const c = snapshot.context
      // Errors show only after a submit attempt (spec §5).
      if (!c.submitted) expect(c.errors).toEqual({})
      // A balance is kept only while the table shows it.
      expect(c.shown !== null).toBe(snapshot.matches('shown'))
      const screen = balanceScreen(snapshot)
      expect(screen.error !== null).toBe(snapshot.matches('failed'))
      expect(screen.accountsMessage !== null).toBe(c.accountsUnavailable)
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(balanceMachine, { stubActions: ['reloadPage'] })
const play = (...events: Array<BalanceEvent | SyntheticEvent>) => walk.play(loaded, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor')
const actionCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action')

describe('balance machine — the select (spec §5 balance account)', () => {
  it('no error shows before a submit attempt', async () => {
    const { snapshot } = await play(choose(''))
    expect(snapshot.context.errors).toEqual({})
    expect(snapshot.value).toBe('choosing')
  })

  it('a submit without account shows "Veuillez sélectionner un compte" and reads nothing', async () => {
    const { snapshot, calls } = await play(submit)
    expect(snapshot.value).toBe('choosing')
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
    expect(actorCalls(calls)).toEqual([])
  })

  it('after a submit attempt, the error follows the selection', async () => {
    const { snapshot } = await play(submit, choose(usd.compte))
    expect(snapshot.context.errors).toEqual({})
  })

  it("an account that is not one of the customer's is refused", async () => {
    const { snapshot, calls } = await play(choose('999990000000000000001'), submit)
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
    expect(actorCalls(calls)).toEqual([])
  })

  it('POST balance is called with the account number and its currency', async () => {
    const { snapshot, calls } = await play(choose(` ${cdf.compte} `), submit)
    expect(snapshot.value).toBe('loading')
    expect(balanceScreen(snapshot)).toMatchObject({ busy: true, table: null, error: null })
    expect(actorCalls(calls).map((c) => [c.src, c.input])).toEqual([['loadBalance', { compte: cdf.compte, currency: '3' }]])
  })

  it('a double submit sends one request', async () => {
    const { snapshot, calls } = await play(choose(usd.compte), submit, submit, submit)
    expect(snapshot.value).toBe('loading')
    expect(actorCalls(calls)).toHaveLength(1)
  })
})

describe('balance machine — the answer (spec §2, §8; rulings §1)', () => {
  it("code '0': the table shows the account number and the amount in French format with its currency", async () => {
    const { snapshot } = await play(choose(usd.compte), submit, answered(answers["code '0'"]!))
    expect(snapshot.value).toBe('shown')
    expect(snapshot.context.shown).toEqual({ compte: usd.compte, amount: '1234.5', currency: '1' })
    expect(balanceScreen(snapshot).table).toEqual({ compte: usd.compte, amount: '1\u202F234,50\u00A0USD' })
    expect(balanceScreen(snapshot).error).toBeNull()
  })

  it('an answer without compte or currency shows those of the account asked', async () => {
    const { snapshot } = await play(choose(cdf.compte), submit, answered({ status: 200, body: { code: '0', amount: '-5' } }))
    expect(balanceScreen(snapshot).table).toEqual({ compte: cdf.compte, amount: '-5,00\u00A0CDF' })
  })

  it('an unknown currency code shows NA', async () => {
    const { snapshot } = await play(choose(usd.compte), submit, answered({ status: 200, body: { code: '0', amount: '10', currency: '9' } }))
    expect(balanceScreen(snapshot).table?.amount).toBe('10,00\u00A0NA')
  })

  const failures: Array<[string, BalanceAnswer | 'network']> = [
    ["code '1'", answers["code '1'"]!],
    ['HTTP 500 without body', answers['HTTP 500 without body']!],
    ['HTTP 400 with a body', { status: 400, body: { code: '400', message: api.badRequest } }],
    ["code '0' without amount", { status: 200, body: { code: '0' } }],
    ['an unreadable body', { status: 200, body: null }],
    ['no answer (network, timeout)', 'network'],
  ]
  it.each(failures)('%s: the error box with its screen-reader text, no table', async (_, answer) => {
    const { snapshot } = await play(choose(usd.compte), submit, answer === 'network' ? errorEvent('loadBalance') : answered(answer))
    expect(snapshot.value).toBe('failed')
    expect(balanceScreen(snapshot)).toMatchObject({ busy: false, table: null, error: texts.failed })
    expect(texts.failed).toBe("Le solde n'a pu être affiché.")
  })

  it.each([
    ['HTTP 403', answers['HTTP 403 (session expired)']!],
    ["code '2' in a 200 answer", { status: 200, body: { code: '2' } }],
  ] as const)('%s: the session signs out; no box here', async (_, answer) => {
    const { snapshot } = await play(choose(usd.compte), submit, answered(answer))
    expect(snapshot.value).toBe('choosing')
    expect(balanceScreen(snapshot)).toMatchObject({ table: null, error: null })
  })

  it('after a balance, another account can be read; the table shows the new one', async () => {
    const { snapshot, calls } = await play(
      choose(usd.compte),
      submit,
      answered(answers["code '0'"]!),
      choose(cdf.compte),
      submit,
      answered({ status: 200, body: { code: '0', amount: '200000', currency: '3', compte: cdf.compte } }),
    )
    expect(balanceScreen(snapshot).table).toEqual({ compte: cdf.compte, amount: '200\u202F000,00\u00A0CDF' })
    expect(actorCalls(calls).map((c) => c.input)).toEqual([
      { compte: usd.compte, currency: '1' },
      { compte: cdf.compte, currency: '3' },
    ])
  })

  it('the table stays while another account is chosen, until the submit', async () => {
    const { snapshot } = await play(choose(usd.compte), submit, answered(answers["code '0'"]!), choose(cdf.compte))
    expect(balanceScreen(snapshot).table?.compte).toBe(usd.compte)
    const next = await play(choose(usd.compte), submit, answered(answers["code '0'"]!), choose(cdf.compte), submit)
    expect(balanceScreen(next.snapshot)).toMatchObject({ busy: true, table: null })
  })

  it('after a failure, a new submit tries again', async () => {
    const { snapshot } = await play(choose(usd.compte), submit, errorEvent('loadBalance'), submit, answered(answers["code '0'"]!))
    expect(snapshot.value).toBe('shown')
  })

  it('shownBalanceOf: only a 2xx answer with code 0 and an amount', () => {
    const asked = { compte: usd.compte, currency: '1' }
    expect(shownBalanceOf({ status: 200, body: { code: '0', amount: ' 12.3 ' } }, asked)).toEqual({ ...asked, amount: '12.3' })
    expect(shownBalanceOf({ status: 200, body: { code: '0', amount: ' ' } }, asked)).toBeNull()
    expect(shownBalanceOf({ status: 404, body: { code: '0', amount: '1' } }, asked)).toBeNull()
  })
})

describe('balance machine — accounts unavailable (spec §8)', () => {
  it.each([
    ['no account', inputs['no account']!],
    ['accounts failed', inputs['accounts failed']!],
  ])('%s: the accounts message; its click reloads the page; no account is offered', async (_, input) => {
    const { snapshot, calls } = await walk.play(input, [reload, choose(usd.compte), submit])
    expect(balanceScreen(snapshot)).toMatchObject({ accountsMessage: accountTexts.notLoaded, accountOptions: [] })
    expect(accountTexts.notLoaded).toBe("Vos comptes n'ont pu être chargés, cliquez pour réessayer")
    expect(actionCalls(calls).map((c) => c.name)).toEqual(['reloadPage'])
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
    expect(actorCalls(calls)).toEqual([])
  })

  it('with accounts, the message click does nothing', async () => {
    const { calls } = await play(reload)
    expect(actionCalls(calls)).toEqual([])
  })

  it("the select follows the session's list", async () => {
    const { snapshot } = await walk.play(inputs['accounts failed']!, [accountsChange, choose(cdf.compte), submit])
    // the options of the one accountOptionsOf (machines/shared/accounts.ts), the select's value and error in the screen
    expect(balanceScreen(snapshot)).toMatchObject({
      accountsMessage: null,
      accountOptions: accountOptionsOf([usd, cdf]),
      values: { account: cdf.compte },
      errors: {},
      busy: true,
      title: texts.title,
    })
    expect(balanceScreen(snapshot).accountOptions.map((o) => o.value)).toEqual([usd.compte, cdf.compte])
  })
})

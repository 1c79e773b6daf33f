/**
 * QA per tester (rulings §9.8, docs/qa.md): faults scoped to one customer, so that testers sharing
 * one demo server do not collide, and the lost answer of every confirm — the call is carried out
 * in full, then the connection is closed before the answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devFaults } from '../../kernel/messages/devTools.ts'
import { api } from '../../machines/messages.ts'
import { mainCustomer, payeeAccounts, statementOnlyCustomer, webBlockedCustomer } from '../../server/demo/demo-data.ts'
import { scenarioById } from '../../server/demo/fault-scenarios.ts'
import { RESEND_WINDOW_MS } from '../../server/demo/faults.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { transferHelpers, type Kind } from './transfers-helpers.ts'

const e = devFaults.errors
let server: TestServer
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({ config: { pinResetAskLimit: 100, sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
})
afterAll(() => server?.close())
afterEach(async () => {
  await server.call('/__dev/faults', { method: 'DELETE' })
})

const addFault = (fault: unknown) => server.call('/__dev/faults', { body: fault })
/** A customer call of the session (GET, no body). */
const COUNTER = customerPath('notification-size')
const counter = (token: string) => server.call(COUNTER, { token })
const login = (username: string, password: string) => server.call('/auth/login', { body: { username, password } })
const askReset = (compte: string) => server.call('/auth/v1/password/ask', { body: { compte } })

/** A call whose connection closes without an answer: fetch fails. */
async function expectNoAnswer(call: Promise<unknown>): Promise<void> {
  await expect(call).rejects.toThrow(/fetch failed/)
}

describe('a fault scoped to one customer', () => {
  it('refuses, in French and with 400, a customer that is no user code or that no customer has; adds nothing', async () => {
    const cases: [unknown, string][] = [
      ['7654321', e.customerFormat],
      ['K76-54321', e.customerFormat],
      ['', e.customerFormat],
      ['K9999999', e.unknownCustomer('K9999999')],
    ]
    for (const [customer, message] of cases) {
      const res = await addFault({ path: customerPath('account'), status: 500, customer })
      expect(res.status, String(customer)).toBe(400)
      expect(res.body).toEqual({ code: '400', message, errors: [{ field: 'customer', message }] })
    }
    // The contract's own checks: a number, an over-long text.
    for (const customer of [7654321, 'K'.padEnd(40, '1')]) {
      const res = await addFault({ path: customerPath('account'), status: 500, customer })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: '400', errors: [{ field: 'customer' }] })
    }
    expect((await server.call('/__dev/faults')).body).toEqual([])
  })

  it('reads the user code as sign-in does (trimmed, upper-cased)', async () => {
    const res = await addFault({ path: customerPath('account'), status: 500, customer: ' k7654321 ' })
    expect(res).toMatchObject({ status: 200, body: { customer: 'K7654321' } })
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: customerPath('account'), status: 500, customer: 'K7654321' }])
  })

  it("applies only to the calls of that customer's sessions; an unscoped fault still applies to everyone", async () => {
    const jean = await server.signIn(mainCustomer)
    const esther = await server.signIn(statementOnlyCustomer)
    await addFault({ path: COUNTER, status: 500, body: { message: 'panne' }, customer: statementOnlyCustomer.kcode })
    expect((await counter(jean)).status).toBe(200)
    expect(await counter(esther)).toMatchObject({ status: 500, body: { message: 'panne' } })
    expect((await counter(jean)).status).toBe(200)
    // A call without a session is nobody's: the scoped fault leaves it alone (the real 403 comes).
    expect((await server.call(COUNTER)).status).toBe(403)

    await addFault({ path: COUNTER, status: 502, times: 1 })
    expect((await counter(jean)).status).toBe(502)
    expect((await counter(jean)).status).toBe(200)
  })

  it('times counts only the calls of that customer', async () => {
    const jean = await server.signIn(mainCustomer)
    const esther = await server.signIn(statementOnlyCustomer)
    await addFault({ path: COUNTER, status: 500, times: 1, customer: statementOnlyCustomer.kcode })
    for (let i = 0; i < 3; i++) expect((await counter(jean)).status).toBe(200)
    expect((await counter(esther)).status).toBe(500)
    expect((await counter(esther)).status).toBe(200)
  })

  it('applies to the sign-ins and PIN-reset asks naming that user code, and to the confirms of its resets', async () => {
    await addFault({ method: 'POST', path: '/auth/login', status: 401, body: { message: api.webBankingBlocked }, customer: statementOnlyCustomer.kcode })
    expect((await login(mainCustomer.kcode, mainCustomer.pin)).status).toBe(200)
    expect(await login(' k7654321', statementOnlyCustomer.pin)).toMatchObject({ status: 401, body: { message: api.webBankingBlocked } })
    // As every fault, it acts before the contract's checks; a body naming nobody meets only those.
    expect((await server.call('/auth/login', { body: { username: statementOnlyCustomer.kcode } })).status).toBe(401)
    expect((await server.call('/auth/login', { body: { password: statementOnlyCustomer.pin } })).status).toBe(400)

    await addFault({ path: '/auth/v1/password/ask', status: 200, body: { status: '1', message: api.tooManyAsks }, customer: mainCustomer.kcode })
    expect((await askReset(statementOnlyCustomer.kcode)).body.status).toBe('0')
    expect((await askReset(mainCustomer.kcode)).body).toEqual({ status: '1', message: api.tooManyAsks })
    expect((await askReset(webBlockedCustomer.kcode)).body.status).toBe('0')

    // The confirm names a reset by its reference: the fault finds whose it is.
    const reference = (await askReset(statementOnlyCustomer.kcode)).body.code as string
    const other = (await askReset(webBlockedCustomer.kcode)).body.code as string
    await addFault({ path: '/auth/v1/password/confirm', status: 500, body: { message: 'panne' }, customer: statementOnlyCustomer.kcode })
    expect((await server.call('/auth/v1/password/confirm', { body: { code: other, token: '00000000' } })).body.status).toBe('1')
    expect((await server.call('/auth/v1/password/confirm', { body: { code: reference, token: '00000000' } })).status).toBe(500)
  })

  it('lists faults with their scope, and clears per customer or all', async () => {
    await addFault({ path: customerPath('account'), status: 500, customer: mainCustomer.kcode })
    await addFault({ path: customerPath('account'), status: 501, customer: statementOnlyCustomer.kcode })
    await addFault({ path: '/auth/v1/countries', status: 502 })
    expect((await server.call('/__dev/faults')).body).toEqual([
      { path: customerPath('account'), status: 500, customer: 'K1234567' },
      { path: customerPath('account'), status: 501, customer: 'K7654321' },
      { path: '/auth/v1/countries', status: 502 },
    ])
    expect(await server.call('/__dev/faults?customer=k1234567', { method: 'DELETE' })).toMatchObject({ status: 200, body: { code: '0' } })
    expect((await server.call('/__dev/faults')).body).toEqual([
      { path: customerPath('account'), status: 501, customer: 'K7654321' },
      { path: '/auth/v1/countries', status: 502 },
    ])
    const refused = await server.call('/__dev/faults?customer=nobody', { method: 'DELETE' })
    expect(refused).toMatchObject({ status: 400, body: { code: '400', message: e.customerFormat } })
    expect((await server.call('/__dev/faults')).body).toHaveLength(2)
    await server.call('/__dev/faults', { method: 'DELETE' })
    expect((await server.call('/__dev/faults')).body).toEqual([])
  })

  it("drops only that customer's calls, and only her resend", async () => {
    const jean = await server.signIn(mainCustomer)
    const esther = await server.signIn(statementOnlyCustomer)
    await addFault({ path: COUNTER, dropConnection: true, times: 1, customer: statementOnlyCustomer.kcode })
    await expectNoAnswer(counter(esther))
    // Within the resend window: hers is dropped again (a browser's resend), his goes through.
    expect((await counter(jean)).status).toBe(200)
    await expectNoAnswer(counter(esther))
    await new Promise((resolve) => setTimeout(resolve, RESEND_WINDOW_MS + 50))
    expect((await counter(esther)).status).toBe(200)
  })

  it('the page scopes a scenario to the customer typed, and refuses a wrong one with 400 and nothing added', async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/__dev/faults.html`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(fields).toString(),
      })
    const refused = await post({ action: 'scenario', scenario: 'account.confirmLostAnswer', customer: 'Z1' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain(e.customerFormat)
    const unknown = await post({ action: 'scenario', scenario: 'account.confirmLostAnswer', customer: 'K9999999' })
    expect(unknown.status).toBe(400)
    expect((await server.call('/__dev/faults')).body).toEqual([])

    // Another tester's unscoped fault stays when a scoped scenario is applied.
    await addFault({ path: '/auth/v1/countries', status: 502 })
    const applied = await post({ action: 'scenario', scenario: 'account.confirmLostAnswer', customer: 'k7654321' })
    expect(applied.status).toBe(303)
    expect(applied.headers.get('location')).toBe('/__dev/faults.html?done=scenario&scenario=account.confirmLostAnswer&customer=K7654321')
    const scenario = scenarioById('account.confirmLostAnswer')!
    expect((await server.call('/__dev/faults')).body).toEqual([
      { path: '/auth/v1/countries', status: 502 },
      ...scenario.faults.map((f) => ({ ...f, customer: 'K7654321' })),
    ])
    const page = await server.call('/__dev/faults.html?done=scenario&scenario=account.confirmLostAnswer&customer=K7654321')
    expect(page.text).toContain(devFaults.forCustomer('K7654321'))
    expect(page.text).toContain(devFaults.clearCustomer('K7654321'))
    expect(page.text).toMatch(/id="scenario-customer" name="customer" value="K7654321"/)

    const cleared = await post({ action: 'clear', customer: 'K7654321' })
    expect(cleared.headers.get('location')).toBe('/__dev/faults.html?done=cleared&customer=K7654321')
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: '/auth/v1/countries', status: 502 }])

    // The custom form: a lost answer with a status is refused, as a wrong customer is.
    const custom = await post({ action: 'custom', operation: 'confirmTransfer', status: '200', loseAnswer: 'on', customer: 'Z1' })
    expect(custom.status).toBe(400)
    const text = await custom.text()
    expect(text).toContain(e.loseWithAnswer)
    expect(text).toContain(e.customerFormat)
    const added = await post({ action: 'custom', operation: 'confirmTransfer', loseAnswer: 'on', customer: 'K1234567' })
    expect(added.status).toBe(303)
    expect((await server.call('/__dev/faults')).body).toContainEqual({
      method: 'POST',
      path: customerPath('transfer/confirm'),
      loseAnswer: true,
      customer: 'K1234567',
    })
  })
})

describe('a lost answer: carried out in full, then the connection closes before the answer', () => {
  it('is refused with an answer of its own or a dropped connection', async () => {
    for (const extra of [{ status: 200 }, { body: {} }, { dropConnection: true }]) {
      const res = await addFault({ path: customerPath('transfer/confirm'), loseAnswer: true, ...extra })
      expect(res).toMatchObject({ status: 400, body: { code: '400', message: e.loseWithAnswer } })
    }
  })

  const transfers: [Kind, Record<string, unknown>][] = [
    [
      'account',
      { debitAccount: mainCustomer.accounts.usd.number, creditAccount: payeeAccounts[0]!.number, description: 'Loyer', currency: '1', amount: '10.50' },
    ],
    [
      'momo',
      { debitAccount: mainCustomer.accounts.usd.number, phone: '243812345678', description: 'Poche', currency: '1', amount: '20.00', currencySent: '1' },
    ],
    [
      'card',
      {
        debitAccount: mainCustomer.accounts.eur.number,
        accountId: '12345678',
        lastFour: '4321',
        description: 'Recharge',
        currency: '2',
        amount: '10.00',
        currencySent: '2',
      },
    ],
  ]

  it.each(transfers)('%s transfer: the money moves once, the ledger is written, the answer never comes, the resend is not carried out', async (kind, body) => {
    const token = await server.signIn(mainCustomer)
    const scenario = scenarioById(`${kind}.confirmLostAnswer`)!
    for (const fault of scenario.faults) expect((await addFault({ ...fault, customer: mainCustomer.kcode })).status).toBe(200)
    const debit = body.debitAccount as string
    const before = { balance: await h.balanceOf(debit), totals: await h.totals(), snapshot: await h.snapshot() }
    const asked = await h.ask(kind, token, body)
    expect(asked.body.status).toBe('0')
    const code = await h.codeSentTo(mainCustomer)

    await expectNoAnswer(h.confirm(kind, token, asked.body.code, code))
    const [row] = await server.db.query<{ state: string }>('select state from pending_transfers where reference = $1', [asked.body.code])
    expect(row!.state).toBe('executed')
    const after = await h.snapshot()
    expect(after.transactions).toBe(before.snapshot.transactions + 1)
    expect(await h.balanceOf(debit)).not.toBe(before.balance)
    const moved = await h.balanceOf(debit)
    // The browser's resend is closed too, without being carried out again.
    await expectNoAnswer(h.confirm(kind, token, asked.body.code, code))
    expect(await h.snapshot()).toEqual(after)
    // Once the window is over, the confirm is answered for real: the transfer is over, nothing moves twice.
    await new Promise((resolve) => setTimeout(resolve, RESEND_WINDOW_MS + 50))
    expect((await h.confirm(kind, token, asked.body.code, code)).body.status).toBe('1')
    expect(await h.snapshot()).toEqual(after)
    expect(await h.balanceOf(debit)).toBe(moved)
    expect(await h.totals()).toEqual(before.totals)
  })

  it('PIN-reset confirm: the new PIN is sent, the answer never comes', async () => {
    for (const fault of scenarioById('pinReset.confirmLostAnswer')!.faults) await addFault({ ...fault, customer: webBlockedCustomer.kcode })
    const reference = (await askReset(webBlockedCustomer.kcode)).body.code as string
    const [sms] = await server.db.query<{ body: string }>("select body from outbox where channel = 'sms' and recipient = $1 order by id desc limit 1", [
      webBlockedCustomer.contact.phone,
    ])
    const code = /Code de validation : (\d{8})/.exec(sms!.body)![1]!
    await expectNoAnswer(server.call('/auth/v1/password/confirm', { body: { code: reference, token: code } }))
    const [reset] = await server.db.query<{ status: string }>('select status from pin_resets where reference = $1', [reference])
    expect(reset!.status).toBe('done')
    const [pin] = await server.db.query<{ body: string }>("select body from outbox where channel = 'sms' and recipient = $1 order by id desc limit 1", [
      webBlockedCustomer.contact.phone,
    ])
    expect(pin!.body).toMatch(/Votre nouveau code pin : \d{5}/)
  })

  it('password change: the PIN is changed, the answer never comes', async () => {
    const token = await server.signIn(statementOnlyCustomer)
    for (const fault of scenarioById('password.lostAnswer')!.faults) await addFault({ ...fault, customer: statementOnlyCustomer.kcode })
    const change = (oldPassword: string, password: string) =>
      server.call(customerPath('change-password'), { token, body: { oldPassword, password, password2: password } })
    await expectNoAnswer(change(statementOnlyCustomer.pin, '24680'))
    expect((await login(statementOnlyCustomer.kcode, '24680')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, RESEND_WINDOW_MS + 50))
    const back = await server.call(customerPath('change-password'), {
      token: (await login(statementOnlyCustomer.kcode, '24680')).body.token,
      body: { oldPassword: '24680', password: statementOnlyCustomer.pin, password2: statementOnlyCustomer.pin },
    })
    expect(back.body.status).toBe('0')
  })
})

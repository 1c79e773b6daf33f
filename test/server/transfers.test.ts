/**
 * Account transfers (spec §4 Transfers, rulings §4): details, ask, confirm, expiry, tries,
 * repeated and parallel confirms, refusals that change nothing.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { bankAccounts, demoBalanceCents, mainCustomer, payeeAccounts, statementOnlyCustomer, unknownAccountNumber } from '../../server/demo/demo-data.ts'
import { centsToDecimal, decimalToCents, formatMoney } from '../../server/domain/money.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { CODE_IN_TEXT, otherCode, transferHelpers } from './transfers-helpers.ts'

const t = api.transfer
let server: TestServer
let token: string
let esther: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  // Sessions long enough for the clock to pass a code's 5 minutes.
  server = await startTestServer({ config: { sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  token = await server.signIn(mainCustomer)
  esther = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const usd = mainCustomer.accounts.usd
const eur = mainCustomer.accounts.eur
const cdf = mainCustomer.accounts.cdf
const grace = payeeAccounts[0] // USD
const kivu = payeeAccounts[1] // USD
const patrick = payeeAccounts[2] // CDF

const body = (over: Record<string, unknown> = {}) => ({
  debitAccount: usd.number,
  creditAccount: grace.number,
  description: 'Loyer de mars',
  currency: '1',
  amount: '10.50',
  ...over,
})
const ask = (over: Record<string, unknown> = {}, as = token) => h.ask('account', as, body(over))

/** Asks and answers the reference and the code read from the SMS. */
async function asked(over: Record<string, unknown> = {}) {
  const res = await ask(over)
  expect(res.body.status, res.body.message).toBe('0')
  return { reference: res.body.code as string, code: await h.codeSentTo(mainCustomer), answer: res.body }
}

describe('POST details', () => {
  const details = (code: string, as = token) => server.call(customerPath('details'), { token: as, body: { code, currency: '1' } })

  it("answers the holder label of a payee's account", async () => {
    expect((await details(grace.number)).body).toEqual({ code: '0', libelle: grace.holder })
  })

  it("and of a customer's account, whatever the currency sent", async () => {
    expect((await details(statementOnlyCustomer.accounts.cdf.number)).body).toEqual({ code: '0', libelle: statementOnlyCustomer.name })
  })

  it('answers code 1 with a message when no account has that number', async () => {
    const res = await details(unknownAccountNumber)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '1', message: api.accountNotFound })
  })

  it("does not disclose the bank's own settlement and internal accounts", async () => {
    for (const acc of bankAccounts.slice(0, 3)) expect((await details(acc.number)).body.code).toBe('1')
  })

  it('needs a session', async () => {
    expect((await server.call(customerPath('details'), { body: { code: grace.number, currency: '1' } })).status).toBe(403)
  })
})

describe('POST transfer/ask: refusals answer status 1 with a message and change no row', () => {
  it.each([
    [
      "another customer's account as debit",
      { debitAccount: statementOnlyCustomer.accounts.cdf.number, creditAccount: patrick.number, currency: '3' },
      t.debitNotOwn,
    ],
    ['an unknown debit account', { debitAccount: unknownAccountNumber }, t.debitNotOwn],
    ['an unknown credit account', { creditAccount: unknownAccountNumber }, t.creditNotFound],
    ["a settlement account of the bank's as credit", { creditAccount: bankAccounts[1]!.number }, t.creditNotFound],
    ['the debit account as credit', { creditAccount: usd.number }, t.sameAccount],
    ['a credit account in another currency', { creditAccount: patrick.number }, t.creditCurrency],
    ["a currency that is not the debit account's", { currency: '3' }, t.currencyMismatch],
    ['an unknown currency', { currency: '9' }, t.currencyMismatch],
    ['an amount of zero', { amount: '0' }, t.zeroAmount],
    ['an amount of 0.00', { amount: '0.00' }, t.zeroAmount],
    ['a description of blanks', { description: '   a   ' }, t.descriptionTooShort],
    ['an amount over the balance', { amount: centsToDecimal(demoBalanceCents(usd) + 1n) }, t.insufficientFunds(formatMoney(demoBalanceCents(usd), '1'))],
  ])('%s', async (_name, over, message) => {
    const before = await h.snapshot()
    const res = await ask(over)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: '1', message })
    expect(await h.snapshot()).toEqual(before)
  })

  it('a customer without the transfert module', async () => {
    const before = await h.snapshot()
    const res = await ask({ debitAccount: statementOnlyCustomer.accounts.cdf.number, creditAccount: patrick.number, currency: '3' }, esther)
    expect(res.body).toEqual({ status: '1', message: t.serviceDisabled })
    expect(await h.snapshot()).toEqual(before)
  })
})

describe('POST transfer/ask: a request off the contract answers 400 and changes no row', () => {
  it.each([
    ['a negative amount', { amount: '-5.00' }, 'amount'],
    ['an amount with 3 decimals', { amount: '10.001' }, 'amount'],
    ['an amount with a comma', { amount: '10,50' }, 'amount'],
    ['an amount sent as a number', { amount: 10.5 }, 'amount'],
    ['a credit account of 20 characters', { creditAccount: grace.number.slice(1) }, 'creditAccount'],
    ['a debit account of 22 characters', { debitAccount: `${usd.number}0` }, 'debitAccount'],
    ['a description under 5 characters', { description: 'Loy' }, 'description'],
    ['an extra field', { fee: '0' }, 'fee'],
  ])('%s', async (_name, over, field) => {
    const before = await h.snapshot()
    const res = await ask(over)
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await h.snapshot()).toEqual(before)
  })

  it('a missing field', async () => {
    const { amount: _amount, ...rest } = body()
    const res = await h.ask('account', token, rest)
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'amount', message: api.fieldErrors.required }])
  })

  it('no session: 403 before anything', async () => {
    expect((await server.call(customerPath('transfer/ask'), { body: body() })).status).toBe(403)
  })
})

describe('POST transfer/ask: a pending transfer and its code', () => {
  it('answers the reference, the amount, the payee and when the code expires; moves no money', async () => {
    const before = await h.snapshot()
    const res = await ask({ amount: '10.5' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: '0',
      code: expect.stringMatching(/^VIR[0-9A-Z]{20}$/),
      message: t.codeSent({ amount: '10,50 USD', payee: grace.holder, conversion: '', lifetime: '5 minutes' }),
      solde: centsToDecimal(demoBalanceCents(usd)),
      currency: '1',
      currencySent: '1',
      amount: '10.50',
      debitAmount: '10.50',
      payee: grace.holder,
      expiresAt: new Date(server.clock.now().getTime() + 300_000).toISOString(),
    })
    const after = await h.snapshot()
    expect(after.balances).toBe(before.balances)
    expect(after.entries).toBe(before.entries)
    expect(after.pending).toBe(before.pending + 1)
    expect(after.outbox).toBe(before.outbox + 2)
    const [row] = await server.db.query(
      `select p.state, p.tries_left, p.amount::text, p.debit_amount::text, p.payee, p.payee_key, p.kind, c.kcode
         from pending_transfers p join customers c on c.id = p.customer_id where p.reference = $1`,
      [res.body.code],
    )
    expect(row).toEqual({
      state: 'pending',
      tries_left: 3,
      amount: '10.50',
      debit_amount: '10.50',
      payee: grace.holder,
      payee_key: grace.number,
      kind: 'account',
      kcode: mainCustomer.kcode,
    })
  })

  it('sends the code by SMS and by e-mail, both naming the amount, the currency and the payee', async () => {
    await ask({ amount: '1234.56', creditAccount: kivu.number })
    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    const email = await h.lastMessage('email', mainCustomer.contact.email)
    const code = CODE_IN_TEXT.exec(sms.text)![1]!
    expect(CODE_IN_TEXT.exec(email.text)![1]).toBe(code)
    for (const text of [sms.text, email.text]) {
      expect(text).toContain('1 234,56 USD')
      expect(text).toContain(kivu.holder)
      expect(text).toContain('5 minutes')
    }
    expect(sms.text).toBe(t.codeSms({ code, amount: '1 234,56 USD', payee: kivu.holder, conversion: '', lifetime: '5 minutes' }))
    expect(email.subject).toBe(t.codeEmailSubject)
    expect(email.text).toContain(mainCustomer.name)
    expect(email.text).toContain(usd.number)
  })

  it('never stores the code in clear, only a keyed hash bound to the reference', async () => {
    const { reference, code } = await asked()
    const [row] = await server.db.query<{ json: string; code_hash: string }>(
      'select row_to_json(p)::text as json, code_hash from pending_transfers p where reference = $1',
      [reference],
    )
    expect(row!.json).not.toContain(code)
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'))
    expect(row!.code_hash).not.toBe(createHash('sha256').update(`${reference}:${code}`).digest('hex'))
    // nowhere else in the database but the outbox (the messages to send)
    const tables = await server.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_name not in ('outbox')",
    )
    for (const { table_name } of tables) {
      const [hit] = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table_name} x where row_to_json(x)::text like $1`, [`%${code}%`])
      expect(hit!.n, table_name).toBe(0)
    }
  })

  it('gives each transfer its own reference and code', async () => {
    const a = await asked()
    const b = await asked()
    expect(a.reference).not.toBe(b.reference)
    // the same code could come twice (1 in 10^8); the hashes differ anyway, bound to the reference
    const rows = await server.db.query<{ code_hash: string }>('select code_hash from pending_transfers where reference in ($1, $2)', [a.reference, b.reference])
    expect(new Set(rows.map((r) => r.code_hash)).size).toBe(2)
  })
})

describe('POST transfer/confirm', () => {
  it('executes with the right code: debit, credit, one ledger entry per side, notification, messages', async () => {
    const debitBefore = await h.balanceOf(usd.number)
    const creditBefore = await h.balanceOf(grace.number)
    const totals = await h.totals()
    const { reference, code } = await asked({ amount: '25.40', description: 'Facture avril' })
    const res = await h.confirm('account', token, reference, code)
    const solde = centsToDecimal(decimalToCents(debitBefore) - 2540n)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: '0',
      code: '0',
      message: t.done({ amount: '25,40 USD', payee: grace.holder, balance: formatMoney(decimalToCents(solde), '1') }),
      description: t.executed,
      solde,
      currency: '1',
      reference,
      executedAt: server.clock.now().toISOString(),
    })
    expect(await h.balanceOf(usd.number)).toBe(solde)
    expect(await h.balanceOf(grace.number)).toBe(centsToDecimal(decimalToCents(creditBefore) + 2540n))
    expect(await h.totals()).toEqual(totals)

    const entries = await server.db.query(
      `select a.number, e.amount::text, e.balance_after::text, e.description, t.kind, t.description as what
         from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join accounts a on a.id = e.account_id
        where t.reference = $1 order by e.amount`,
      [reference],
    )
    expect(entries).toEqual([
      {
        number: usd.number,
        amount: '-25.40',
        balance_after: solde,
        description: t.debitLine(grace.holder, 'Facture avril'),
        kind: 'account',
        what: 'Facture avril',
      },
      {
        number: grace.number,
        amount: '25.40',
        balance_after: await h.balanceOf(grace.number),
        description: t.creditLine(mainCustomer.name, 'Facture avril'),
        kind: 'account',
        what: 'Facture avril',
      },
    ])
    const [pending] = await server.db.query('select state, balance_after::text from pending_transfers where reference = $1', [reference])
    expect(pending).toEqual({ state: 'executed', balance_after: solde })

    const [note] = await server.db.query<{ title: string; content: string }>(
      `select n.title, n.content from notifications n join customers c on c.id = n.customer_id where c.kcode = $1 order by n.id desc limit 1`,
      [mainCustomer.kcode],
    )
    expect(note).toEqual({ title: t.doneTitle, content: t.doneContent({ amount: '25,40 USD', payee: grace.holder, reference }) })
    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    expect(sms.text).toBe(t.doneSms({ amount: '25,40 USD', payee: grace.holder, reference, balance: formatMoney(decimalToCents(solde), '1') }))
    const email = await h.lastMessage('email', mainCustomer.contact.email)
    expect(email.subject).toBe(t.doneEmailSubject)
    expect(email.text).toContain(reference)
  })

  it('a repeated confirm answers status 1 "already executed" and moves no money', async () => {
    const { reference, code } = await asked({ amount: '3.00' })
    expect((await h.confirm('account', token, reference, code)).body.status).toBe('0')
    const before = await h.snapshot()
    for (const c of [code, otherCode(code)]) {
      const again = await h.confirm('account', token, reference, c)
      expect(again.body).toEqual({ status: '1', description: t.alreadyExecuted(reference), reference })
    }
    expect(await h.snapshot()).toEqual(before)
  })

  it('20 identical confirms in parallel: exactly one executes, one debit row, the right balance', async () => {
    const before = await h.balanceOf(usd.number)
    const { reference, code } = await asked({ amount: '7.77' })
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.confirm('account', token, reference, code)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.body.status === '0')).toHaveLength(1)
    expect(answers.filter((a) => a.body.status === '1').map((a) => a.body.description)).toEqual(Array(19).fill(t.alreadyExecuted(reference)))
    const debits = await server.db.query(
      `select e.amount::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        join accounts a on a.id = e.account_id where t.reference = $1 and a.number = $2`,
      [reference, usd.number],
    )
    expect(debits).toEqual([{ amount: '-7.77' }])
    expect(await h.balanceOf(usd.number)).toBe(centsToDecimal(decimalToCents(before) - 777n))
  })

  it('a wrong code leaves 2 tries, then 1; the 3rd cancels the transfer; the right code then does nothing', async () => {
    const { reference, code } = await asked({ amount: '5.00' })
    const wrong = otherCode(code)
    // rulings §6.1: a wrong code with tries left is HTTP 422, the transfer still pending.
    expect(await h.confirm('account', token, reference, wrong)).toMatchObject({
      status: 422,
      body: { code: '1', message: t.wrongCode(2), description: t.wrongCode(2), triesLeft: 2 },
    })
    expect(await h.confirm('account', token, reference, wrong)).toMatchObject({
      status: 422,
      body: { code: '1', message: t.wrongCode(1), description: t.wrongCode(1), triesLeft: 1 },
    })
    const balances = (await h.snapshot()).balances
    // The third ends the transfer: a 200 with status '1', no code can succeed any more.
    expect(await h.confirm('account', token, reference, wrong)).toMatchObject({
      status: 200,
      body: { status: '1', description: t.cancelledWrongCode, triesLeft: 0 },
    })
    expect(await h.confirm('account', token, reference, code)).toMatchObject({
      status: 200,
      body: { status: '1', description: t.cancelledWrongCode, triesLeft: 0 },
    })
    expect((await h.snapshot()).balances).toBe(balances)
    const [row] = await server.db.query('select state, cancel_reason, tries_left from pending_transfers where reference = $1', [reference])
    expect(row).toEqual({ state: 'cancelled', cancel_reason: 'wrong_code', tries_left: 0 })
    const [note] = await server.db.query<{ title: string }>(
      'select n.title from notifications n join customers c on c.id = n.customer_id where c.kcode = $1 order by n.id desc limit 1',
      [mainCustomer.kcode],
    )
    expect(note!.title).toBe(t.cancelledTitle)
  })

  it('a wrong code, then the right one: executed', async () => {
    const { reference, code } = await asked({ amount: '1.00' })
    expect((await h.confirm('account', token, reference, otherCode(code))).body.triesLeft).toBe(2)
    expect((await h.confirm('account', token, reference, code)).body.status).toBe('0')
  })

  it('a code of more than 8 digits is a wrong code', async () => {
    const { reference, code } = await asked({ amount: '1.00' })
    expect(await h.confirm('account', token, reference, `${code}0`)).toMatchObject({
      status: 422,
      body: { code: '1', message: t.wrongCode(2), description: t.wrongCode(2), triesLeft: 2 },
    })
  })

  it('the code works until its 5 minutes are over; then the transfer is cancelled as expired', async () => {
    const ok = await asked({ amount: '2.00' })
    server.clock.advance(299_000)
    expect((await h.confirm('account', token, ok.reference, ok.code)).body.status).toBe('0')

    const late = await asked({ amount: '2.00' })
    const balances = (await h.snapshot()).balances
    server.clock.advance(300_000)
    expect((await h.confirm('account', token, late.reference, late.code)).body).toEqual({ status: '1', description: t.expired })
    expect((await h.confirm('account', token, late.reference, late.code)).body).toEqual({ status: '1', description: t.expired })
    expect((await h.snapshot()).balances).toBe(balances)
    const [row] = await server.db.query('select state, cancel_reason from pending_transfers where reference = $1', [late.reference])
    expect(row).toEqual({ state: 'cancelled', cancel_reason: 'expired' })
  })

  it('an unconfirmed transfer is cancelled lazily: by the next ask after its expiry', async () => {
    const first = await asked({ amount: '2.00' })
    server.clock.advance(301_000)
    const [before] = await server.db.query('select state from pending_transfers where reference = $1', [first.reference])
    expect(before).toEqual({ state: 'pending' })
    await asked({ amount: '2.00' })
    const [after] = await server.db.query('select state, cancel_reason from pending_transfers where reference = $1', [first.reference])
    expect(after).toEqual({ state: 'cancelled', cancel_reason: 'expired' })
  })

  it('the ask that cancels an expired transfer tells its customer, once, with its amount and payee', async () => {
    const first = await asked({ amount: '3.00' })
    server.clock.advance(301_000)
    const notices = `select n.title, n.content from notifications n join customers c on c.id = n.customer_id
                      where c.kcode = $1 and n.content = $2`
    const cancelled = { title: t.cancelledTitle, content: t.cancelledContent({ amount: '3,00 USD', payee: grace.holder, reason: t.reasons.expired }) }
    expect(await server.db.query(notices, [mainCustomer.kcode, cancelled.content])).toEqual([])
    const next = await asked({ amount: '2.00' })
    expect(await server.db.query(notices, [mainCustomer.kcode, cancelled.content])).toEqual([cancelled])
    // the ask itself is stored as usual, and a later ask finds nothing more to cancel
    await asked({ amount: '2.00' })
    expect(await server.db.query(notices, [mainCustomer.kcode, cancelled.content])).toEqual([cancelled])
    const [row] = await server.db.query('select state from pending_transfers where reference = $1', [next.reference])
    expect(row).toEqual({ state: 'pending' })
    expect((await h.confirm('account', token, first.reference, first.code)).body).toEqual({ status: '1', description: t.expired })
  })

  it('the balance is checked again at confirm: a transfer the balance no longer covers is cancelled', async () => {
    const balance = decimalToCents(await h.balanceOf(eur.number))
    const sarah = payeeAccounts[4]
    const first = await asked({ debitAccount: eur.number, creditAccount: sarah.number, currency: '2', amount: centsToDecimal(balance - 100n) })
    const second = await asked({ debitAccount: eur.number, creditAccount: sarah.number, currency: '2', amount: '2.00' })
    expect((await h.confirm('account', token, first.reference, first.code)).body.status).toBe('0')
    const before = await h.snapshot()
    expect((await h.confirm('account', token, second.reference, second.code)).body).toEqual({ status: '1', description: t.cancelledFunds })
    const after = await h.snapshot()
    expect(after.balances).toBe(before.balances)
    expect(after.entries).toBe(before.entries)
    expect(await h.balanceOf(eur.number)).toBe('1.00')
  })

  it("credits another customer's account, who is told", async () => {
    const target = statementOnlyCustomer.accounts.cdf
    const before = await h.balanceOf(target.number)
    const { reference, code } = await asked({ debitAccount: cdf.number, creditAccount: target.number, currency: '3', amount: '15000.00' })
    expect((await h.confirm('account', token, reference, code)).body.status).toBe('0')
    expect(await h.balanceOf(target.number)).toBe(centsToDecimal(decimalToCents(before) + 1_500_000n))
    const [note] = await server.db.query(
      'select n.title, n.content from notifications n join customers c on c.id = n.customer_id where c.kcode = $1 order by n.id desc limit 1',
      [statementOnlyCustomer.kcode],
    )
    expect(note).toEqual({ title: t.receivedTitle, content: t.receivedContent({ amount: '15 000,00 CDF', from: mainCustomer.name, reference }) })
  })

  it("an unknown reference, one of another kind, or another customer's: not found, and no try counted", async () => {
    const { reference, code } = await asked({ amount: '1.00' })
    const before = await h.snapshot()
    expect((await h.confirm('account', token, 'VIR00000000000000000000', code)).body).toEqual({ status: '1', description: t.notFound })
    expect((await h.confirm('momo', token, reference, code)).body).toEqual({ status: '1', description: t.notFound })
    expect((await h.confirm('card', token, reference, code)).body).toEqual({ status: '1', description: t.notFound })
    expect((await h.confirm('account', esther, reference, code)).body).toEqual({ status: '1', description: t.notFound })
    expect(await h.snapshot()).toEqual(before)
    expect((await h.confirm('account', token, reference, code)).body.status).toBe('0')
  })

  it('a validation code off the contract (7 digits, letters): 400', async () => {
    const { reference } = await asked({ amount: '1.00' })
    const before = await h.snapshot()
    expect((await h.confirm('account', token, reference, '1234567')).status).toBe(400)
    expect((await h.confirm('account', token, reference, '1234567a')).status).toBe(400)
    expect(await h.snapshot()).toEqual(before)
  })
})

/**
 * Transfers to a mobile-money number and to a prepaid card (spec §4, rulings §4): currencies of
 * b2w/b2c, conversion with the rate table (exact, half up to the cent), settlement accounts per
 * network in the debit account's currency, and a short code lifetime (CODE_LIFETIME_SECONDS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, SETTLEMENT_SHARDS, settlementAccountNumber, settlementNetworks, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { centsToDecimal, convertCents, decimalToCents, formatMoney, formatRate } from '../../server/domain/money.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { otherCode, transferHelpers, type Kind } from './transfers-helpers.ts'

const t = api.transfer
let server: TestServer
let token: string
const h = transferHelpers(() => server)
/** This file's server gives codes 30 seconds. */
const LIFETIME = 30

beforeAll(async () => {
  server = await startTestServer({ config: { codeLifetimeSeconds: LIFETIME, sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  token = await server.signIn(mainCustomer)
})
afterAll(() => server?.close())

const usd = mainCustomer.accounts.usd
const eur = mainCustomer.accounts.eur
const cdf = mainCustomer.accounts.cdf
/** The network's settlement account in that currency: several rows (shards, migration 018), summed when read. */
const settlement = (network: string, currency: '1' | '2' | '3') => ({ network, currency })
const networkBalance = async ({ network, currency }: { network: string; currency: string }) => {
  const [row] = await server.db.query<{ balance: string }>('select balance::text from settlement_balances where network = $1 and currency = $2', [
    network,
    currency,
  ])
  return row!.balance
}

const wallet = (over: Record<string, unknown> = {}) => ({
  debitAccount: usd.number,
  phone: '243812345678',
  description: 'Argent de poche',
  currency: '1',
  amount: '20.00',
  currencySent: '1',
  ...over,
})
const card = (over: Record<string, unknown> = {}) => ({
  debitAccount: eur.number,
  accountId: '12345678',
  lastFour: '4321',
  description: 'Recharge carte',
  currency: '2',
  amount: '10.00',
  currencySent: '2',
  ...over,
})

async function asked(kind: Kind, body: unknown) {
  const res = await h.ask(kind, token, body)
  expect(res.body.status, res.body.message).toBe('0')
  return { reference: res.body.code as string, code: await h.codeSentTo(mainCustomer), answer: res.body }
}

/** The settlement account credited by the transfer: its network and currency, and the row's number. */
async function creditedAccount(reference: string): Promise<{ network: string; currency: string }> {
  const [row] = await server.db.query<{ network: string; currency: string }>(
    'select a.network, a.currency from pending_transfers p join accounts a on a.id = p.credit_account_id where p.reference = $1',
    [reference],
  )
  return { network: row!.network, currency: row!.currency }
}
async function creditedNumber(reference: string): Promise<string> {
  const [row] = await server.db.query<{ number: string }>(
    'select a.number from pending_transfers p join accounts a on a.id = p.credit_account_id where p.reference = $1',
    [reference],
  )
  return row!.number
}

describe('conversion arithmetic (money.ts)', () => {
  it('is exact and rounds half up to the cent', () => {
    expect(convertCents(1_000_000n, '0.00035088')).toBe(351n) // 10 000,00 CDF → 3,5088 → 3,51 USD
    expect(convertCents(1000n, '0.92592593')).toBe(926n) // 10,00 USD → 9,2592593 → 9,26 EUR
    expect(convertCents(1n, '0.50000000')).toBe(1n) // half a cent → up
    expect(convertCents(1n, '0.49999999')).toBe(0n)
    expect(convertCents(3n, '0.50000000')).toBe(2n) // 1,5 cents → 2
    expect(convertCents(999_999_999_999_999n, '2850.00000000')).toBe(2_849_999_999_999_997_150n) // no float drift
    expect(formatRate('2850.00000000')).toBe('2 850')
    expect(formatRate('0.92592593')).toBe('0,92592593')
    expect(formatMoney(123_456_789n, '3')).toBe('1 234 567,89 CDF')
    expect(formatMoney(5n, '9')).toBe('0,05 NA')
  })
})

describe('POST transfer/ask-wallet and confirm-wallet', () => {
  it('in the account currency: no conversion; the network settlement account is credited', async () => {
    const totals = await h.totals()
    const debitBefore = decimalToCents(await h.balanceOf(usd.number))
    const mpesa = settlement('mpesa', '1')
    const mpesaBefore = decimalToCents(await networkBalance(mpesa))
    const { reference, code, answer } = await asked('momo', wallet())
    expect(answer).toEqual({
      status: '0',
      code: expect.stringMatching(/^MOB[0-9A-Z]{20}$/),
      message: t.codeSent({ amount: '20,00 USD', payee: '243812345678', conversion: '', lifetime: '30 secondes' }),
      solde: centsToDecimal(debitBefore),
      currency: '1',
      currencySent: '1',
      amount: '20.00',
      debitAmount: '20.00',
      payee: '243812345678',
      expiresAt: new Date(server.clock.now().getTime() + LIFETIME * 1000).toISOString(),
    })
    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    expect(sms.text).toContain('20,00 USD')
    expect(sms.text).toContain('243812345678')
    expect(sms.text).toContain('Valable 30 secondes')
    const res = await h.confirm('momo', token, reference, code)
    expect(res.body).toMatchObject({ status: '0', code: '0', solde: centsToDecimal(debitBefore - 2000n), currency: '1', reference })
    expect(await networkBalance(mpesa)).toBe(centsToDecimal(mpesaBefore + 2000n))
    expect(await h.totals()).toEqual(totals)
  })

  it('in another currency: the debit is converted with the rate table and stated in the answer and the messages', async () => {
    const totals = await h.totals()
    const debitBefore = decimalToCents(await h.balanceOf(usd.number))
    const { reference, code, answer } = await asked('momo', wallet({ amount: '10000.00', currencySent: '3' }))
    const conversion = t.conversion('3,51 USD', '1 CDF = 0,00035088 USD')
    expect(answer).toMatchObject({ currency: '1', currencySent: '3', amount: '10000.00', debitAmount: '3.51' })
    expect(answer.message).toBe(t.codeSent({ amount: '10 000,00 CDF', payee: '243812345678', conversion, lifetime: '30 secondes' }))
    expect(answer.message).toContain('Montant débité : 3,51 USD')
    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    const email = await h.lastMessage('email', mainCustomer.contact.email)
    for (const text of [sms.text, email.text]) {
      expect(text).toContain('10 000,00 CDF')
      expect(text).toContain('243812345678')
      expect(text).toContain('3,51 USD')
    }
    const [row] = await server.db.query('select amount::text, currency_sent, debit_amount::text, rate::text from pending_transfers where reference = $1', [
      reference,
    ])
    expect(row).toEqual({ amount: '10000.00', currency_sent: '3', debit_amount: '3.51', rate: '0.00035088' })

    const mpesa = settlement('mpesa', '1')
    const mpesaBefore = decimalToCents(await networkBalance(mpesa))
    const res = await h.confirm('momo', token, reference, code)
    expect(res.body).toMatchObject({ status: '0', solde: centsToDecimal(debitBefore - 351n), currency: '1' })
    expect(res.body.message).toBe(t.done({ amount: '10 000,00 CDF', payee: '243812345678', balance: formatMoney(debitBefore - 351n, '1') }))
    expect(await networkBalance(mpesa)).toBe(centsToDecimal(mpesaBefore + 351n))
    const entries = await server.db.query(
      `select e.amount::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.reference = $1 order by e.amount`,
      [reference],
    )
    expect(entries).toEqual([{ amount: '-3.51' }, { amount: '3.51' }])
    // CDF holdings did not change: the network pays out the francs
    expect(await h.totals()).toEqual(totals)
  })

  it('uses the newest rate in force, not a future one', async () => {
    const now = server.clock.now()
    await server.db.query(
      "insert into exchange_rates (from_currency, to_currency, rate, valid_from) values ('3', '1', '0.00040000', $1), ('3', '1', '0.00100000', $2)",
      [new Date(now.getTime() - 60_000), new Date(now.getTime() + 86_400_000)],
    )
    try {
      const { answer } = await asked('momo', wallet({ amount: '10000.00', currencySent: '3' }))
      expect(answer.debitAmount).toBe('4.00')
    } finally {
      await server.db.query("delete from exchange_rates where from_currency = '3' and to_currency = '1' and rate in (0.0004, 0.001)")
    }
  })

  it.each([
    ['81', 'mpesa'],
    ['97', 'airtel'],
    ['84', 'orange'],
    ['90', 'africell'],
  ])('a number 243%s… is credited through %s', async (prefix, network) => {
    const { reference } = await asked('momo', wallet({ phone: `243${prefix}0000001`, amount: '1.00' }))
    expect(await creditedAccount(reference)).toEqual(settlement(network, '1'))
  })

  it("credits the customer's own row of the network's settlement account (its id modulo the rows), never a shared one", async () => {
    const { reference } = await asked('momo', wallet({ amount: '1.00' }))
    const [customer] = await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])
    const shard = Number(customer!.id) % SETTLEMENT_SHARDS
    expect(await creditedNumber(reference)).toBe(settlementAccountNumber(settlementNetworks.find((n) => n.network === 'mpesa')!.code, '1', shard))
    const [rows] = await server.db.query<{ shards: number }>("select shards from settlement_balances where network = 'mpesa' and currency = '1'")
    expect(rows!.shards).toBe(SETTLEMENT_SHARDS)
  })

  it('from a CDF account, the CDF settlement account of the network', async () => {
    const { reference } = await asked('momo', wallet({ debitAccount: cdf.number, currency: '3', currencySent: '3', amount: '5000.00', phone: '243990000002' }))
    expect(await creditedAccount(reference)).toEqual(settlement('airtel', '3'))
  })

  it.each([
    ['a number of no known network', { phone: '243700000000' }, t.unknownNetwork],
    ['a currency not offered for mobile transfers (EUR)', { currencySent: '2' }, t.currencyNotOffered],
    ['an unknown currency sent', { currencySent: '9' }, t.currencyNotOffered],
    ["a currency that is not the debit account's", { currency: '3' }, t.currencyMismatch],
    ['an amount of zero', { amount: '0.00' }, t.zeroAmount],
    ['an amount that converts to less than a cent', { amount: '0.01', currencySent: '3' }, t.amountTooSmall],
    ['an amount whose conversion exceeds the balance', { amount: '100000000.00', currencySent: '3' }, null],
    ["another customer's account", { debitAccount: statementOnlyCustomer.accounts.cdf.number, currency: '3', currencySent: '3' }, t.debitNotOwn],
  ])('refuses %s with status 1 and changes no row', async (_name, over, message) => {
    const before = await h.snapshot()
    const res = await h.ask('momo', token, wallet(over))
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('1')
    if (message) expect(res.body.message).toBe(message)
    else expect(res.body.message).toBe(t.insufficientFunds(formatMoney(decimalToCents(await h.balanceOf(usd.number)), '1')))
    expect(await h.snapshot()).toEqual(before)
  })

  it('refuses when no rate is in force', async () => {
    const later = new Date(server.clock.now().getTime() + 86_400_000)
    const [moved] = await server.db.query<{ id: string; valid_from: Date }>(
      "select id::text, valid_from from exchange_rates where from_currency = '3' and to_currency = '1'",
    )
    await server.db.query('update exchange_rates set valid_from = $2 where id = $1', [moved!.id, later])
    try {
      const before = await h.snapshot()
      expect((await h.ask('momo', token, wallet({ amount: '100.00', currencySent: '3' }))).body).toEqual({ status: '1', message: t.noRate })
      expect(await h.snapshot()).toEqual(before)
    } finally {
      await server.db.query('update exchange_rates set valid_from = $2 where id = $1', [moved!.id, moved!.valid_from])
    }
  })

  it.each([
    ['a number of 11 digits', { phone: '24381234567' }, 'phone'],
    ['a number without 243', { phone: '253812345678' }, 'phone'],
    ['a negative amount', { amount: '-1' }, 'amount'],
    ['an amount with 3 decimals', { amount: '1.005' }, 'amount'],
    ['no currencySent', { currencySent: undefined }, 'currencySent'],
  ])('answers 400 to %s, and changes no row', async (_name, over, field) => {
    const before = await h.snapshot()
    const res = await h.ask('momo', token, JSON.parse(JSON.stringify(wallet(over))))
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await h.snapshot()).toEqual(before)
  })

  it('the code expires after CODE_LIFETIME_SECONDS: the transfer is cancelled, no money moves', async () => {
    const { reference, code } = await asked('momo', wallet({ amount: '2.00' }))
    const balances = (await h.snapshot()).balances
    server.clock.advance(LIFETIME * 1000)
    expect((await h.confirm('momo', token, reference, code)).body).toEqual({ status: '1', description: t.expired })
    expect((await h.snapshot()).balances).toBe(balances)
  })

  it('a customer without the mobile-money module is refused', async () => {
    const esther = await server.signIn(statementOnlyCustomer)
    const res = await h.ask('momo', esther, wallet({ debitAccount: statementOnlyCustomer.accounts.cdf.number, currency: '3', currencySent: '3' }))
    expect(res.body).toEqual({ status: '1', message: t.serviceDisabled })
  })
})

describe('POST transfer/ask-card and confirm-card', () => {
  it('names the card as "carte <id> ****<last four>" and credits the card network in the account currency', async () => {
    const totals = await h.totals()
    const visa = settlement('visa', '2')
    const visaBefore = decimalToCents(await networkBalance(visa))
    const { reference, code, answer } = await asked('card', card())
    expect(answer).toMatchObject({ code: expect.stringMatching(/^CRT[0-9A-Z]{20}$/), payee: 'carte 12345678 ****4321', amount: '10.00', debitAmount: '10.00' })
    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    expect(sms.text).toContain('carte 12345678 ****4321')
    expect(sms.text).toContain('10,00 EUR')
    expect((await h.confirm('card', token, reference, code)).body.status).toBe('0')
    expect(await networkBalance(visa)).toBe(centsToDecimal(visaBefore + 1000n))
    expect(await h.totals()).toEqual(totals)
  })

  it('converts USD sent from a EUR account: 10,00 USD × 0,92592593 = 9,26 EUR debited', async () => {
    const before = decimalToCents(await h.balanceOf(eur.number))
    const { reference, code, answer } = await asked('card', card({ currencySent: '1' }))
    expect(answer).toMatchObject({ currency: '2', currencySent: '1', amount: '10.00', debitAmount: '9.26' })
    expect(answer.message).toContain(t.conversion('9,26 EUR', '1 USD = 0,92592593 EUR'))
    expect((await h.confirm('card', token, reference, code)).body.solde).toBe(centsToDecimal(before - 926n))
  })

  it.each([
    ['a currency not offered for cards (CDF)', { currencySent: '3' }, t.currencyNotOffered],
    ["a currency that is not the debit account's", { currency: '1' }, t.currencyMismatch],
  ])('refuses %s with status 1 and changes no row', async (_name, over, message) => {
    const before = await h.snapshot()
    expect((await h.ask('card', token, card(over))).body).toEqual({ status: '1', message })
    expect(await h.snapshot()).toEqual(before)
  })

  it.each([
    ['a card id of 7 digits', { accountId: '1234567' }, 'accountId'],
    ['a card id of 9 digits', { accountId: '123456789' }, 'accountId'],
    ['last four with a letter', { lastFour: '12a4' }, 'lastFour'],
    ['last three', { lastFour: '123' }, 'lastFour'],
  ])('answers 400 to %s', async (_name, over, field) => {
    const before = await h.snapshot()
    const res = await h.ask('card', token, card(over))
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await h.snapshot()).toEqual(before)
  })

  it('3 wrong codes cancel a card transfer; a wallet confirm does not know a card reference', async () => {
    const { reference, code } = await asked('card', card({ amount: '1.00' }))
    expect((await h.confirm('momo', token, reference, code)).body).toEqual({ status: '1', description: t.notFound })
    const wrong = otherCode(code)
    expect(await h.confirm('card', token, reference, wrong)).toMatchObject({ status: 422, body: { code: '1', triesLeft: 2 } })
    expect(await h.confirm('card', token, reference, wrong)).toMatchObject({ status: 422, body: { code: '1', triesLeft: 1 } })
    expect((await h.confirm('card', token, reference, wrong)).body).toEqual({ status: '1', description: t.cancelledWrongCode, triesLeft: 0 })
    expect((await h.confirm('card', token, reference, code)).body.status).toBe('1')
  })
})

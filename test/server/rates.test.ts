/**
 * The rate before committing (rulings §9.3): POST rate answers the rate in force and the amount the
 * ask would debit — the ask's own rate and arithmetic, checked against the ask's answer itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { demoExchangeRates, mainCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

let server: TestServer
let token: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({ config: { sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  token = await server.signIn(mainCustomer)
})
afterAll(() => server?.close())

const rate = (body: Record<string, unknown>, as = token) => server.call(customerPath('rate'), { token: as, body })
const demoRate = (from: string, to: string) => demoExchangeRates.find((r) => r.from === from && r.to === to)!.rate

describe('POST rate', () => {
  it('answers the rate in force and the debit the ask then states, for every pair of the demo', async () => {
    const seeded = await server.db.query<{ valid_from: Date }>('select valid_from from exchange_rates order by id limit 1')
    for (const [from, to, amount] of [
      ['3', '1', '10000.00'],
      ['1', '3', '1.00'],
      ['2', '1', '19.99'],
      ['1', '2', '10.00'],
      ['2', '3', '0.05'],
      ['3', '2', '123456.78'],
    ] as const) {
      const res = await rate({ currencySent: from, currency: to, amount })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        code: '0',
        rate: demoRate(from, to),
        validFrom: seeded[0]!.valid_from.toISOString(),
        amount,
        debitAmount: expect.stringMatching(/^\d+\.\d{2}$/),
      })
    }
    expect((await rate({ currencySent: '3', currency: '1', amount: '10000.00' })).body.debitAmount).toBe('3.51')
    expect((await rate({ currencySent: '1', currency: '3', amount: '1.00' })).body.debitAmount).toBe('2850.00')
  })

  it('gives the same debit as the ask of a mobile transfer of that amount', async () => {
    for (const amount of ['10000.00', '1425.00', '2849.99', '999999.99']) {
      const quoted = await rate({ currencySent: '3', currency: '1', amount })
      const ask = await h.ask('momo', token, {
        debitAccount: mainCustomer.accounts.usd.number,
        phone: '243812345678',
        description: 'Argent de poche',
        currency: '1',
        amount,
        currencySent: '3',
      })
      expect(ask.body.status, ask.body.message).toBe('0')
      expect(quoted.body.debitAmount).toBe(ask.body.debitAmount)
    }
  })

  it('the same currency both ways: rate 1 and the amount itself; without an amount, the rate alone', async () => {
    expect((await rate({ currencySent: '1', currency: '1', amount: '12.5' })).body).toEqual({
      code: '0',
      rate: '1.00000000',
      amount: '12.50',
      debitAmount: '12.50',
    })
    expect((await rate({ currencySent: '3', currency: '1' })).body).toEqual({ code: '0', rate: demoRate('3', '1'), validFrom: expect.any(String) })
  })

  it('takes the newest rate whose start is not in the future, as the ask does', async () => {
    const now = server.clock.now()
    await server.db.query('insert into exchange_rates (from_currency, to_currency, rate, valid_from) values ($1, $2, $3, $4), ($1, $2, $5, $6)', [
      '2',
      '1',
      '1.10000000',
      new Date(now.getTime() - 60_000),
      '9.99000000',
      new Date(now.getTime() + 3_600_000),
    ])
    expect((await rate({ currencySent: '2', currency: '1', amount: '10.00' })).body).toMatchObject({ rate: '1.10000000', debitAmount: '11.00' })
    server.clock.advance(3_600_000)
    expect((await rate({ currencySent: '2', currency: '1', amount: '10.00' })).body).toMatchObject({ rate: '9.99000000', debitAmount: '99.90' })
  })

  it('status 1 with the ask’s words: no rate for the pair, a zero amount, a debit that rounds to zero', async () => {
    expect((await rate({ currencySent: '9', currency: '1', amount: '1.00' })).body).toEqual({ code: '1', message: api.transfer.noRate })
    expect((await rate({ currencySent: '3', currency: '1', amount: '0.00' })).body).toEqual({ code: '1', message: api.transfer.zeroAmount })
    expect((await rate({ currencySent: '3', currency: '1', amount: '0.01' })).body).toEqual({ code: '1', message: api.transfer.amountTooSmall })
  })

  it('refuses malformed input with a French 400 and a call without session with 403', async () => {
    for (const body of [
      { currencySent: '3', currency: '1', amount: '1.234' },
      { currencySent: '3', currency: '1', amount: '-1.00' },
      { currencySent: '3', currency: '1', amount: 10 },
      { currencySent: '33333', currency: '1' },
      { currency: '1' },
      { currencySent: '3', currency: '1', extra: true },
    ]) {
      const res = await rate(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(api.badRequest)
    }
    expect((await server.call(customerPath('rate'), { body: { currencySent: '3', currency: '1' } })).status).toBe(403)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let mainToken: string
let secondToken: string
beforeAll(async () => {
  server = await startTestServer()
  mainToken = await server.signIn(mainCustomer)
  secondToken = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const balance = (token: string, body: unknown) => server.call(customerPath('balance'), { token, body })

describe('POST balance', () => {
  it("answers the balance of one of the customer's accounts, exact, as in the ledger", async () => {
    const usd = mainCustomer.accounts.usd
    const res = await balance(mainToken, { code: usd.number, currency: '1' })
    expect(res.status).toBe(200)
    const [row] = await server.db.query<{ balance: string }>('select balance::text as balance from accounts where number = $1', [usd.number])
    expect(res.body).toEqual({ code: '0', amount: row!.balance, currency: '1', compte: usd.number })
    expect(res.body.amount).toMatch(/^\d+\.\d{2}$/)
  })

  it("refuses another customer's account and a currency that is not the account's, revealing nothing", async () => {
    const other = await balance(secondToken, { code: mainCustomer.accounts.usd.number, currency: '' })
    expect(other.body).toEqual({ code: '1', message: api.notYourAccount })
    const wrongCurrency = await balance(mainToken, { code: mainCustomer.accounts.usd.number, currency: '3' })
    expect(wrongCurrency.body).toEqual({ code: '1', message: api.notYourAccount })
  })

  it('needs a session', async () => {
    expect((await balance('', { code: mainCustomer.accounts.usd.number, currency: '1' })).status).toBe(403)
  })
})

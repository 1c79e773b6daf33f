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

const accounts = (token: string, body: unknown) => server.call(customerPath('account'), { token, body })

describe('POST account', () => {
  it("lists the signed-in customer's accounts: id, 21-character number, currency", async () => {
    const res = await accounts(mainToken, { code: mainCustomer.kcode, currency: '' })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    const numbers = res.body.comptes.map((c: { compte: string }) => c.compte).sort()
    expect(numbers).toEqual(
      Object.values(mainCustomer.accounts)
        .map((a) => a.number)
        .sort(),
    )
    for (const c of res.body.comptes) {
      expect(c).toEqual({
        id: expect.stringMatching(/^[0-9]+$/),
        compte: expect.stringMatching(/^[0-9A-Z]{21}$/),
        currency: expect.any(String),
        balance: expect.stringMatching(/^-?[0-9]+\.[0-9]{2}$/),
      })
    }
    const currencies = Object.fromEntries(res.body.comptes.map((c: { compte: string; currency: string }) => [c.compte, c.currency]))
    expect(currencies[mainCustomer.accounts.usd.number]).toBe('1')
    expect(currencies[mainCustomer.accounts.eur.number]).toBe('2')
    expect(currencies[mainCustomer.accounts.cdf.number]).toBe('3')
  })

  it('each balance is the one the balance call answers; none for a customer without the balance service', async () => {
    const res = await accounts(mainToken, { code: mainCustomer.kcode, currency: '' })
    for (const c of res.body.comptes) {
      const one = await server.call(customerPath('balance'), { token: mainToken, body: { code: c.compte, currency: '' } })
      expect(c.balance).toBe(one.body.amount)
    }
    await server.db.query("delete from customer_modules where module = 'solde' and customer_id = (select id from customers where kcode = $1)", [
      statementOnlyCustomer.kcode,
    ])
    try {
      const without = await accounts(secondToken, { code: statementOnlyCustomer.kcode, currency: '' })
      expect(without.body.comptes).toHaveLength(1)
      expect(without.body.comptes[0]).not.toHaveProperty('balance')
    } finally {
      await server.db.query("insert into customer_modules (customer_id, module) select id, 'solde' from customers where kcode = $1", [
        statementOnlyCustomer.kcode,
      ])
    }
  })

  it('filters by currency when one is given', async () => {
    const res = await accounts(mainToken, { code: mainCustomer.kcode, currency: '3' })
    expect(res.body.comptes.map((c: { compte: string }) => c.compte)).toEqual([mainCustomer.accounts.cdf.number])
  })

  it("never lists another customer's accounts: each token sees its own", async () => {
    const res = await accounts(secondToken, { code: statementOnlyCustomer.kcode, currency: '' })
    expect(res.body.comptes.map((c: { compte: string }) => c.compte)).toEqual([statementOnlyCustomer.accounts.cdf.number])
  })

  it("refuses a customer code that is not the session's, with code 1 and no account", async () => {
    const res = await accounts(secondToken, { code: mainCustomer.kcode, currency: '' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '1', message: api.notYourAccount })
  })
})

describe('GET notification-size', () => {
  async function unreadInDb(kcode: string): Promise<number> {
    const [row] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from notifications n join customers c on c.id = n.customer_id where c.kcode = $1 and n.seen_at is null',
      [kcode],
    )
    return row!.n
  }

  it('answers the number of unread notifications, as in the database', async () => {
    const res = await server.call(customerPath('notification-size'), { token: mainToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0', size: await unreadInDb(mainCustomer.kcode) })
    const seededUnread = mainCustomer.notifications.filter((n) => !n.seen).length
    // the seeded unread ones plus one "Nouvelle connexion" per sign-in
    expect(res.body.size).toBeGreaterThanOrEqual(seededUnread + 1)
  })

  it('follows the rows: one seen notification fewer, one less', async () => {
    const before = (await server.call(customerPath('notification-size'), { token: secondToken })).body.size
    await server.db.query(
      `update notifications set seen_at = now() where id = (select n.id from notifications n join customers c on c.id = n.customer_id
        where c.kcode = $1 and n.seen_at is null limit 1)`,
      [statementOnlyCustomer.kcode],
    )
    const after = (await server.call(customerPath('notification-size'), { token: secondToken })).body.size
    expect(after).toBe(before - 1)
    expect(after).toBe(await unreadInDb(statementOnlyCustomer.kcode))
  })
})

describe('public reference lists', () => {
  it('currencies for mobile transfers (b2w) and card transfers (b2c) come from the database', async () => {
    const b2w = await server.call('/auth/v1/currencies/b2w')
    const b2c = await server.call('/auth/v1/currencies/b2c')
    expect(b2w.body).toEqual({ code: '0', currencies: ['1', '3'] })
    expect(b2c.body).toEqual({ code: '0', currencies: ['1', '2'] })
    await server.db.query("update currencies set wallet_enabled = true where code = '2'")
    expect((await server.call('/auth/v1/currencies/b2w')).body.currencies).toEqual(['1', '2', '3'])
    await server.db.query("update currencies set wallet_enabled = false where code = '2'")
  })

  it('countries with French names, sorted in French order', async () => {
    const res = await server.call('/auth/v1/countries')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    const byCode = Object.fromEntries(res.body.countries.map((c: { code: string; name: string }) => [c.code, c.name]))
    expect(byCode).toMatchObject({ CD: 'République démocratique du Congo', FR: 'France', BE: 'Belgique' })
    const names = res.body.countries.map((c: { name: string }) => c.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare))
    // "États-Unis" sorts with the E, not after Z
    expect(names.indexOf('États-Unis')).toBeLessThan(names.indexOf('France'))
  })

  it('need no token', async () => {
    expect((await server.call('/auth/v1/countries')).status).toBe(200)
  })
})

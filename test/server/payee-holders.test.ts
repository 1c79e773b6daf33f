/**
 * Payees named before paying (rulings §9.2): the holder of a mobile-money number (details-wallet)
 * and of a prepaid card (details-card), with details' per-address limit; the demo's named wallets
 * and cards, and K1234567's history of transfers to two of them, listed by used-freq/2 and My
 * transfers with their holders.
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, namedCards, namedWallets, payeeAccounts, statementOnlyCustomer, unknownCard, unknownWallet } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

/** A small details limit, so that the count is reached here; each test calls from an address of its own. */
const LIMITS = { windowMinutes: 15, signIn: 1000, pinResetAsk: 1000, pinResetConfirm: 1000, details: 6 }
let server: TestServer
let token: string
let esther: string
let address = 0
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true, addressLimits: LIMITS, sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  token = await server.signIn(mainCustomer)
  esther = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

/** A fresh client address for each test, so that the limit is counted per test. */
const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++address}` })

const wallet = (phone: string, headers: Record<string, string>, as = token) =>
  server.call(customerPath('details-wallet'), { token: as, headers, body: { phone } })
const card = (body: Record<string, unknown>, headers: Record<string, string>, as = token) =>
  server.call(customerPath('details-card'), { token: as, headers, body })

describe('POST details-wallet and details-card', () => {
  it('name the holder of a wallet or a card the bank knows, for any signed-in customer', async () => {
    const at = newAddress()
    for (const w of namedWallets) expect((await wallet(w.phone, at)).body).toEqual({ code: '0', libelle: w.holder })
    const [first] = namedCards
    expect((await card({ accountId: first.accountId, lastFour: first.lastFour }, newAddress(), esther)).body).toEqual({ code: '0', libelle: first.holder })
  })

  it('answer code 1 with the ruling’s words for a number or card the bank does not know (the same card id with other last four digits too)', async () => {
    const at = newAddress()
    expect((await wallet(unknownWallet, at)).body).toEqual({ code: '1', message: api.payeeNotFound })
    expect(api.payeeNotFound).toBe("Le bénéficiaire n'a pu être retrouvé")
    expect((await card({ ...unknownCard }, at)).body).toEqual({ code: '1', message: api.payeeNotFound })
    expect((await card({ accountId: namedCards[0].accountId, lastFour: namedCards[1].lastFour }, at)).body).toEqual({ code: '1', message: api.payeeNotFound })
  })

  it('refuse a malformed number or card with a French 400, counted by no limit, and a call without session with 403', async () => {
    const at = newAddress()
    for (const phone of ['24381234567', '2438123456789', '244812345678', '0812345678', '24381234567a']) {
      const res = await wallet(phone, at)
      expect(res.status, phone).toBe(400)
      expect(res.body.message).toBe(api.badRequest)
      expect(res.body.errors).toEqual([{ field: 'phone', message: api.fieldErrors.format }])
    }
    for (const body of [
      { accountId: '1234567', lastFour: '4321' },
      { accountId: '12345678', lastFour: '43210' },
      { accountId: '12345678' },
      { ...unknownCard, x: 1 },
    ]) {
      expect((await card(body, at)).status).toBe(400)
    }
    // none of them counted: the whole limit is still there
    for (let i = 0; i < LIMITS.details; i++) expect((await wallet(namedWallets[0].phone, at)).status).toBe(200)
    expect((await server.call(customerPath('details-wallet'), { body: { phone: namedWallets[0].phone } })).status).toBe(403)
  })

  it('share details’ per-address limit: one count for the three lookups, then 429 with Retry-After and nothing looked up', async () => {
    const at = newAddress()
    const account = () => server.call(customerPath('details'), { token, headers: at, body: { code: payeeAccounts[0].number, currency: '1' } })
    for (let i = 0; i < LIMITS.details / 3; i++) {
      expect((await account()).body.code).toBe('0')
      expect((await wallet(namedWallets[1].phone, at)).body.code).toBe('0')
      expect((await card({ accountId: namedCards[1].accountId, lastFour: namedCards[1].lastFour }, at)).body.code).toBe('0')
    }
    for (const res of [await wallet(namedWallets[1].phone, at), await card({ ...unknownCard }, at), await account()]) {
      expect(res.status).toBe(429)
      const retryAfter = Number(res.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(res.body).toEqual({ code: '1', message: api.tooManyTries(Math.ceil(retryAfter / 60)) })
    }
    // another address is not concerned
    expect((await wallet(namedWallets[1].phone, newAddress())).body.code).toBe('0')
  })
})

describe('the demo history: transfers to two named wallets', () => {
  const [marie, cedric] = namedWallets

  it('used-freq/2 lists them with their holders, the latest first', async () => {
    const res = await server.call(customerPath('used-freq/2'), { token, headers: newAddress() })
    expect(res.body).toEqual({
      code: '0',
      comptes: [cedric.phone, marie.phone],
      payees: [
        { compte: cedric.phone, holder: cedric.holder },
        { compte: marie.phone, holder: marie.holder },
      ],
    })
    expect((await server.call(customerPath('used-freq/2'), { token: esther })).body.comptes).toEqual([])
  })

  it('My transfers shows them executed, named, with their receipts; the books still balance', async () => {
    const res = await server.call(customerPath('transfers?kind=momo&state=executed'), { token })
    const demo = res.body.transfers.filter((x: { reference: string }) => x.reference.startsWith('MOBDEMO'))
    expect(demo.map((x: { payee: string; payeeName: string }) => [x.payee, x.payeeName])).toEqual([
      [cedric.phone, cedric.holder],
      [marie.phone, marie.holder],
    ])
    for (const x of demo) {
      expect(x).toMatchObject({ kind: 'momo', state: 'executed', currency: '1', currencySent: '1', description: 'Recharge crédit mobile' })
      expect(x.amount).toBe(x.debitAmount)
      const pdf = await fetch(`${server.url}${customerPath(`transfer/receipt/${x.reference}`)}`, { headers: { authorization: `Bearer ${token}` } })
      expect(pdf.status).toBe(200)
      const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) }).toString('utf8')
      expect(text).toContain(x.payee)
      expect(text).toContain(x.reference)
    }
    // each balance is the sum of its entries, each transaction sums to zero, each currency's total is zero
    const [books] = await server.db.query<{ accounts: number; transactions: number; total: string }>(
      `select (select count(*)::int from accounts a where a.balance <> coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0)) as accounts,
              (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x) as transactions,
              (select coalesce(sum(balance), 0)::text from accounts) as total`,
    )
    expect(books).toEqual({ accounts: 0, transactions: 0, total: '0.00' })
  })

  it('each ledger line of those transfers says it in its side’s words, with the running balances of the statement', async () => {
    const rows = await server.db.query<{ number: string; description: string; amount: string; balance_after: string; kind: string }>(
      `select a.number, e.description, e.amount::text, e.balance_after::text, a.kind
         from ledger_entries e join accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
        where t.reference like 'MOBDEMO%' order by e.id`,
    )
    expect(rows).toHaveLength(4)
    expect(rows.filter((r) => r.kind === 'customer').map((r) => r.description)).toEqual([
      api.transfer.debitLine(marie.phone, 'Recharge crédit mobile'),
      api.transfer.debitLine(cedric.phone, 'Recharge crédit mobile'),
    ])
    expect(rows.filter((r) => r.kind === 'settlement').map((r) => r.description)).toEqual([
      api.transfer.creditLine(mainCustomer.name, 'Recharge crédit mobile'),
      api.transfer.creditLine(mainCustomer.name, 'Recharge crédit mobile'),
    ])
    // the running balance of the debit side is the one the transfer row kept
    const kept = await server.db.query<{ balance_after: string }>(
      "select balance_after::text from pending_transfers where reference like 'MOBDEMO%' order by id",
    )
    expect(kept.map((k) => k.balance_after)).toEqual(rows.filter((r) => r.kind === 'customer').map((r) => r.balance_after))
    expect(await h.balanceOf(mainCustomer.accounts.usd.number)).toMatch(/^\d+\.\d{2}$/)
  })
})

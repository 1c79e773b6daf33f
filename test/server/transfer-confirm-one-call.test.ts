/**
 * The confirm that moves money in one statement (migration 055, transfer_confirm): the database
 * fills the catalogue's texts under the locks, so its money format must be the server's to the
 * character; anything but a right code with the funds writes nothing there and is decided by the
 * confirm's transaction (transfers.test.ts holds every answer and text of both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable, Row } from '../../server/db/db.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { loadCodeKey } from '../../server/domain/codes.ts'
import { formatMoney, ISO_CODES, OTHER_ISO } from '../../server/domain/money.ts'
import { confirmTransfer } from '../../server/domain/transfer-confirm.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

let server: TestServer
let token: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({ config: { sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  token = await server.signIn(mainCustomer)
})
afterAll(() => server?.close())

describe('format_money (the database) is formatMoney (the server)', () => {
  const cents = [0n, 1n, 9n, 10n, 99n, 100n, 105n, 99_999n, 100_000n, 123_456n, 1_000_000n, 12_345_678n, 123_456_789_012n, 999_999_999_999_999n]
  it.each([...ISO_CODES.codes, '7'])('for currency %s, positive and negative amounts', async (currency) => {
    const amounts = cents.flatMap((c) => (c === 0n ? [c] : [c, -c]))
    const iso = ISO_CODES.names[ISO_CODES.codes.indexOf(currency)] ?? OTHER_ISO
    const rows = await server.db.query<{ text: string }>(
      'select format_money((a.c::numeric / 100)::numeric(18, 2), $2) as text from unnest($1::text[]) with ordinality as a (c, i) order by a.i',
      [amounts.map(String), iso],
    )
    expect(rows.map((r) => r.text)).toEqual(amounts.map((c) => formatMoney(c, currency)))
  })
})

describe('fill_template', () => {
  it('puts each value in once, as it is, even one that holds the marker or a name', async () => {
    const [row] = await server.db.query<{ text: string }>('select fill_template($1, $2, $3) as text', [
      'De \u0001name\u0001 vers \u0001payee\u0001.',
      ['name', 'payee'],
      ['\u0001payee\u0001', 'Grace'],
    ])
    expect(row!.text).toBe('De \u0001payee\u0001 vers Grace.')
  })
})

/** The real database, each statement and transaction counted. */
function counted(db: Db): { db: Db; statements: string[]; transactions: number } {
  const seen = { statements: [] as string[], transactions: 0 }
  const on = (q: Queryable): Queryable => ({
    query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
      seen.statements.push(sql)
      return q.query<T>(sql, params)
    },
    exec: (sql: string) => {
      seen.statements.push(sql)
      return q.exec(sql)
    },
  })
  const wrapped: Db = {
    ...db,
    ...on(db),
    transaction: (fn) => {
      seen.transactions++
      return db.transaction((tx) => fn(on(tx)))
    },
  }
  return Object.assign(seen, { db: wrapped })
}

describe('the confirm', () => {
  const grace = payeeAccounts[0]!
  const usd = mainCustomer.accounts.usd
  async function asked(amount: string) {
    const res = await h.ask('account', token, { debitAccount: usd.number, creditAccount: grace.number, description: 'Un appel', currency: '1', amount })
    expect(res.body.status, res.body.message as string).toBe('0')
    return { reference: res.body.code as string, code: await h.codeSentTo(mainCustomer) }
  }
  const settings = async () => ({
    now: server.clock.now(),
    bankName: server.config.bankName,
    timeZone: server.config.timeZone,
    askLimit: { max: 100, windowMs: 60_000 },
    codeKey: await loadCodeKey(server.db, server.config.codeSecret),
  })
  const customerId = async () => (await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode]))[0]!.id

  it('with the right code and the funds is one statement, no transaction', async () => {
    const { reference, code } = await asked('3.25')
    const seen = counted(server.db)
    const outcome = await confirmTransfer(seen.db, await customerId(), 'account', reference, code, await settings())
    expect(outcome.ok).toBe(true)
    expect(seen.statements).toHaveLength(1)
    expect(seen.statements[0]).toContain('transfer_confirm(')
    expect(seen.transactions).toBe(0)
  })

  it('with a wrong code writes nothing in that statement, and the transaction decides', async () => {
    const { reference, code } = await asked('3.50')
    const wrong = code === '00000000' ? '11111111' : '00000000'
    const before = await h.snapshot()
    const [row] = await server.db.query<{ status: string }>("select status from transfer_confirm($1, $2, 'account', $3, $4, '{}', '{}', '{}', 'NA', '{}', 0)", [
      reference,
      await customerId(),
      server.clock.now(),
      'f'.repeat(64),
    ])
    expect(row!.status).toBe('other')
    expect(await h.snapshot()).toEqual(before)
    const seen = counted(server.db)
    const outcome = await confirmTransfer(seen.db, await customerId(), 'account', reference, wrong, await settings())
    expect(outcome).toMatchObject({ ok: false, wrongCode: true, triesLeft: 2 })
    expect(seen.transactions).toBe(1)
  })
})

/**
 * The ask in one statement (migration 060, transfer_ask): an ask that sends its code without a
 * conversion is decided and written by the database, the catalogue's texts filled there; anything
 * else writes nothing in that statement and is decided by the server on the context it read
 * (transfers*.test.ts hold every answer and text of both ways).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../kernel/messages.ts'
import type { Db, Queryable, Row } from '../../server/db/db.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { loadCodeKey } from '../../server/domain/codes.ts'
import { formatMoney } from '../../server/domain/money.ts'
import { lockAskTargetParams } from '../../server/domain/throttles.ts'
import { askTransfer, type AskInput } from '../../server/domain/transfer-ask.ts'
import type { TransferSettings } from '../../server/domain/transfers.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { CODE_IN_TEXT, transferHelpers } from './transfers-helpers.ts'

const t = api.transfer
let server: TestServer
let customerId: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer()
  ;[{ id: customerId }] = (await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])) as [{ id: string }]
})
afterAll(() => server?.close())

/** The database, each statement counted (a transaction's BEGIN and COMMIT as two). */
function counted(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = []
  const on = (q: Queryable): Queryable => ({
    query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql)
      return q.query<T>(sql, params)
    },
    exec: (sql: string) => {
      statements.push(sql)
      return q.exec(sql)
    },
  })
  const wrapped: Db = {
    ...db,
    ...on(db),
    transaction: (fn) => {
      statements.push('begin', 'commit')
      return db.transaction((tx) => fn(on(tx)))
    },
  }
  return { db: wrapped, statements }
}

const settings = async (): Promise<TransferSettings> => ({
  now: server.clock.now(),
  lifetimeSeconds: 300,
  bankName: server.config.bankName,
  timeZone: server.config.timeZone,
  askLimit: { max: 1000, windowMs: 60_000 },
  codeKey: await loadCodeKey(server.db, server.config.codeSecret),
})

const usd = mainCustomer.accounts.usd
const grace = payeeAccounts[0]!
const toGrace = (amount: string): AskInput => ({
  kind: 'account',
  debitAccount: usd.number,
  creditAccount: grace.number,
  currency: '1',
  amount,
  description: 'Un appel',
})

describe('the ask', () => {
  it('that sends its code is one statement, and writes the catalogue’s texts filled with the customer’s name, the payee and her account', async () => {
    const seen = counted(server.db)
    const asked = await askTransfer(seen.db, customerId, toGrace('12.34'), await settings())
    expect(asked.ok, JSON.stringify(asked)).toBe(true)
    expect(seen.statements).toHaveLength(1)
    expect(seen.statements[0]).toContain('transfer_ask(')

    const sms = await h.lastMessage('sms', mainCustomer.contact.phone)
    const code = CODE_IN_TEXT.exec(sms.text)![1]!
    const amount = formatMoney(1234n, '1')
    const lifetime = t.lifetime(300)
    expect(sms.text).toBe(t.codeSms({ code, amount, payee: grace.holder, conversion: '', lifetime }))
    const email = await h.lastMessage('email', mainCustomer.contact.email)
    expect(email.subject).toBe(t.codeEmailSubject)
    expect(email.text).toBe(
      t.codeEmail({
        name: mainCustomer.name,
        code,
        amount,
        payee: grace.holder,
        debitAccount: usd.number,
        conversion: '',
        lifetime,
        bank: server.config.bankName,
      }),
    )
    expect(asked).toMatchObject({ payee: grace.holder, currency: '1', currencySent: '1', amount: '12.34', debitAmount: '12.34' })
    const [pending] = await server.db.query<{
      payee: string
      payee_key: string
      amount: string
      debit_amount: string
      currency_sent: string
      rate: string | null
    }>('select payee, payee_key, amount::text, debit_amount::text, currency_sent, rate::text from pending_transfers where reference = $1', [
      asked.ok ? asked.reference : '',
    ])
    expect(pending).toEqual({ payee: grace.holder, payee_key: grace.number, amount: '12.34', debit_amount: '12.34', currency_sent: '1', rate: null })
  })

  it('refused by the database’s checks writes nothing, in one statement, and the server answers the refusal from the context it read', async () => {
    const before = await h.snapshot()
    const seen = counted(server.db)
    const asked = await askTransfer(seen.db, customerId, toGrace('999999999.00'), await settings())
    const [{ balance }] = (await server.db.query<{ balance: string }>('select balance::text from accounts where number = $1', [usd.number])) as [
      { balance: string },
    ]
    expect(asked).toEqual({ ok: false, message: t.insufficientFunds(formatMoney(BigInt(balance.replace('.', '')), '1')) })
    expect(seen.statements).toHaveLength(1)
    expect(await h.snapshot()).toEqual(before)
  })

  it('with a conversion is decided by the server and written by a second statement', async () => {
    const seen = counted(server.db)
    const asked = await askTransfer(
      seen.db,
      customerId,
      { kind: 'momo', debitAccount: usd.number, phone: '243812345678', currency: '1', currencySent: '3', amount: '10000.00', description: 'Un appel' },
      await settings(),
    )
    expect(asked).toMatchObject({ ok: true, currency: '1', currencySent: '3' })
    expect(seen.statements.map((s) => /transfer_ask\w*\(/.exec(s)?.[0])).toEqual(['transfer_ask_context(', 'transfer_ask_write('])
  })

  it('takes the throttle’s lock the server names for the customer (throttles.ts), so that both ways count her asks one after the other', async () => {
    const s = await settings()
    const [key, name] = lockAskTargetParams('transfer', customerId) as [number, string]
    await server.db.transaction(async (tx) => {
      const asked = await askTransfer({ ...server.db, ...tx } as Db, customerId, toGrace('1.00'), s)
      expect(asked.ok).toBe(true)
      const locks = await tx.query<{ classid: number; objid: number; expected: number }>(
        `select classid::int, objid::int, hashtext($1) as expected from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid() and objsubid = 2`,
        [name],
      )
      expect(locks.map((l) => [l.classid, l.objid])).toEqual([[key, locks[0]!.expected]])
    })
  })
})

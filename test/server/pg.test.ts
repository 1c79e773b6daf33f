/**
 * The same schema, seed and calls through `pg` on a real PostgreSQL server (DATABASE_URL).
 * Skipped when DATABASE_URL is unset; the pg driver is type-checked by `npm run typecheck` anyway.
 * Everything happens in a throw-away schema, dropped at the end, so any database can be used.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/db.ts'
import { openDb } from '../../server/db/db.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { centsToDecimal, decimalToCents } from '../../server/domain/money.ts'
import { api } from '../../machines/messages.ts'
import { listMigrations, migrate } from '../../server/db/migrate.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!DATABASE_URL) {
  console.info('pg.test.ts skipped: TEST_DATABASE_URL (or DATABASE_URL) is unset (no PostgreSQL server to test the pg driver against).')
}

describe.skipIf(!DATABASE_URL)('PostgreSQL through pg (DATABASE_URL)', () => {
  const schema = `portal_test_${randomBytes(4).toString('hex')}`
  let db: Db

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    await admin.end()
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    db = await openDb({ databaseUrl: url.toString() })
  })

  afterAll(async () => {
    await db?.close()
    const admin = new pg.Client({ connectionString: DATABASE_URL })
    await admin.connect()
    await admin.query(`drop schema if exists ${schema} cascade`)
    await admin.end()
  })

  it('runs the migrations once, then none', async () => {
    expect(db.driver).toBe('pg')
    expect(await migrate(db)).toEqual(listMigrations().map((m) => m.version))
    expect(await migrate(db)).toEqual([])
  })

  it('answers the same types as PGlite for the casts the queries use', async () => {
    const [row] = await db.query('select 1.5::numeric(18,2)::text as money, count(*)::int as n, 7::bigint::text as id, now() as at from (values (1)) v')
    expect(row).toEqual({ money: '1.50', n: 1, id: '7', at: expect.any(Date) })
  })

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into app_state (key, value) values ('rollback-probe', 'x')")
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await db.query("select 1 from app_state where key = 'rollback-probe'")).toHaveLength(0)
  })

  it('runs each SQL text as a prepared statement of its connection, and afresh once a schema change altered its result', async () => {
    // One connection, so that every call meets the statement prepared by the first.
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const one = await openDb({ databaseUrl: url.toString(), pool: { max: 1, statementTimeoutMs: 15_000, idleTimeoutMs: 30_000, connectTimeoutMs: 5_000 } })
    try {
      await one.exec('create table named_probe (a int)')
      await one.exec('insert into named_probe values (1)')
      const sql = 'select * from named_probe where a = $1'
      expect(await one.query(sql, [1])).toEqual([{ a: 1 }])
      const prepared = await one.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')
      expect(prepared.find((p) => p.statement === sql)?.name).toMatch(/^portal_\d+$/)
      // The result's columns change under the prepared statement: PostgreSQL refuses it, the driver runs the text unnamed.
      await one.exec('alter table named_probe add column b text')
      expect(await one.query(sql, [1])).toEqual([{ a: 1, b: null }])
    } finally {
      await one.exec('drop table if exists named_probe')
      await one.close()
    }
  })

  it('seeds once and serves sign-in and accounts', async () => {
    expect(await seedDemo(db)).toBe(true)
    expect(await seedDemo(db)).toBe(false)
    const app = await buildApp({ config: { ...loadConfig({ DEMO_MODE: 'true' }), logLevel: 'silent', distDir: '/nonexistent' }, db })
    try {
      const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { username: mainCustomer.kcode, password: mainCustomer.pin } })
      expect(login.statusCode).toBe(200)
      const { token } = login.json() as { token: string }
      const accounts = await app.inject({
        method: 'POST',
        url: '/api/rest/customer/v1/account',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: mainCustomer.kcode, currency: '' },
      })
      expect((accounts.json() as { comptes: unknown[] }).comptes).toHaveLength(3)
    } finally {
      await app.close()
    }
  })

  it('transfers under real row locks: 20 parallel confirms execute once; two transfers racing for one balance', async () => {
    const app = await buildApp({ config: { ...loadConfig({ DEMO_MODE: 'true' }), logLevel: 'silent', distDir: '/nonexistent' }, db })
    try {
      const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { username: mainCustomer.kcode, password: mainCustomer.pin } })
      const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` }
      const call = async (path: string, payload: Record<string, unknown>) =>
        (await app.inject({ method: 'POST', url: `/api/rest/customer/v1/${path}`, headers, payload })).json() as Record<string, any>
      const lastCode = async () => {
        const [row] = await db.query<{ body: string }>("select body from outbox where channel = 'sms' order by id desc limit 1")
        return /Code de validation : (\d{8})/.exec(row!.body)![1]!
      }
      const totals = async () => db.query('select currency, sum(balance)::text as total from accounts group by currency order by currency')
      const before = await totals()

      // a converted mobile transfer, confirmed 20 times at once
      const asked = await call('transfer/ask-wallet', {
        debitAccount: mainCustomer.accounts.usd.number,
        phone: '243812345678',
        description: 'Essai pg',
        currency: '1',
        amount: '10000.00',
        currencySent: '3',
      })
      expect(asked).toMatchObject({ status: '0', debitAmount: '3.51' })
      const code = await lastCode()
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('transfer/confirm-wallet', { code: asked.code, token: code })))
      expect(answers.filter((a) => a.status === '0')).toHaveLength(1)
      expect(answers.filter((a) => a.description === api.transfer.alreadyExecuted(asked.code))).toHaveLength(19)
      const entries = await db.query(
        'select e.amount::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.reference = $1 order by e.amount',
        [asked.code],
      )
      expect(entries).toEqual([{ amount: '-3.51' }, { amount: '3.51' }])

      // two transfers, each covered alone, not together, confirmed at the same time
      const eur = mainCustomer.accounts.eur.number
      const [{ balance }] = (await db.query<{ balance: string }>('select balance::text from accounts where number = $1', [eur])) as [{ balance: string }]
      const share = centsToDecimal((decimalToCents(balance) * 6n) / 10n)
      const pending = []
      for (const payee of [payeeAccounts[4], payeeAccounts[5]]) {
        const a = await call('transfer/ask', { debitAccount: eur, creditAccount: payee.number, description: 'Course pg', currency: '2', amount: share })
        expect(a.status).toBe('0')
        pending.push({ code: a.code as string, token: await lastCode() })
      }
      const raced = await Promise.all(pending.map((p) => call('transfer/confirm', p)))
      expect(raced.map((a) => a.status).sort()).toEqual(['0', '1'])
      expect(raced.find((a) => a.status === '1')!.description).toBe(api.transfer.cancelledFunds)
      const [after] = await db.query<{ balance: string }>('select balance::text from accounts where number = $1', [eur])
      expect(after!.balance).toBe(centsToDecimal(decimalToCents(balance) - decimalToCents(share)))
      expect(await totals()).toEqual(before)
    } finally {
      await app.close()
    }
  })
})

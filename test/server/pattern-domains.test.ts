/**
 * The pattern checks of an account's number, a transfer's reference and its code's hash are
 * domains (migration 061): still refused off their pattern wherever a statement writes them, no
 * longer table checks that PostgreSQL evaluates at every update of the row (a balance, a state).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const insertAccount = (number: string) =>
  server.db.query("insert into accounts (number, currency, kind, holder_label, balance) values ($1, '1', 'external', 'Essai', 0)", [number])

describe('the pattern checks as domains', () => {
  it('are the columns’ types, and no table check of those columns is left', async () => {
    const columns = await server.db.query<{ column: string; domain: string | null }>(
      `select table_name || '.' || column_name as column, domain_name as domain from information_schema.columns
        where table_schema = current_schema() and (table_name, column_name) in (('accounts', 'number'), ('pending_transfers', 'reference'), ('pending_transfers', 'code_hash'))
        order by 1`,
    )
    expect(columns).toEqual([
      { column: 'accounts.number', domain: 'account_number' },
      { column: 'pending_transfers.code_hash', domain: 'code_hash' },
      { column: 'pending_transfers.reference', domain: 'transfer_reference' },
    ])
    const checks = await server.db.query<{ name: string }>(
      `select conname as name from pg_constraint where contype = 'c' and conrelid in ('accounts'::regclass, 'pending_transfers'::regclass)
          and pg_get_constraintdef(oid) ~ '(number|reference|code_hash) ~'`,
    )
    expect(checks).toEqual([])
  })

  it('still refuse a value off the pattern, and let one on it through', async () => {
    await expect(insertAccount('00017-02004-0023456780')).rejects.toThrow(/account_number/)
    await expect(insertAccount('0001702004002345678a1')).rejects.toThrow(/account_number/)
    await expect(server.db.query("select 'ABC-1234'::transfer_reference")).rejects.toThrow(/transfer_reference/)
    await expect(server.db.query("select repeat('F', 64)::code_hash")).rejects.toThrow(/code_hash/)
    await expect(server.db.query("select 'MOMO1234ABCD'::transfer_reference as r, repeat('f', 64)::code_hash as h")).resolves.toHaveLength(1)
    await insertAccount('00017020040099999999X')
    const [row] = await server.db.query<{ n: number }>("select count(*)::int as n from accounts where number = '00017020040099999999X'")
    expect(row!.n).toBe(1)
  })
})

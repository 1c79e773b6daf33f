/**
 * The checks of one column of the tables a transfer writes are domains (migrations 061 and 062):
 * a value off its pattern or its list is still refused wherever a statement writes it, and they
 * are no longer table checks that PostgreSQL builds again and evaluates at every insert and update
 * of the row (a balance, a state). The checks that tie several columns together stay table checks.
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

/** Each column of 062 and its domain, with a value the domain refuses. */
const COLUMN_DOMAINS = [
  ['ask_throttle', 'scope', 'throttle_scope', "'login'"],
  ['ask_throttle', 'target', 'throttle_target', "repeat('x', 201)"],
  ['outbox', 'channel', 'message_channel', "'fax'"],
  ['outbox', 'state', 'message_state', "'lost'"],
  ['pending_transfers', 'amount', 'transfer_amount', '0'],
  ['pending_transfers', 'cancel_reason', 'transfer_cancel_reason', "'bored'"],
  ['pending_transfers', 'debit_amount', 'transfer_amount', '-1'],
  ['pending_transfers', 'kind', 'transfer_kind', "'cash'"],
  ['pending_transfers', 'state', 'transfer_state', "'lost'"],
  ['pending_transfers', 'tries_left', 'transfer_tries', '-1'],
] as const

describe('the one-column checks of the tables a transfer writes, as domains', () => {
  it('are the columns’ types; the table checks left tie several columns together, or are read by a view', async () => {
    const columns = await server.db.query<{ table: string; column: string; domain: string | null }>(
      `select table_name as table, column_name as column, domain_name as domain from information_schema.columns
        where table_schema = current_schema() and (table_name, column_name) in (${COLUMN_DOMAINS.map(([t, c]) => `('${t}', '${c}')`).join(', ')})
        order by 1, 2`,
    )
    expect(columns).toEqual(COLUMN_DOMAINS.map(([table, column, domain]) => ({ table, column, domain })))
    const checks = await server.db.query<{ name: string; columns: number }>(
      `select conname as name, cardinality(conkey) as columns from pg_constraint
        where contype = 'c' and conrelid in ('accounts'::regclass, 'ask_throttle'::regclass, 'outbox'::regclass, 'pending_transfers'::regclass)`,
    )
    // An account's kind keeps its table check: settlement_balances (a view) reads the column.
    expect(checks.filter((c) => c.columns < 2).map((c) => c.name)).toEqual(['accounts_kind_check'])
    expect(checks.filter((c) => c.columns >= 2)).toHaveLength(6)
  })

  it.each(COLUMN_DOMAINS)('%s.%s refuses a value off its domain %s, and changes nothing', async (table, column, domain, bad) => {
    // An update of one existing row (the demo data has a row in each table but the throttle's).
    const [before] = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
    if (before!.n > 0) {
      await expect(server.db.query(`update ${table} set ${column} = ${bad} where ctid = (select min(ctid) from ${table})`)).rejects.toThrow(new RegExp(domain))
    }
    await expect(server.db.query(`select (${bad})::${domain}`)).rejects.toThrow(new RegExp(domain))
    const [after] = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column}::text = (${bad})::text`)
    expect(after!.n).toBe(0)
  })

  it('let the values a transfer writes through', async () => {
    const [row] = await server.db.query<Record<string, unknown>>(
      `select 'momo'::transfer_kind as kind, 'executed'::transfer_state as state, 'by_customer'::transfer_cancel_reason as reason,
              0.01::transfer_amount as amount, 0::transfer_tries as tries,
              'email'::message_channel as channel, 'sent'::message_state as message, 'transfer'::throttle_scope as scope,
              null::transfer_cancel_reason as none`,
    )
    expect(row).toEqual({
      kind: 'momo',
      state: 'executed',
      reason: 'by_customer',
      amount: '0.01',
      tries: 0,
      channel: 'email',
      message: 'sent',
      scope: 'transfer',
      none: null,
    })
  })
})

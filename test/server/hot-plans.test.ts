/**
 * The hot path's functions find their rows by key from their first plan (migration 056): with
 * their own settings (pg_proc's proconfig, which a later drop and create of a function would lose),
 * a generic plan made while the tables are nearly empty, as in this fresh test database, takes the
 * key's index. Without them the planner scans the table and the plan is kept as the table grows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

/** The settings a function runs with, from pg_proc (e.g. `enable_seqscan=off`). */
async function settingsOf(name: string): Promise<string[]> {
  const rows = await server.db.query<{ config: string[] | null }>(
    'select p.proconfig as config from pg_proc p where p.proname = $1 and pg_function_is_visible(p.oid)',
    [name],
  )
  expect(rows, name).toHaveLength(1)
  return rows[0]!.config ?? []
}

/** The generic plan of a statement, planned with a function's settings, as that function's own statement is. */
async function genericPlan(settings: string[], sql: string, types: string[], args: string[]): Promise<string> {
  return server.db.transaction(async (tx) => {
    for (const setting of settings) {
      const [name, value] = setting.split('=') as [string, string]
      await tx.query('select set_config($1, $2, true)', [name, value])
    }
    await tx.query("select set_config('plan_cache_mode', 'force_generic_plan', true)")
    await tx.exec(`prepare hot_plan (${types.join(', ')}) as ${sql}`)
    try {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain execute hot_plan (${args.join(', ')})`)
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    } finally {
      await tx.exec('deallocate hot_plan')
    }
  })
}

const statements: { fn: string; what: string; sql: string; types: string[]; args: string[]; index: RegExp }[] = [
  {
    fn: 'transfer_confirm',
    what: 'the transfer by its reference',
    sql: 'select p.id, p.customer_id, p.kind from pending_transfers p where p.reference = $1',
    types: ['text'],
    args: ["'X'"],
    index: /Index.* Scan using pending_transfers_reference/,
  },
  {
    fn: 'transfer_execute',
    what: 'the executed transfer by its id',
    sql: "update pending_transfers set state = 'executed' where id = $1",
    types: ['bigint'],
    args: ['1'],
    index: /Index Scan using pending_transfers_pkey/,
  },
  // The ask's write, in either of its two functions (060's one call, 054's second call).
  ...['transfer_ask', 'transfer_ask_write'].flatMap((fn) => [
    {
      fn,
      what: 'whether any pending transfer has expired',
      sql: "select exists (select 1 from pending_transfers p where p.state = 'pending' and p.expires_at <= $1)",
      types: ['timestamptz'],
      args: ['now()'],
      index: /Index.* Scan using pending_transfers_open/,
    },
    {
      fn,
      what: 'the customer’s newest ask (the throttle)',
      sql: 'select t.seq, t.asked_at from ask_throttle t where t.scope = $1 and t.target = $2 order by t.seq desc limit 1',
      types: ['text', 'text'],
      args: ["'transfer'", "'1'"],
      index: /Index.* Scan.* using ask_throttle_seq/,
    },
    {
      fn,
      what: 'the ask the limit places before the newest (the throttle’s edge, 058)',
      sql: 'select t.asked_at from ask_throttle t where t.scope = $1 and t.target = $2 and t.seq <= $3 - $4 + 1 order by t.seq desc limit 1',
      types: ['text', 'text', 'bigint', 'integer'],
      args: ["'transfer'", "'1'", '5', '3'],
      index: /Index Scan Backward using ask_throttle_seq/,
    },
  ]),
]

describe('the hot path’s plans, made on a nearly empty database', () => {
  it.each(statements)('$fn: $what by its index, never a sequential scan', async ({ fn, sql, types, args, index }) => {
    const settings = await settingsOf(fn)
    expect(settings).toContain('enable_seqscan=off')
    const plan = await genericPlan(settings, sql, types, args)
    expect(plan).toMatch(index)
    expect(plan).not.toMatch(/Seq Scan on (pending_transfers|ask_throttle)/)
  })

  it('without those settings the same plans scan the tables (what 056 prevents)', async () => {
    const plan = await genericPlan([], statements[0]!.sql, statements[0]!.types, statements[0]!.args)
    expect(plan).toMatch(/Seq Scan on pending_transfers/)
  })

  it('no function of the product is written in SQL: one called from PL/pgSQL is planned again at every transaction (057)', async () => {
    const sqlFunctions = await server.db.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_language l on l.oid = p.prolang
        where l.lanname = 'sql' and p.pronamespace = 'public'::regnamespace
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    )
    expect(sqlFunctions).toEqual([])
  })
})

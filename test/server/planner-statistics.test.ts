/**
 * The planner's statistics kept fresh (server/db/statistics.ts; PGlite has no autovacuum): analysed
 * after migrations, at the first check (the seed), and again once the ledger has grown by a
 * tenth; not before. A statement's pages keep using the index's range with a generic plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { MIN_GROWTH, plannerStatistics } from '../../server/db/statistics.ts'
import { internalAccountNumber, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { seedDemo } from '../../server/demo/seed.ts'

let db: Db
beforeAll(async () => {
  db = await openDb({})
})
afterAll(() => db?.close())

const reltuples = async (table: string) => (await db.query<{ n: number }>('select reltuples::float8 as n from pg_class where relname = $1', [table]))[0]!.n

/** `count` deposits on a fresh account of the statement-only customer, written in bulk. */
async function bulkLines(number: string, count: number): Promise<string> {
  const [customer] = await db.query<{ id: string }>('select id::text from customers where kcode = $1', [statementOnlyCustomer.kcode])
  const [account] = await db.query<{ id: string }>(
    `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, 'x') returning id::text`,
    [number, customer!.id],
  )
  const [bank] = await db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
  await db.query(
    `with t as (
       insert into ledger_transactions (reference, kind, description, booked_at)
       select $3 || lpad(i::text, 6, '0'), 'deposit', 'Dépôt n° ' || i, now() - interval '5 days' + make_interval(secs => i)
         from generate_series(1, $4::int) i
       returning id, booked_at)
     insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
     select id, $1::bigint, 1, 1, booked_at from t union all select id, $2::bigint, -1, -1, booked_at from t`,
    [account!.id, bank!.id, number.slice(0, 4), count],
  )
  return account!.id
}

describe('planner statistics', () => {
  it('are taken after the migrations, at the first check, and again only once the ledger has grown by a tenth', async () => {
    await migrate(db)
    // a table never analysed has reltuples -1; analysed empty, 0
    expect(await reltuples('ledger_entries')).toBe(0)
    await seedDemo(db)
    const statistics = plannerStatistics(db)
    expect(await statistics.check()).toBe(true) // never checked: the seed's rows are counted
    const seeded = await reltuples('ledger_entries')
    expect(seeded).toBeGreaterThan(100)
    expect(await statistics.check()).toBe(false)

    // fewer new rows than MIN_GROWTH: not yet
    await bulkLines('STAA00000000000000001', Math.floor(MIN_GROWTH / 4))
    expect(await statistics.check()).toBe(false)
    expect(await reltuples('ledger_entries')).toBe(seeded)

    // a bulk of lines: analysed, the planner knows the new size
    await bulkLines('STAB00000000000000001', 5000)
    expect(await statistics.check()).toBe(true)
    expect(await reltuples('ledger_entries')).toBeGreaterThan(10_000)
    expect(await statistics.check()).toBe(false)
    // a second process on the same database shares the note in app_state
    expect(await plannerStatistics(db).check()).toBe(false)
  })

  it("keeps a statement's next page a range of the index, even on a generic plan", async () => {
    const account = await bulkLines('STAC00000000000000001', 3000)
    const { statementLines } = await import('../../server/domain/statements.ts')
    const period = { from: new Date(Date.now() - 10 * 86_400_000), to: new Date(Date.now() + 86_400_000) }
    // the statements the pages are read with, and the values of a next page's
    const seen: { sql: string; params: readonly unknown[] }[] = []
    const query = db.query.bind(db)
    const recording = { ...db, query: ((sql: string, params: readonly unknown[] = []) => (seen.push({ sql, params }), query(sql, params))) as Db['query'] }
    let count = 0
    for await (const _line of statementLines(recording, { id: account, number: 'STAC00000000000000001' }, period, 500)) count += 1
    expect(count).toBe(3000)
    const next = seen.find((s) => s.params.length === 7)!
    expect(next).toBeDefined()
    // the plan PostgreSQL keeps for a prepared statement after five calls, forced here
    await db.exec('set plan_cache_mode = force_generic_plan')
    try {
      await db.exec(`prepare next_page as ${next.sql}`)
      const literal = (v: unknown) => (v instanceof Date ? `'${v.toISOString()}'` : `'${String(v)}'`)
      const plan = await query<{ 'QUERY PLAN': string }>(`explain execute next_page(${next.params.map(literal).join(', ')})`)
      const text = plan.map((r) => r['QUERY PLAN']).join('\n')
      expect(text).toContain('$6') // a generic plan: the parameters are not folded in
      expect(text).toMatch(/Index Cond: .*ROW\(e?\.?booked_at, e?\.?id\) > ROW\(\$6/)
    } finally {
      await db.exec('deallocate next_page')
      await db.exec('set plan_cache_mode = auto')
    }
  })
})

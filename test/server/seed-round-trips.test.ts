/**
 * The demo seed and the migrations are written in bulk: their SQL round trips are counted through
 * a wrapper of the database object (not timed), so that a return to one statement per row shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db, type Queryable } from '../../server/db/db.ts'
import { listMigrations, migrate } from '../../server/db/migrate.ts'
import { demoCustomers, demoMovements } from '../../server/demo/demo-data.ts'
import { seedDemo } from '../../server/demo/seed.ts'

/** The same database, counting every statement sent (inside transactions too). */
function counting(db: Db): { db: Db; count: () => number } {
  let sent = 0
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      sent += 1
      return target.query(sql, params)
    },
    exec: (sql) => {
      sent += 1
      return target.exec(sql)
    },
  })
  const wrapped: Db = { ...db, ...wrap(db), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) }
  return { db: wrapped, count: () => sent }
}

let db: Db
beforeAll(async () => {
  db = await openDb({})
})
afterAll(() => db?.close())

describe('round trips of a fresh start', () => {
  it('migrations: one transaction to read the applied rows, then three statements per pending file and an ANALYZE; none when up to date', async () => {
    const files = listMigrations().length
    const fresh = counting(db)
    expect(await migrate(fresh.db)).toHaveLength(files)
    expect(fresh.count()).toBeLessThanOrEqual(4 + 3 * files)

    const again = counting(db)
    expect(await migrate(again.db)).toEqual([])
    expect(again.count()).toBeLessThanOrEqual(3)
  })

  it('demo seed: a fixed handful of statements, not one per row', async () => {
    const rows = demoCustomers.flatMap((c) => Object.values(c.accounts).flatMap((acc) => demoMovements(acc)))
    expect(rows.length).toBeGreaterThan(100) // one statement per movement would be far over the bound
    const seed = counting(db)
    expect(await seedDemo(seed.db, new Date('2026-06-15T12:00:00Z'))).toBe(true)
    expect(seed.count()).toBeLessThanOrEqual(12)

    const entries = await db.query<{ n: number }>('select count(*)::int as n from ledger_entries')
    expect(entries[0]!.n).toBe(2 * rows.length)

    const second = counting(db)
    expect(await seedDemo(second.db)).toBe(false)
    expect(second.count()).toBe(1)
  })
})

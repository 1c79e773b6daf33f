import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Db, Queryable, Row } from './db.ts'

/** Embedded PostgreSQL (WebAssembly): on disk under `dataDir`, or in memory when absent. */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create()
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  })
  return {
    driver: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: other queries wait while a transaction runs, which gives the
    // same isolation as a pool connection held for the transaction.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}

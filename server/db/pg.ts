import pg from 'pg'
import type { Db, Queryable, Row } from './db.ts'

/** A PostgreSQL server through a `pg` pool; same SQL as the embedded driver. */
export async function openPgDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // Fail at start-up, not at the first request, when the server cannot be reached.
  const probe = await pool.connect()
  probe.release()
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql: string) {
      await target.query(sql)
    },
  })
  return {
    driver: 'pg',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

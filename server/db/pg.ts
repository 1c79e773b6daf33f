import pg from 'pg'
import type { Db, PoolSettings, Queryable, Row } from './db.ts'

const DEFAULT_POOL: PoolSettings = { max: 10, statementTimeoutMs: 15_000, idleTimeoutMs: 30_000, connectTimeoutMs: 5_000 }

/**
 * A PostgreSQL server through a `pg` pool; same SQL as the embedded driver.
 *
 * A database restart must not crash the server: a connection that dies while idle in the pool
 * emits 'error' on the pool, which without a listener would be an uncaught exception; the pool
 * drops that connection and opens a new one at the next call. A call made while the database is
 * down fails (the HTTP layer answers 503), and the next calls succeed once it is back.
 */
export async function openPgDb(connectionString: string, settings: PoolSettings = DEFAULT_POOL): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: settings.max,
    idleTimeoutMillis: settings.idleTimeoutMs,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Set by the server on each connection: a runaway statement or a transaction left open by a
    // bug cannot hold row locks (an account's balance) for ever.
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.statementTimeoutMs * 2,
  })
  pool.on('error', (error) => settings.onError?.(error))
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
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async transaction(fn) {
      // PostgreSQL may end one of two transactions that lock rows in opposite orders (deadlock,
      // 40P01) or fail a serialization (40001); the whole transaction was rolled back, so running
      // it again is safe and is what the database asks for. A few tries, then the error stands.
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(fn)
        } catch (error) {
          const code = (error as { code?: string }).code
          if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error
        }
      }
    },
    close: () => pool.end(),
  }

  async function once<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    let broken = false
    // A checked-out connection that dies (database restart) emits 'error' outside any query;
    // without a listener that would crash the process. The running query rejects anyway.
    const onError = () => {
      broken = true
    }
    client.on('error', onError)
    try {
      await client.query('BEGIN')
      const result = await fn(wrap(client))
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true
      })
      throw error
    } finally {
      client.off('error', onError)
      // A connection whose rollback failed is dead or in an unknown state: not back to the pool.
      client.release(broken)
    }
  }
}

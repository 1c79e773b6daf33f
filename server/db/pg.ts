import pg from 'pg'
import type { Db, PoolSettings, Queryable, Row } from './types.ts'

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
  const named = statementNames()
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const values = params as unknown[]
      const name = named(sql)
      if (name === undefined) return (await target.query<T>(sql, values)).rows
      try {
        return (await target.query<T>({ name, text: sql, values })).rows
      } catch (error) {
        // The statement was prepared on this connection before a change of the schema altered
        // its result's columns (DDL while the server runs: a restore, an operator): once more
        // unnamed, which PostgreSQL parses afresh. Not inside a transaction: the error ended it.
        if (!isStalePlan(error) || target !== pool) throw error
        return (await target.query<T>(sql, values)).rows
      }
    },
    async exec(sql: string) {
      await target.query(sql)
    },
  })
  const onPool = wrap(pool)
  return {
    driver: 'pg',
    // A call outside db.transaction() is one statement in a transaction of its own (auto-commit):
    // when PostgreSQL ends it as a deadlock's victim or a failed serialization, nothing of it was
    // kept, so it is run again whole, as a transaction is.
    query: (sql, params) => retried(() => onPool.query(sql, params)),
    exec: (sql) => retried(() => onPool.exec(sql)),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    transaction: (fn) => retried(() => once(fn)),
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

/** SQL texts given a name, per process; the texts beyond it (dynamic SQL) run unnamed. */
const NAMED_STATEMENTS = 500

/**
 * Each SQL text of the server as a named prepared statement: PostgreSQL parses and plans it once
 * per connection (the first call there sends its Parse, node-postgres remembers it per
 * connection), and each later call is bind + execute, without the text. Measured on the bench's
 * PostgreSQL: a session check cost the database ~100 µs of CPU a call unnamed, ~55 µs named, and
 * the client less (no Parse to write). The server's texts are a fixed set (a few hundred); a name
 * is never given to another text, so none is closed: past NAMED_STATEMENTS texts the rest run
 * unnamed, and each connection keeps at most that many statements.
 */
function statementNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>()
  return (sql) => {
    let name = names.get(sql)
    if (name === undefined && names.size < NAMED_STATEMENTS) {
      name = `portal_${names.size}`
      names.set(sql, name)
    }
    return name
  }
}

/** PostgreSQL refused a prepared statement whose result type a schema change altered. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type')
}

/**
 * Runs `attempt` again when PostgreSQL ended it with a deadlock (40P01) or a failed serialization
 * (40001): the whole transaction was rolled back, so running it again is safe and is what the
 * database asks for; it gives the same answer as a first run that had not met the other
 * transaction. The lock order (docs/server.md) leaves no deadlock between the portal's own money
 * paths; this covers what it cannot foresee (an operator's statement, a future path). A short
 * random pause first, so that the two transactions do not meet again at once. After the last try
 * the error stands, and the HTTP layer answers 503 with Retry-After (http/unavailable.ts), never 500.
 */
export async function retried<T>(attempt: () => Promise<T>, tries = RETRY_TRIES): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt()
    } catch (error) {
      if (n >= tries || !isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * n))
    }
  }
}

/** Tries of a transaction or statement ended by a deadlock or a failed serialization. */
const RETRY_TRIES = 4

/** SQLSTATE of a transaction PostgreSQL rolled back so that another could go on. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === '40P01' || code === '40001'
}

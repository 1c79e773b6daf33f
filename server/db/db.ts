/**
 * The one database interface of the server. Two drivers implement it: PGlite (embedded
 * PostgreSQL, the default) and `pg` (a PostgreSQL server, DATABASE_URL). Queries are plain SQL
 * with `$1` parameters and run unchanged on both.
 *
 * The drivers do not parse every type alike (PGlite answers bigint as a JS number, pg as a
 * string), so queries cast what they select: ids `::text`, counts `::int`, money `::text`.
 * Money never becomes a JS number.
 */
export type Row = Record<string, unknown>

export interface Queryable {
  /** One statement with `$n` parameters; answers the rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg'
  /** Connections of the pool in use, idle and waited for (metrics); PGlite has one, always open. */
  poolState?(): { total: number; idle: number; waiting: number }
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * PGlite only: an online backup, the data folder as a gzipped tar taken while no statement runs
   * (a consistent point: a restore recovers it as after a clean stop). PostgreSQL: pg_dump.
   */
  backup?(): Promise<Uint8Array>
  close(): Promise<void>
}

export interface DbSettings {
  /** `postgres://…`: a PostgreSQL server through `pg`. */
  databaseUrl?: string | undefined
  /** PGlite data directory; in memory when absent (tests). */
  dataDir?: string | undefined
  /**
   * PGlite only: a fresh `dataDir` starts as a copy of a migrated template instead of running
   * initdb (pglite-template.ts); for a start that migrates anyway.
   */
  fromTemplate?: boolean | undefined
  /**
   * PGlite only: statements as PGlite's own query() sends them (unnamed, parsed and planned at
   * each call) instead of the driver's prepared statements (pglite-statements.ts). For the
   * benchmark's floors, which are bare PGlite by definition.
   */
  unnamedStatements?: boolean | undefined
  /** The `pg` pool's limits (DATABASE_URL only); pg.ts has the defaults. */
  pool?: PoolSettings | undefined
}

export interface PoolSettings {
  /** Connections at most (PG_POOL_MAX). */
  max: number
  /** A statement running longer is cancelled by the server (PG_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number
  /** An idle connection is closed after this long (PG_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number
  /** Connecting (or waiting for a free connection) longer than this fails the call (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number
  /** Told of a pool error (a connection dropped while idle); default: ignored, the pool replaces it. */
  onError?: (error: Error) => void
}

/** Opens the database the settings name; the drivers are loaded only when used. */
export async function openDb(settings: DbSettings): Promise<Db> {
  if (settings.databaseUrl) {
    const { openPgDb } = await import('./pg.ts')
    return openPgDb(settings.databaseUrl, settings.pool)
  }
  const { openPgliteDb } = await import('./pglite.ts')
  return openPgliteDb(settings.dataDir, { fromTemplate: settings.fromTemplate ?? false, unnamedStatements: settings.unnamedStatements ?? false })
}

/**
 * The one database interface of the server, in a module of its own: the drivers (pglite.ts, pg.ts),
 * the migrations and the statistics implement or use it without importing the module that opens
 * them (db.ts), so that no import runs in a circle.
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
  /** PGlite only: the folder's lock of a dead process is stale after this (pglite-lock.ts; 30 s when absent). */
  lockStaleMs?: number | undefined
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

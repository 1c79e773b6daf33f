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
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DbSettings {
  /** `postgres://…`: a PostgreSQL server through `pg`. */
  databaseUrl?: string | undefined
  /** PGlite data directory; in memory when absent (tests). */
  dataDir?: string | undefined
}

/** Opens the database the settings name; the drivers are loaded only when used. */
export async function openDb(settings: DbSettings): Promise<Db> {
  if (settings.databaseUrl) {
    const { openPgDb } = await import('./pg.ts')
    return openPgDb(settings.databaseUrl)
  }
  const { openPgliteDb } = await import('./pglite.ts')
  return openPgliteDb(settings.dataDir)
}

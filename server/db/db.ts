/**
 * The one database interface of the server. Two drivers implement it: PGlite (embedded
 * PostgreSQL, the default) and `pg` (a PostgreSQL server, DATABASE_URL). Queries are plain SQL
 * with `$1` parameters and run unchanged on both.
 *
 * The drivers do not parse every type alike (PGlite answers bigint as a JS number, pg as a
 * string), so queries cast what they select: ids `::text`, counts `::int`, money `::text`.
 * Money never becomes a JS number.
 */
import type { Db, DbSettings } from './types.ts'

export type { Db, DbSettings, PoolSettings, Queryable, Row } from './types.ts'

/** Opens the database the settings name; the drivers are loaded only when used. */
export async function openDb(settings: DbSettings): Promise<Db> {
  if (settings.databaseUrl) {
    const { openPgDb } = await import('./pg.ts')
    return openPgDb(settings.databaseUrl, settings.pool)
  }
  const { openPgliteDb } = await import('./pglite.ts')
  return openPgliteDb(settings.dataDir, {
    fromTemplate: settings.fromTemplate ?? false,
    unnamedStatements: settings.unnamedStatements ?? false,
    lockStaleMs: settings.lockStaleMs,
  })
}

/**
 * Versioned SQL migrations: `migrations/NNN_name.sql`, applied in order, each once, each in its
 * own transaction with its row in `schema_migrations`. An advisory lock serialises two servers
 * starting at the same time on one PostgreSQL database.
 */
import { readdirSync, readFileSync } from 'node:fs'
import type { Db } from './db.ts'

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
/** Any fixed number: the key of the advisory lock taken while migrating. */
const MIGRATION_LOCK = 724_301

export interface Migration {
  version: string
  name: string
  sql: string
}

export function listMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^[0-9]{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.slice(0, 3),
      name: file.slice(4, -4),
      sql: readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'),
    }))
}

/** Applies the migrations not applied yet; answers the versions it applied. */
export async function migrate(db: Db, migrations: Migration[] = listMigrations()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`)
  const applied: string[] = []
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const rows = await tx.query('select 1 from schema_migrations where version = $1', [migration.version])
      if (rows.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name])
      return true
    })
    if (done) applied.push(migration.version)
  }
  return applied
}

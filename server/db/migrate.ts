/**
 * Versioned SQL migrations: `migrations/NNN_name.sql`, applied in order, each once, each in its
 * own transaction with its row in `schema_migrations`. An advisory lock serialises two servers
 * (or a server and `npm run migrate`) on one PostgreSQL database.
 *
 * Each applied file's SHA-256 is kept: an applied migration that was edited afterwards would leave
 * databases that differ while claiming the same version, so it stops the migration (and the start)
 * with the file named; a change is a new migration. Rows applied before checksums were kept get
 * the current file's checksum the first time they are seen.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { Db, Queryable } from './types.ts'
import { analyse } from './statistics.ts'

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
/** Any fixed number: the key of the advisory lock taken while migrating. */
const MIGRATION_LOCK = 724_301

export interface Migration {
  version: string
  name: string
  sql: string
}

/** A migration problem an operator must solve (edited applied file, pending migrations). */
export class MigrationError extends Error {}

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

export const checksumOf = (migration: Migration) => createHash('sha256').update(migration.sql).digest('hex')
const fileOf = (migration: Migration) => `${migration.version}_${migration.name}.sql`

async function ensureTable(db: Queryable): Promise<void> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  );
  alter table schema_migrations add column if not exists checksum text`)
}

/** Throws when `migration` was applied from another text. */
function verifyApplied(migration: Migration, recorded: string): void {
  const checksum = checksumOf(migration)
  if (recorded !== checksum) {
    throw new MigrationError(
      `${fileOf(migration)} was changed after it was applied (applied checksum ${recorded.slice(0, 12)}…, file ${checksum.slice(0, 12)}…). ` +
        'Restore the applied text and write the change as a new migration.',
    )
  }
}

/**
 * The row that records `migration`, as SQL run in the same `exec` as the file (one round trip
 * less per file). Literals, not parameters: `exec` takes none, and each value is checked to be
 * plain digits, letters and underscores first, so nothing can close the quotes.
 */
function recordingSql(migration: Migration): string {
  const values = [migration.version, migration.name, checksumOf(migration)]
  if (!values.every((value) => /^[a-z0-9_]+$/.test(value)))
    throw new MigrationError(`${fileOf(migration)}: version and name must be digits, letters and underscores.`)
  // the newline first: a file may end with a `--` comment that would swallow the rest of its line
  return `\n;\ninsert into schema_migrations (version, name, checksum) values (${values.map((value) => `'${value}'`).join(', ')})`
}

/**
 * Applies the migrations not applied yet; answers the versions it applied.
 *
 * Few round trips: one transaction reads every applied row (and checks every checksum before
 * anything is applied); then each pending file gets its own transaction — the lock, a check
 * under the lock (another server may have applied it meanwhile), and the file with its row in
 * one `exec`. An up-to-date database costs that first transaction only.
 */
export async function migrate(db: Db, migrations: Migration[] = listMigrations()): Promise<string[]> {
  const recorded = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await ensureTable(tx)
    const rows = await tx.query<{ version: string; checksum: string | null }>('select version, checksum from schema_migrations')
    const byVersion = new Map(rows.map((row) => [row.version, row.checksum]))
    for (const migration of migrations) {
      const checksum = byVersion.get(migration.version)
      if (checksum) verifyApplied(migration, checksum)
      else if (checksum === null) {
        // applied before checksums were kept: adopt the current file's
        await tx.query('update schema_migrations set checksum = $2 where version = $1', [migration.version, checksumOf(migration)])
      }
    }
    return byVersion
  })
  const applied: string[] = []
  for (const migration of migrations.filter((m) => !recorded.has(m.version))) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const rows = await tx.query<{ checksum: string | null }>('select checksum from schema_migrations where version = $1', [migration.version])
      if (rows.length > 0) {
        if (rows[0]!.checksum !== null) verifyApplied(migration, rows[0]!.checksum)
        return false
      }
      await tx.exec(migration.sql + recordingSql(migration))
      return true
    })
    if (done) applied.push(migration.version)
  }
  // A migration may add tables, columns or indexes: fresh statistics for the planner (statistics.ts).
  if (applied.length > 0) await analyse(db)
  return applied
}

/**
 * For a start without migrating (MIGRATE_ON_START=false): every migration applied, from the same
 * text; otherwise a MigrationError that says to run `npm run migrate`.
 */
export async function checkMigrations(db: Db, migrations: Migration[] = listMigrations()): Promise<void> {
  const [table] = await db.query<{ present: boolean }>("select to_regclass('schema_migrations') is not null as present")
  const rows = table?.present ? await db.query<{ version: string; checksum: string | null }>('select version, checksum from schema_migrations') : []
  const recorded = new Map(rows.map((row) => [row.version, row.checksum]))
  const pending = migrations.filter((m) => !recorded.has(m.version))
  if (pending.length) {
    throw new MigrationError(`${pending.map(fileOf).join(', ')} not applied; run \`npm run migrate\` first (or set MIGRATE_ON_START=true).`)
  }
  for (const migration of migrations) {
    const checksum = recorded.get(migration.version)
    if (checksum && checksum !== checksumOf(migration)) {
      throw new MigrationError(`${fileOf(migration)} was changed after it was applied. Restore the applied text and write the change as a new migration.`)
    }
  }
}

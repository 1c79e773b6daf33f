/**
 * `npm run migrate`: applies the pending migrations to the database the settings name
 * (DATABASE_URL, or the embedded folder DATA_DIR) and says which, then exits. A bank runs it
 * before starting a new version with MIGRATE_ON_START=false, so that several servers never race
 * to migrate and a failed migration stops a deployment, not a running service.
 */
import { openDb } from './db/db.ts'
import { FolderInUseError } from './db/pglite-lock.ts'
import { migrate, MigrationError } from './db/migrate.ts'

async function run(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
  const dataDir = databaseUrl ? undefined : process.env.DATA_DIR?.trim() || '.data'
  let db
  try {
    db = await openDb({ databaseUrl, dataDir })
  } catch (error) {
    if (error instanceof FolderInUseError) {
      process.stderr.write(`${error.message}\n`)
      return 3
    }
    throw error
  }
  try {
    const applied = await migrate(db)
    process.stdout.write(applied.length ? `Applied migrations ${applied.join(', ')}.\n` : 'No pending migration.\n')
    return 0
  } catch (error) {
    if (error instanceof MigrationError) {
      process.stderr.write(`Migrations: ${error.message}\n`)
      return 4
    }
    throw error
  } finally {
    await db.close()
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Migration failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)

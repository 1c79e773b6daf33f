/**
 * `npm run migrate`: applies the pending migrations to the database the settings name
 * (DATABASE_URL or DATABASE_URL_FILE, or the embedded folder DATA_DIR) and says which, then
 * exits. A bank runs it (deploy/portal-migrate.service) before starting a new version, whose
 * servers do not migrate (MIGRATE_ON_START is false in production), so that several servers never
 * race to migrate and a failed migration stops a deployment, not a running service.
 */
import { resolve } from 'node:path'
import { openDb } from './db/db.ts'
import { FolderInUseError } from './db/pglite-lock.ts'
import { migrate, MigrationError } from './db/migrate.ts'
import { readSettings, SettingsError, withSecretFiles, type Settings } from './settings.ts'

async function run(): Promise<number> {
  // The servers' own settings (the same environment file): only the database's are used.
  let settings: Settings
  try {
    settings = readSettings(withSecretFiles(process.env))
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error
    process.stderr.write(`Configuration error: ${error.message}\n`)
    return 2
  }
  const databaseUrl = settings.DATABASE_URL
  const dataDir = databaseUrl ? undefined : resolve(settings.DATA_DIR)
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

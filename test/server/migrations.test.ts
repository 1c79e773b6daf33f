/**
 * Migrations as a separate step: checksums of applied files (an applied file edited afterwards
 * stops the migration, naming it), the check a server makes when it starts without migrating, and
 * `npm run migrate` itself on an embedded folder.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { checkMigrations, checksumOf, listMigrations, migrate, MigrationError } from '../../server/db/migrate.ts'

let db: Db
beforeAll(async () => {
  db = await openDb({})
})
afterAll(() => db?.close())

describe('checksums of applied migrations', () => {
  const migrations = listMigrations()

  it('a database without the tables is pending: the start without migrating refuses, naming the files', async () => {
    await expect(checkMigrations(db)).rejects.toThrow(/001_schema\.sql.* not applied; run `npm run migrate` first/)
  })

  it('records each file’s SHA-256 when it applies it', async () => {
    expect(await migrate(db)).toEqual(migrations.map((m) => m.version))
    const rows = await db.query<{ version: string; checksum: string }>('select version, checksum from schema_migrations order by version')
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, checksum: checksumOf(m) })))
    await expect(checkMigrations(db)).resolves.toBeUndefined()
  })

  it('refuses an applied file that was changed since, naming it, and applies nothing', async () => {
    const edited = migrations.map((m) => (m.version === '003' ? { ...m, sql: `${m.sql}\n-- edited` } : m))
    const error = await migrate(db, edited).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as Error).message).toMatch(/^003_transfers\.sql was changed after it was applied/)
    await expect(checkMigrations(db, edited)).rejects.toThrow('003_transfers.sql was changed after it was applied')
  })

  it('adopts the rows applied before checksums were kept', async () => {
    await db.query("update schema_migrations set checksum = null where version = '002'")
    expect(await migrate(db)).toEqual([])
    const [row] = await db.query<{ checksum: string }>("select checksum from schema_migrations where version = '002'")
    expect(row!.checksum).toBe(checksumOf(migrations[1]!))
  })
})

describe('npm run migrate', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migrate-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const run = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/migrate-command.ts'], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } })

  it('applies the pending migrations, then none', async () => {
    expect((await run()).stdout).toBe(
      `Applied migrations ${listMigrations()
        .map((m) => m.version)
        .join(', ')}.\n`,
    )
    expect((await run()).stdout).toBe('No pending migration.\n')
  })
})

/**
 * The server tests' databases start from one migrated dump instead of an empty initdb and every
 * migration: PGlite's in-memory initdb costs ~3 s of CPU a start, a dump's load ~0.6 s, and the
 * server suite starts about seventy databases. The dump is what `Db.backup()` answers (the format an
 * operator's backup uses), made once from a real migration run and kept under node_modules/.cache,
 * named by the same key as the server's own template (pglite-template.ts): a new migration or
 * another PGlite makes a new one. A test about migrating itself opens its own empty database.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from '../../server/db/migrate.ts'
import { openPgliteDb } from '../../server/db/pglite.ts'
import { templateKey } from '../../server/db/pglite-template.ts'
import type { Db } from '../../server/db/types.ts'

const CACHE = join(import.meta.dirname, '../../node_modules/.cache/portal-test-databases')

let dump: Promise<Blob> | undefined

async function makeDump(): Promise<Blob> {
  const file = join(CACHE, `migrated-${templateKey()}.tar.gz`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const db = await openPgliteDb()
  let bytes: Uint8Array<ArrayBuffer>
  try {
    await migrate(db)
    bytes = new Uint8Array(await db.backup!())
  } finally {
    await db.close()
  }
  // Written aside then renamed: a file running at the same time never reads half a dump.
  mkdirSync(CACHE, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
  return new Blob([bytes])
}

/** A migrated in-memory PGlite of its own. */
export async function openMigratedPglite(): Promise<Db> {
  dump ??= makeDump()
  return openPgliteDb(undefined, { fromDump: await dump })
}

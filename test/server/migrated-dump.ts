/**
 * The server tests' databases start from one migrated dump instead of an empty initdb and every
 * migration: PGlite's in-memory initdb costs ~3 s of CPU a start, a dump's load ~0.6 s, and the
 * server suite starts about seventy databases. The dump is what `Db.backup()` answers (the format an
 * operator's backup uses), made once from a real migration run and kept under node_modules/.cache,
 * named by the same key as the server's own template (pglite-template.ts): a new migration or
 * another PGlite makes a new one. A test about migrating itself opens its own empty database.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from '../../server/db/migrate.ts'
import { demoCustomers } from '../../server/demo/demo-data.ts'
import { hashDemoPins } from '../../server/demo/seed.ts'
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
  writeWhole(file, bytes)
  return new Blob([bytes])
}

/** Written aside then renamed: a file running at the same time never reads half of it. */
function writeWhole(file: string, bytes: Uint8Array | string): void {
  mkdirSync(CACHE, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
}

let pins: Promise<string[]> | undefined

/**
 * The demo customers' PIN hashes for the seed (seedDemo's `pinHashesAhead`), made once by the seed's
 * own function at production's cost and kept beside the dump: four scrypts are ~0.5 s of CPU, and
 * the server suite seeds about seventy databases. Every sign-in still checks its PIN against a
 * production-cost hash; only the salts are shared between the tests' databases. Named by the PINs
 * and by server/domain/pins.ts: a new cost or scheme makes new hashes.
 */
export function demoPinHashes(): Promise<string[]> {
  pins ??= (async () => {
    const key = createHash('sha256')
      .update(readFileSync(join(import.meta.dirname, '../../server/domain/pins.ts')))
      .update(JSON.stringify(demoCustomers.map((customer) => customer.pin)))
      .digest('hex')
      .slice(0, 16)
    const file = join(CACHE, `demo-pins-${key}.json`)
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as string[]
    const hashes = await hashDemoPins()
    writeWhole(file, JSON.stringify(hashes))
    return hashes
  })()
  return pins
}

/** A migrated in-memory PGlite of its own. */
export async function openMigratedPglite(): Promise<Db> {
  dump ??= makeDump()
  return openPgliteDb(undefined, { fromDump: await dump })
}

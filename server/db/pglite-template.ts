/**
 * A fresh embedded database starts from a prepared copy instead of running initdb.
 *
 * PGlite creates a new data folder by running PostgreSQL's initdb in a second WebAssembly
 * instance, then the migrations run one by one: most of a fresh start (tens of seconds on a busy
 * machine), where resuming an existing folder costs one instance's start. So the first fresh
 * start builds a *template* — a folder initialised and migrated, then closed cleanly — and every
 * fresh folder after it is a file copy of that template, which PGlite resumes.
 *
 * The template holds the schema and the migrations' reference data only, never demo data: the
 * demo data depend on the day they are loaded (seed.ts), so they are still loaded on each fresh
 * start, exactly as before. The template's name is a hash of PGlite's version and of every
 * migration's text: a new migration or another PGlite never reuses an old template (older ones are
 * removed when a new one is made). It lives in `.pglite-templates/` beside the data folder, and is
 * made in a private folder then renamed into place, so two servers starting together never see a
 * half-made one.
 */
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'
import type { Db } from './types.ts'
import { checksumOf, listMigrations, migrate } from './migrate.ts'

/** Files of a data folder that belong to the process holding it, not to the database. */
const NOT_COPIED = new Set(['server.lock'])
const BUILDING = '.building-'

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  return (JSON.parse(readFileSync(join(dirname(dirname(entry)), 'package.json'), 'utf8')) as { version: string }).version
}

/** Changes whenever PGlite or any migration changes. */
export function templateKey(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`)
  for (const migration of listMigrations()) hash.update(`${migration.version} ${checksumOf(migration)}\n`)
  return hash.digest('hex').slice(0, 16)
}

export const templatesDirOf = (dataDir: string) => join(dirname(dataDir), '.pglite-templates')

/** A folder without PG_VERSION has never been initialised (it may hold the lock only). */
export const isFreshDataDir = (dataDir: string) => !existsSync(join(dataDir, 'PG_VERSION'))

/**
 * The migrated template for this code, made when missing. `open` opens a PGlite folder as a Db
 * (pglite.ts), passed in rather than imported to keep the two modules free of a cycle.
 */
export async function ensureTemplate(dataDir: string, open: (dir: string) => Promise<Db>): Promise<string> {
  const templates = templatesDirOf(dataDir)
  const key = templateKey()
  const template = join(templates, key)
  if (existsSync(join(template, 'PG_VERSION'))) return template
  mkdirSync(templates, { recursive: true })
  const building = join(templates, `${BUILDING}${key}-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    const db = await open(building)
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
    renameSync(building, template)
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    // another server made the same template meanwhile: use theirs
    if (existsSync(join(template, 'PG_VERSION'))) return template
    throw error
  }
  for (const name of readdirSync(templates)) {
    if (name !== key && !name.startsWith(BUILDING)) rmSync(join(templates, name), { recursive: true, force: true })
  }
  return template
}

/**
 * Fills the fresh `dataDir` (already locked by this process) with a copy of `template`. A copy
 * that fails half-way is removed (the lock aside), so that PGlite never resumes a partial folder.
 *
 * The folders first, then every file at once on libuv's threads: the thousand-odd files (40 MB)
 * are copied off the main thread, which meanwhile loads the application, where `cpSync` held it
 * for a third of a second (and `fs.promises.cp` copies one file after another).
 */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  try {
    const entries = readdirSync(template, { recursive: true, withFileTypes: true })
      .map((entry) => ({ entry, path: relative(template, join(entry.parentPath, entry.name)) }))
      .filter(({ path }) => !NOT_COPIED.has(path.split(sep)[0]!))
    for (const { entry, path } of entries) if (entry.isDirectory()) mkdirSync(join(dataDir, path), { recursive: true })
    // every copy settled before a failure is handled, so that none lands after the clean-up below
    const copies = await Promise.allSettled(
      entries.filter(({ entry }) => entry.isFile()).map(({ path }) => copyFile(join(template, path), join(dataDir, path))),
    )
    const failed = copies.find((copy) => copy.status === 'rejected')
    if (failed) throw failed.reason
  } catch (error) {
    for (const name of readdirSync(dataDir)) {
      if (!NOT_COPIED.has(name)) rmSync(join(dataDir, name), { recursive: true, force: true })
    }
    throw error
  }
}

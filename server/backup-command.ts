/**
 * The embedded database's backup and restore (docs/operations.md, "Back up and restore"), with the
 * server's own settings (DATA_DIR, OPS_PORT, from the environment):
 *
 *   npm run backup -- <file.tar.gz>     online: the running server takes it (POST /backup on its
 *                                       operations listener, OPS_PORT); no server running: this
 *                                       command opens the folder itself (its lock) and takes it
 *   npm run restore -- <file.tar.gz>    into DATA_DIR, which must not exist or be empty
 *
 * PostgreSQL (DATABASE_URL) is backed up with pg_dump and restored with pg_restore: this command
 * says so and stops. The file is written next to its final name and renamed when complete, so a
 * failed backup never leaves a file that looks whole.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { FolderInUseError, lockDataDir } from './db/pglite-lock.ts'
import { openPgliteDb } from './db/pglite.ts'

type Env = Record<string, string | undefined>

export class BackupError extends Error {}

/** Takes a backup of the embedded database; answers how it was taken. */
export async function backup(file: string, env: Env = process.env): Promise<'online' | 'offline'> {
  if (env.DATABASE_URL?.trim()) throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc (docs/operations.md)')
  const opsPort = env.OPS_PORT?.trim()
  let bytes: Uint8Array | undefined
  let how: 'online' | 'offline' = 'online'
  if (opsPort) bytes = await fromServer(Number(opsPort))
  if (!bytes) {
    how = 'offline'
    const dataDir = resolve(env.DATA_DIR?.trim() || '.data')
    let db
    try {
      db = await openPgliteDb(dataDir)
    } catch (error) {
      if (error instanceof FolderInUseError) {
        throw new BackupError(`${error.message}\nA running server takes the backup itself when OPS_PORT is set (POST /backup on that port).`)
      }
      throw error
    }
    try {
      bytes = await db.backup!()
    } finally {
      await db.close()
    }
  }
  const partial = `${file}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
  return how
}

/** The running server's backup, or undefined when no server listens on the operations port. */
async function fromServer(port: number): Promise<Uint8Array | undefined> {
  let res: Response
  try {
    res = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST' })
  } catch {
    return undefined // nothing listens: the server is stopped
  }
  if (!res.ok) throw new BackupError(`the server on OPS_PORT ${port} refused the backup: HTTP ${res.status} ${await res.text()}`)
  return new Uint8Array(await res.arrayBuffer())
}

/** Restores a backup into `dataDir`, which must not exist or be empty. */
export async function restore(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`)
  }
  const unlock = await lockDataDir(dataDir, () => process.exit(1))
  try {
    const pg = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) })
    await pg.query('select 1')
    await pg.close()
  } catch (error) {
    await unlock()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  await unlock()
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2)
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupError('usage: npm run backup -- <file.tar.gz>  |  npm run restore -- <file.tar.gz> (into DATA_DIR)')
  }
  if (command === 'backup') {
    const how = await backup(resolve(file))
    process.stdout.write(`Backup written to ${resolve(file)} (${how === 'online' ? 'taken by the running server' : 'server stopped: taken from the folder'})\n`)
  } else {
    const dataDir = resolve(process.env.DATA_DIR?.trim() || '.data')
    await restore(resolve(file), dataDir)
    process.stdout.write(`Restored ${resolve(file)} into ${dataDir}\n`)
  }
}

if (/backup-command\.[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(error instanceof BackupError ? 2 : 1)
  })
}

import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Db, Queryable } from './types.ts'
import { lockDataDir } from './pglite-lock.ts'
import { copyTemplate, ensureTemplate, isFreshDataDir } from './pglite-template.ts'
import { preparedStatements } from './pglite-statements.ts'

/**
 * A lost lock means another process may be writing the same files: stopping at once is the only
 * safe answer (rulings §7, one process per embedded folder).
 */
function stopOnLostLock(error: Error): void {
  process.stderr.write(`The lock of the embedded database folder was lost (${error.message}); stopping so that two processes never write it.\n`)
  process.exit(1)
}

/**
 * A fresh folder becomes a copy of the migrated template (pglite-template.ts) instead of running
 * initdb. The template is a speed-up only: when it cannot be made or copied (a read-only parent
 * folder, a full disk), the start goes on the slow way, initdb and the migrations.
 */
async function startFromTemplate(dataDir: string): Promise<void> {
  if (!isFreshDataDir(dataDir)) return
  try {
    await copyTemplate(await ensureTemplate(dataDir, (dir) => openPgliteDb(dir)), dataDir)
  } catch (error) {
    process.stderr.write(`No prepared database template (${error instanceof Error ? error.message : String(error)}); initialising the folder instead.\n`)
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed page by page by the WebAssembly code at
 * every start (about half of PGlite's own start) and held for ever, while the bank's working set
 * is a few megabytes: 32 MB keeps it in memory with room to spare, for a quarter of that cost.
 * PGlite has one backend, so nothing else competes for the buffers.
 */
const SHARED_BUFFERS = '32MB'
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`]

export interface PgliteOptions {
  /** A fresh folder starts from the migrated template (server start with migrations on). */
  fromTemplate?: boolean
  /** PGlite's own query() instead of prepared statements (DbSettings.unnamedStatements). */
  unnamedStatements?: boolean
  /** The folder's lock of a dead process is stale after this (DbSettings.lockStaleMs). */
  lockStaleMs?: number | undefined
  /**
   * An in-memory database starts as a copy of this dump (what `backup()` answers) instead of an
   * empty initdb: the server tests start each of their databases from one migrated dump.
   */
  fromDump?: Blob
}

/**
 * Embedded PostgreSQL (WebAssembly): on disk under `dataDir`, or in memory when absent. A folder
 * is locked for as long as the database is open (pglite-lock.ts).
 */
export async function openPgliteDb(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  const unlock = dataDir ? await lockDataDir(dataDir, stopOnLostLock, options.lockStaleMs) : async () => {}
  let pg: PGlite
  try {
    if (dataDir && options.fromTemplate) await startFromTemplate(dataDir)
    pg = await PGlite.create(dataDir, { startParams: START_PARAMS, ...(options.fromDump && !dataDir ? { loadDataDir: options.fromDump } : {}) })
  } catch (error) {
    await unlock()
    throw error
  }
  const statements = preparedStatements(pg)
  // The benchmark's bare floors: PGlite's own query(), unnamed statements.
  const ownQuery =
    (target: PGlite | Transaction): Queryable['query'] =>
    async (sql, params = []) =>
      (await target.query(sql, params as unknown[])).rows as never
  // Prepared statements under PGlite's own locks, as its query() and a transaction's query() take
  // them: outside a transaction, a statement waits for any transaction to end; inside, for the
  // statement before.
  const preparedQuery =
    (tx?: Transaction): Queryable['query'] =>
    async (sql, params = []) => {
      if (!tx) return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => statements.run(sql, params, true)))
      if (tx.closed) throw new Error('Transaction is closed')
      return pg._runExclusiveQuery(() => statements.run(sql, params, false))
    }
  const wrap = (target: PGlite | Transaction): Queryable => ({
    query: options.unnamedStatements ? ownQuery(target) : preparedQuery(target === pg ? undefined : (target as Transaction)),
    async exec(sql) {
      // DDL (migrations): a kept statement's rows may no longer be what it was prepared for.
      statements.forgetAll()
      await target.exec(sql)
    },
  })
  return {
    driver: 'pglite',
    ...wrap(pg),
    // PGlite has one connection: other queries wait while a transaction runs, which gives the
    // same isolation as a pool connection held for the transaction.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async backup() {
      // A checkpoint first, so that the copy's data files are current and its restore replays
      // little; then PGlite's own dump, under its query lock: no statement runs while it copies.
      await pg.exec('checkpoint')
      return new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer())
    },
    async close() {
      try {
        await pg.close()
      } finally {
        await unlock()
      }
    },
  }
}

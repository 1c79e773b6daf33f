/**
 * One server process per embedded database folder (rulings §7, REQ-MODE-03). Two PGlite instances on one
 * folder each keep their own copy of the data in memory and overwrite each other's files: a
 * confirmed transfer can vanish. So the folder is locked for as long as the server runs.
 *
 * proper-lockfile rather than a hand-written pid file: its lock is an atomic mkdir whose time the
 * holder refreshes; a lock not refreshed for STALE_MS is stale, so a crashed (killed, powered-off)
 * server does not leave it stuck, and no pid can be reused by another program to fake a live
 * holder. A restart right after a crash waits for the lock to go stale, then starts.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

/**
 * A lock not refreshed for this long belongs to a dead process (DATA_DIR_LOCK_STALE_SECONDS; this
 * is its default). Its holder refreshes it every
 * REFRESH_MS: a live server loses it only if it could not run for STALE_MS - REFRESH_MS (28 s). With
 * 10 s and a refresh every 5 s, a server starved of CPU on a loaded machine (PGlite compiles its
 * WebAssembly on the main thread; CI ran its suite beside other work) let a second server take the
 * folder: two PGlite instances on one folder overwrite each other's files. The price: a restart
 * right after a crash waits up to 30 s.
 */
const STALE_MS = 30_000
const REFRESH_MS = 2_000

export class FolderInUseError extends Error {}

/** Locks `dataDir` for this process; answers the release. Throws FolderInUseError when a live server holds it. */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void, staleMs = STALE_MS): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'server.lock')
  let release: () => Promise<void> = async () => {}
  let released = false
  /**
   * proper-lockfile gives the lock up when this process could not refresh it in time, which a
   * busy event loop can cause (PGlite compiles its WebAssembly on the main thread). Then the lock
   * is taken again if nobody else took it meanwhile; if another process holds it, this one stops.
   */
  const onCompromised = (error: Error) => {
    if (released) return
    lockfile.lock(dataDir, { lockfilePath: lockPath, stale: staleMs, update: REFRESH_MS, realpath: false, onCompromised }).then(
      (again) => {
        release = again
      },
      () => onLost(error),
    )
  }
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: staleMs,
      update: REFRESH_MS,
      // Waits a little more than staleMs, so that the lock of a server that has just crashed goes
      // stale and this start goes on; a live holder keeps refreshing it and this start gives up.
      retries: { retries: Math.ceil(staleMs / 1_000) + 5, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      realpath: false,
      onCompromised,
    })
    return async () => {
      released = true
      await release()
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new FolderInUseError(
        `The embedded database folder ${dataDir} is in use by another server process (lock ${lockPath}). ` +
          'An embedded database serves one process at a time: stop the other one, or use PostgreSQL (DATABASE_URL) to run several.',
      )
    }
    throw error
  }
}

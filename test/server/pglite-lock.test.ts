/**
 * One server process per embedded database folder (rulings §7), with real processes: a second
 * server on the folder of a live one refuses to start and says why; a server killed without a
 * chance to clean up (SIGKILL) does not leave the folder locked for ever.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/db.ts'
import { FolderInUseError } from '../../server/db/pglite-lock.ts'
import { runUntilExit, startServerProcess, type ServerProcess } from './processes.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'portal-lock-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// A dead process's lock goes stale after 10 s instead of production's 30 (the same code, a shorter
// wait): a start on a live server's folder gives up, and a restart after a kill goes on, in seconds.
// A live holder refreshes its lock every 2 s, so 10 s leaves it 8 s of stall.
const LOCK_STALE_MS = 10_000

const PRODUCTION = {
  CODE_SECRET: 'a-secret-of-at-least-32-characters!',
  BANK_NAME: 'la Banque du Kivu',
  DATA_DIR: dataDir,
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'portail@bank.example',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  // One process on its own folder: it migrates it itself (production's default is the migration job).
  MIGRATE_ON_START: 'true',
  DATA_DIR_LOCK_STALE_SECONDS: String(LOCK_STALE_MS / 1000),
}

// Every server a test starts, stopped after it even when it failed half-way: a server left running
// would hold the folder for the tests that follow.
const started: ServerProcess[] = []
async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(PRODUCTION)
  started.push(server)
  return server
}
afterEach(async () => {
  for (const server of started.splice(0)) await server.stop('SIGKILL')
})

describe('the embedded database folder', { timeout: 180_000 }, () => {
  it('a second server on the folder of a live one refuses to start, naming the folder', async () => {
    const first = await start()
    try {
      const second = await runUntilExit(PRODUCTION)
      expect(second.code).toBe(3)
      expect(second.stderr).toContain(`The embedded database folder ${dataDir} is in use by another server process`)
      expect(second.stderr).toContain('use PostgreSQL (DATABASE_URL) to run several')
      // The first one is unharmed.
      expect((await fetch(`${first.url}/auth/v1/countries`)).status).toBe(200)
    } finally {
      expect(await first.stop()).toBe(0)
    }
  })

  it('is free again after a clean stop, also to the migration command and the tests', async () => {
    const db = await openDb({ dataDir, lockStaleMs: LOCK_STALE_MS })
    await expect(openDb({ dataDir, lockStaleMs: LOCK_STALE_MS })).rejects.toBeInstanceOf(FolderInUseError)
    await db.close()
  })

  it('a killed server’s lock goes stale: the next start waits for it, then runs', async () => {
    const first = await start()
    expect(await first.stop('SIGKILL')).toBeNull()
    const next = await start()
    try {
      expect((await fetch(`${next.url}/auth/v1/countries`)).status).toBe(200)
    } finally {
      expect(await next.stop()).toBe(0)
    }
  })
})

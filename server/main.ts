/**
 * Start-up: settings from the environment, database, migrations, demo data on the first start in
 * demo mode, then listen. stdout carries one line, `Portal ready at http://localhost:<port>`,
 * which scripts and tests wait for; the JSON logs go to stderr. SIGINT/SIGTERM close cleanly
 * (in-flight calls finish, the database is closed so PGlite's files are consistent).
 */
import type { AddressInfo } from 'node:net'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDb, type Db } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { seedDemo } from './demo/seed.ts'

/** A close that hangs (a stuck connection) must not keep the process alive for ever. */
const CLOSE_TIMEOUT_MS = 10_000

async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`)
      process.exit(2)
    }
    throw error
  }

  const db: Db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(db)
  if (config.demoMode) await seedDemo(db)
  const app = await buildApp({ config, db })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) {
      process.exit(1) // a second signal: the operator does not want to wait
    }
    closing = true
    app.log.info({ signal }, 'closing')
    const timer = setTimeout(() => {
      app.log.error('close timed out')
      process.exit(1)
    }, CLOSE_TIMEOUT_MS)
    timer.unref()
    try {
      await app.close()
      await db.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'close failed')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const { port } = app.server.address() as AddressInfo
  process.stdout.write(`Portal ready at http://localhost:${port}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})

/**
 * Start-up: settings from the environment, database, migrations, demo data on the first start in
 * demo mode, then listen. stdout carries one line, `Portal ready at http://localhost:<port>`,
 * which scripts and tests wait for; the JSON logs go to stderr. SIGINT/SIGTERM close cleanly
 * (in-flight calls finish, the database is closed so PGlite's files are consistent).
 *
 * `--demo` asks for demo mode (as DEMO_MODE=true does); `npm start` passes it. The mode is said in
 * the first lines on stderr, before anything else, so that nobody runs the demo by mistake.
 */
import { register } from 'node:module'
import type { AddressInfo } from 'node:net'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDb, type Db } from './db/db.ts'
import { FolderInUseError } from './db/pglite-lock.ts'
import { checkMigrations, migrate, MigrationError } from './db/migrate.ts'
import { isFreshDataDir } from './db/pglite-template.ts'
import { hashDemoPins, seedDemo } from './demo/seed.ts'
import { usePinHashCost } from './domain/pins.ts'
import { SERVER_NODE_FLAGS, startedWithServerFlags } from './node-flags.ts'
import { startTracing, TracingError, type Tracing } from './tracing.ts'

/** A close that hangs (a stuck connection) must not keep the process alive for ever. */
const CLOSE_TIMEOUT_MS = 10_000

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

function modeBanner(config: Config): string {
  if (!config.demoMode) return 'Production mode: no demo data, no /__dev tools.\n'
  return (
    'DEMO MODE (asked by --demo or DEMO_MODE=true): demo customers, every code readable at /__dev/outbox.html,\n' +
    'answers rewritable at /__dev/faults.html. Never for a real bank: production is the default without --demo.\n'
  )
}

async function main(): Promise<void> {
  // From the TypeScript sources, the packages' own modules skip tsx (packages-as-published.ts);
  // a compiled server (build/server/main.js) runs without a loader. Registered before the
  // database and the application are imported, below.
  if (import.meta.url.endsWith('.ts')) register('./packages-as-published.ts', import.meta.url)
  if (process.argv.includes('--demo')) process.env.DEMO_MODE ??= 'true'
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`, 2)
    throw error
  }
  process.stderr.write(modeBanner(config))
  if (!startedWithServerFlags()) {
    process.stderr.write(
      `Started without ${SERVER_NODE_FLAGS.join(' ')}: V8 lets its young generation grow to 64 MiB of garbage on Node 24 (docs/operations.md, "Memory").\n`,
    )
  }
  usePinHashCost(config.pinHashCost) // before the demo PINs are hashed, below
  // Traces (OTEL_* settings), before the application's modules load: the HTTP instrumentation must
  // see Fastify's node:http. Off (nothing loaded) without a collector's endpoint.
  let tracing: Tracing | undefined
  try {
    tracing = await startTracing()
  } catch (error) {
    if (error instanceof TracingError) fail(`Configuration error: ${error.message}`, 2)
    throw error
  }
  // The application's modules (most of a start's loading) load while the database opens: they
  // need none of it until buildApp.
  const appModule = import('./app.ts')
  appModule.catch(() => {}) // awaited before buildApp; a failure surfaces there

  // A fresh embedded folder will be seeded: its PIN hashes are computed while PGlite starts.
  const pinHashes = config.demoMode && !config.databaseUrl && isFreshDataDir(config.dataDir) ? hashDemoPins() : undefined
  pinHashes?.catch(() => {}) // awaited by seedDemo; a failure surfaces there

  let db: Db
  try {
    db = await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // the template is migrated: only for a start that would migrate a fresh folder anyway
      fromTemplate: config.migrateOnStart,
      lockStaleMs: config.dataDirLockStaleMs,
      pool: {
        max: config.pgPoolMax,
        statementTimeoutMs: config.pgStatementTimeoutMs,
        idleTimeoutMs: config.pgIdleTimeoutMs,
        connectTimeoutMs: config.pgConnectTimeoutMs,
        onError: (error) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'database connection lost', err: error.message })}\n`),
      },
    })
  } catch (error) {
    if (error instanceof FolderInUseError) fail(error.message, 3)
    throw error
  }
  try {
    if (config.migrateOnStart) await migrate(db)
    else await checkMigrations(db)
  } catch (error) {
    if (error instanceof MigrationError) {
      await db.close()
      fail(`Migrations: ${error.message}`, 4)
    }
    throw error
  }
  if (config.demoMode) await seedDemo(db, new Date(), pinHashes)
  if (tracing) {
    const { tracedDb } = await import('./db/traced.ts')
    db = tracedDb(db, serverOf(config.databaseUrl))
  }
  const { buildApp } = await appModule
  const app = await buildApp({ config, db, tracing: tracing !== undefined })

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
      await tracing?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'traces: the last spans could not be sent'))
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

/** The PostgreSQL server's address for the database spans (none for the embedded database). */
function serverOf(databaseUrl: string | undefined): { address: string; port: number } | undefined {
  if (!databaseUrl) return undefined
  const url = new URL(databaseUrl)
  return { address: url.hostname, port: Number(url.port || 5432) }
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})

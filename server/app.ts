/**
 * The HTTP application: the contract's routes, the demo tools, the SPA, and the cross-cutting
 * rules (security headers, error shapes, log hygiene). It does not listen: main.ts does, and the
 * tests either listen on port 0 or use `inject`.
 */
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import type { Db } from './db/db.ts'
import { AccessLog } from './http/access-log.ts'
import { addressGuards } from './http/address-limits.ts'
import { authenticate } from './http/auth.ts'
import { loadContract, registerContract, type Contract, type OperationId } from './http/contract.ts'
import { registerCompression } from './http/compression.ts'
import { errorHandling } from './http/errors.ts'
import { inputGuards } from './http/input-guards.ts'
import { registerHealth } from './http/health.ts'
import { registerMetrics } from './http/metrics.ts'
import { operationsListener, registerBackup } from './http/ops.ts'
import { registerProtection } from './http/protection.ts'
import { traceRequests } from './http/tracing.ts'
import { registerHsts, requestIdOf } from './http/request-id.ts'
import { answerHeaders } from './http/answer-headers.ts'
import { channels } from './delivery/channels.ts'
import { createSender, type OutboxSender } from './delivery/sender.ts'
import { FaultStore, registerFaults } from './demo/faults.ts'
import { isApiPath, pathOf } from './http/headers.ts'
import { registerSpa, sendIndex } from './http/spa.ts'
import { api } from '../kernel/messages.ts'
import { accountRoutes } from './routes/accounts.ts'
import { authRoutes } from './routes/auth.ts'
import { devRoutes, registerOutboxPage } from './demo/routes.ts'
import { registerFaultsPage } from './demo/faults-page-routes.ts'
import { registerApiDocs } from './demo/api-docs.ts'
import { notificationRoutes } from './routes/notifications.ts'
import { codeKeyOnce } from './domain/codes.ts'
import { PHOTO_MAX_BYTES } from './domain/photos.ts'
import { usePinHashCost } from './domain/pins.ts'
import { profileRoutes } from './routes/profile.ts'
import { referenceRoutes } from './routes/reference.ts'
import { sessionRoutes } from './routes/session.ts'
import { statementRoutes } from './routes/statements.ts'
import { statementPdfs, type StatementPdfs } from './domain/statement-pdf-stream.ts'
import { plannerStatistics, type PlannerStatistics } from './db/statistics.ts'
import { transferRoutes } from './routes/transfers.ts'

export interface AppOptions {
  config: Config
  db: Db
  /** The server's clock; tests pass one they can move forward. */
  now?: () => Date
  /** Where the JSON logs go (default: stderr, so that stdout carries only the ready line). */
  logStream?: LogStream
  /** Traces are on (server/tracing.ts started the SDK): log lines carry the trace id. */
  tracing?: boolean
}

/** Where pino writes its JSON lines. */
export interface LogStream {
  write(line: string): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operations of the contract that answer 501 for now. */
    notImplemented: OperationId[]
    /** The statement PDFs' workers (their heap is read by the tests and the benchmark). */
    statementPdfs: StatementPdfs
    /** The planner's statistics, checked at start and as the ledger grows (db/statistics.ts). */
    plannerStatistics: PlannerStatistics
  }
}

/** JSON bodies of this API are small; a larger one is refused before it is parsed. */
const BODY_LIMIT = 64 * 1024

let contract: Contract | undefined

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options
  usePinHashCost(config.pinHashCost)
  /** The outbox sender, made below once the logger and the metrics exist; the routes wake it. */
  const outbox: { sender?: OutboxSender } = {}
  const ctx: AppContext = {
    config,
    db,
    outboxWritten: () => outbox.sender?.wake(),
    outboxLease: () => outbox.sender?.lease(),
    outboxLeased: (messages) => outbox.sender?.deliver(messages),
    codeKey: codeKeyOnce(db, config.codeSecret),
    now: options.now ?? (() => new Date()),
    limits: {
      idleMs: config.sessionIdleMinutes * 60_000,
      maxMs: config.sessionMaxMinutes * 60_000,
      touchMs: Math.min(config.sessionTouchSeconds * 1000, (config.sessionIdleMinutes * 60_000) / 10),
    },
  }
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line a call, when it ends (http/access-log.ts).
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT,
    // The proxy's X-Request-Id when it is a plain id, else a UUID (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Behind a proxy (TRUST_PROXY), request.ip is the client's address from X-Forwarded-For: the
    // per-address limits and the sign-in lock-out count by it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ajv: {
      customOptions: {
        // A body must match the contract as sent: no type coercion, no silent removal of unknown
        // properties (additionalProperties: false rejects them), no defaults filled in.
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        // Every faulty field is reported; bodies are small (BODY_LIMIT) so this stays cheap.
        allErrors: true,
      },
    },
  })
  app.decorateRequest('session', null)
  app.decorateRequest('uncheckedToken', null)
  if (options.tracing) traceRequests(app)
  // Load shedding and the in-memory per-address limit, before any route's work (http/protection.ts).
  await registerProtection(app, config)
  // /metrics, /livez, /readyz: on the operations listener with OPS_PORT, else here (http/ops.ts).
  const ops = operationsListener(app, config)

  answerHeaders(app)
  registerHsts(app, config.servedOverTls)
  await registerCompression(app)
  errorHandling(app)
  inputGuards(app)
  // Prometheus metrics at /metrics (who may read them: http/metrics.ts, docs/operations.md).
  const metrics = registerMetrics(app, { db, demoMode: config.demoMode, token: config.metricsToken, routes: ops })
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD'
    if (!page || isApiPath(pathOf(request.url))) return reply.code(404).send({ message: api.notFound })
    return sendIndex(reply, config.distDir, config)
  })

  const faults = new FaultStore()
  if (config.demoMode) registerFaults(app, ctx, faults)

  // Photo upload (photo/update): one file, the whole body read by the handler (request.parts()) before
  // anything is stored. The file limit is one byte over the photo's 2 Mo, so that a cut file is always
  // seen as too large (413). The portal sends one part; a few small fields are tolerated, a second
  // file, a field too many or over 1 KiB end the request at once (413).
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 1024, fieldNameSize: 100, headerPairs: 20 },
  })

  // Statement PDFs are drawn in worker threads, made at the first one and ended with the server.
  const pdfs = statementPdfs()
  app.addHook('onClose', async () => pdfs.close())
  app.decorate('statementPdfs', pdfs)

  // Fresh planner statistics (db/statistics.ts; PGlite has no autovacuum): at start, then as the ledger grows.
  const statistics = plannerStatistics(db, (error) => app.log.warn({ err: error }, 'planner statistics: check failed'))
  app.decorate('plannerStatistics', statistics)
  app.addHook('onReady', async () => {
    await statistics.check().catch((error: unknown) => app.log.warn({ err: error }, 'planner statistics: check failed'))
    statistics.start()
  })
  app.addHook('onClose', async () => statistics.stop())

  contract ??= loadContract()
  const notImplemented = registerContract(app, contract, {
    demoMode: config.demoMode,
    authenticate: authenticate(ctx),
    guards: addressGuards(ctx),
    handlers: {
      ...authRoutes(ctx),
      ...referenceRoutes(ctx),
      ...sessionRoutes(ctx),
      ...accountRoutes(ctx),
      ...notificationRoutes(ctx),
      ...profileRoutes(ctx),
      ...transferRoutes(ctx),
      ...statementRoutes(ctx, pdfs),
      ...(config.demoMode ? devRoutes(ctx, faults) : {}),
    },
  })
  app.decorate('notImplemented', notImplemented)
  app.log.debug({ notImplemented }, 'operations of the contract answering 501 for now')
  if (config.demoMode) {
    registerOutboxPage(app, ctx)
    await registerFaultsPage(app, ctx, faults, contract.operations)
    registerApiDocs(app, config.bankName)
  }

  // Operations (deployment.ts, docs/operations.md): health checks outside the SPA's fallback.
  registerHealth(ops, db)
  if (ops !== app) registerBackup(ops, db)
  // Delivery of the outbox (SMTP, SMS gateway) when configured; every process may run it.
  const sender = createSender({
    db,
    channels: channels(config),
    pollMs: config.outboxPollMs,
    maxAttempts: config.outboxMaxAttempts,
    retryBaseMs: config.outboxRetryBaseMs,
    log: app.log,
    onOutcome: metrics.onOutboxOutcome,
  })
  outbox.sender = sender
  app.addHook('onReady', async () => sender.start())
  app.addHook('onClose', async () => sender.stop())

  await registerSpa(app, config.distDir, config)
  return app
}

/** A number of proxy hops as the function Fastify takes (its types do not list the number form). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

function loggerOptions(config: Config, stream: LogStream | undefined): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream: stream ?? process.stderr,
    // Request logs name the call, never its secrets: no headers (Authorization), no body (PINs,
    // codes), no query string. The redaction is a second guard if a header ever gets logged.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: pathOf(req.url), remoteAddress: req.ip }),
    },
  }
}

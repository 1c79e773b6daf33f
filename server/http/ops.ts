/**
 * The operations listener (rulings §9.8, OPS_PORT): /metrics, /livez and /readyz — and the
 * embedded database's online backup — on a port of their own, so that the bank's network can keep
 * them away from customers (a firewall rule per port, not per path). The public port then answers
 * 404 for those paths, as for any unknown one. Without OPS_PORT they stay on the public port.
 *
 * The listener opens when the application is ready (on the public listener's HOST) and closes with
 * it; its calls are not logged one by one (a load balancer's health checks every few seconds would
 * drown the customers' lines) and are neither limited nor shed (server/http/protection.ts).
 */
import type { AddressInfo } from 'node:net'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { api } from '../../kernel/messages.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/db.ts'
import { isLoopback } from '../deployment.ts'
import { OPERATIONS_PATHS } from './protection.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The operations listener when OPS_PORT is set (its port: `ops.server.address()`), else null. */
    ops: FastifyInstance | null
  }
}

/**
 * POST /backup on the operations listener (never the public port; embedded database only): the online backup
 * (Db.backup), for `npm run backup` on the same machine. Only a caller on this machine (the
 * socket's own address, never a forwarded one) may ask: the answer is the whole database.
 */
export function registerBackup(ops: FastifyInstance, db: Db): void {
  const backup = db.backup?.bind(db)
  if (!backup) return
  ops.post('/backup', async (request, reply) => {
    if (!isLoopback((request.socket.remoteAddress ?? '').replace(/^::ffff:/i, ''))) return reply.code(404).send({ message: api.notFound })
    const started = Date.now()
    const bytes = await backup()
    request.log.info({ bytes: bytes.length, ms: Date.now() - started }, 'online backup taken')
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
  })
}

/** Where the operations routes go: a listener of their own with OPS_PORT, else the application. */
export function operationsListener(app: FastifyInstance, config: Pick<Config, 'opsPort' | 'host'>): FastifyInstance {
  if (config.opsPort === undefined) {
    app.decorate('ops', null)
    return app
  }
  const port = config.opsPort
  const ops = Fastify({ loggerInstance: app.log.child({ listener: 'ops' }), logController: new LogController({ disableRequestLogging: true }) })
  for (const path of OPERATIONS_PATHS) {
    app.get(path, (_request, reply) => reply.code(404).send({ message: api.notFound }))
  }
  app.addHook('onReady', async () => {
    await ops.listen({ port, host: config.host })
    app.log.info({ port: (ops.server.address() as AddressInfo).port }, 'operations listener ready')
  })
  app.addHook('onClose', async () => ops.close())
  app.decorate('ops', ops)
  return ops
}

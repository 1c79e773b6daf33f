/**
 * Health for load balancers and supervisors, answered before (and apart from) the SPA's fallback:
 * - GET /livez: the process serves HTTP (no database call, so a database outage does not make a
 *   supervisor restart every server at once);
 * - GET /readyz: a database round trip within READY_TIMEOUT_MS; 503 when it fails, so that a load
 *   balancer sends customers to a server that can serve them.
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db.ts'

const READY_TIMEOUT_MS = 2_000

export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get('/livez', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        db.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database round trip timed out')), READY_TIMEOUT_MS)
        }),
      ])
      return reply.send({ status: 'ok', database: 'ok' })
    } catch (error) {
      request.log.warn({ err: { message: (error as Error).message } }, 'not ready: database unreachable')
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' })
    } finally {
      clearTimeout(timer)
    }
  })
}

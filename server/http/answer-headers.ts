/**
 * The headers every answer gets once it is made: the security headers (headers.ts) and the request
 * id (request-id.ts). One onSend hook in callback style rather than two async ones: a hook is a
 * step of every call, and an async one a promise more; POST balance, the portal's most frequent
 * call, spends more in such steps than in its own work.
 */
import type { FastifyInstance } from 'fastify'
import { applySecurityHeaders } from './headers.ts'
import { applyRequestId } from './request-id.ts'

export function answerHeaders(app: FastifyInstance): void {
  // onSend runs for every answer, errors, 404s and the faults' early answers included.
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply)
    applyRequestId(request, reply)
    done(null, payload)
  })
}

/**
 * The headers every answer gets once it is made: the security headers (headers.ts) and the request
 * id (request-id.ts). One onSend hook in callback style rather than two async ones: a hook is a
 * step of every call, and an async one a promise more; POST balance, the portal's most frequent
 * call, spends more in such steps than in its own work.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Readable } from 'node:stream'
import { applySecurityHeaders } from './headers.ts'
import { applyRequestId } from './request-id.ts'

/**
 * Node adds `Connection: keep-alive` and `Keep-Alive: timeout=72` to every answer it keeps the
 * connection open after (48 bytes). In HTTP/1.1 a connection is persistent unless one side says
 * `close` (RFC 9112 §9.3), and `Keep-Alive` is no HTTP/1.1 header (browsers ignore it): on a
 * customer's mobile data, 48 bytes of every answer for nothing (~1.2 KB of a first session). Left
 * out only when the connection stays open and the client speaks HTTP/1.1: an answer after which
 * Node closes the connection still says `Connection: close`, and an HTTP/1.0 client, for which
 * keep-alive must be said, still hears it.
 */
function withoutKeepAliveHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const raw = reply.raw
  if (request.raw.httpVersion !== '1.1' || !raw.shouldKeepAlive || reply.hasHeader('connection')) return
  if ((raw as { maxRequestsOnConnectionReached?: boolean }).maxRequestsOnConnectionReached) return
  raw.removeHeader('connection')
}

export function answerHeaders(app: FastifyInstance): void {
  // onSend runs for every answer, errors, 404s and the faults' early answers included.
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply)
    applyRequestId(request, reply)
    withoutKeepAliveHeaders(request, reply)
    // A 304 has no body, so none goes on: the compression hook after this one would otherwise
    // wrap the file server's empty stream and put back the Content-Encoding taken off (headers.ts).
    if (reply.statusCode === 304 && payload instanceof Readable) {
      payload.destroy()
      return done(null, null)
    }
    done(null, payload)
  })
}

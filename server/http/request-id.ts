/**
 * Request ids and HSTS, for operations behind a proxy:
 * - the proxy's `X-Request-Id` is honoured when it looks like an id (letters, digits, `._-`, at
 *   most 128), so that one id follows a call through the proxy's and this server's logs; anything
 *   else is replaced by a fresh random id (a header must not write what it likes into the logs). The id
 *   is logged with every line of the call (`reqId`). It is sent back in `X-Request-Id` when the proxy
 *   gave it (the proxy's logs follow it) and on every error answer (what support asks for); a
 *   successful answer with a made id does not carry it: ~40 bytes of a customer's mobile data on
 *   every call, which nobody reads;
 * - `Strict-Transport-Security` when the bank says the portal is served over TLS (SERVED_OVER_TLS):
 *   a plain-HTTP deployment must not send it, or browsers would refuse the site.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/
export const HSTS = 'max-age=31536000; includeSubDomains'

const ID_LENGTH = 20
/**
 * Random bytes drawn for many ids at once: one randomBytes call per request was a measurable share
 * of a small API call's CPU (a system call each time). Hand-written because the pooled generator of
 * node:crypto (randomUUID) answers hex digits, and a made id has letters only.
 */
const POOL_IDS = 256
let pool = Buffer.alloc(0)
let poolOffset = 0

/** 20 random letters: no digits, so that a made id never looks like a PIN or a code in the logs. */
function freshId(): string {
  if (poolOffset + ID_LENGTH > pool.length) {
    pool = randomBytes(ID_LENGTH * POOL_IDS)
    poolOffset = 0
  }
  let id = ''
  for (let i = poolOffset; i < poolOffset + ID_LENGTH; i++) id += String.fromCharCode(97 + (pool[i]! % 26))
  poolOffset += ID_LENGTH
  return id
}

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : freshId()
}

/** Only where it has work: each hook is a step of every call (small API calls are most calls). */
export function registerHsts(app: FastifyInstance, servedOverTls: boolean): void {
  if (!servedOverTls) return
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('strict-transport-security', HSTS)
    done()
  })
}

/** The X-Request-Id of one answer, once its status is known (from answerHeaders' onSend hook). */
export function applyRequestId(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.statusCode >= 400 || request.headers['x-request-id'] === request.id) reply.header('x-request-id', request.id)
}

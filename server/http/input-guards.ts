/**
 * Guards every request goes through before the contract's schemas: what a schema cannot say.
 *
 * - Control characters. PostgreSQL refuses a NUL in text (a 500 if it got there), and no field of
 *   this API has a use for a control character: a user code, a description or an address is one
 *   line of printable text. One hook, before validation, looks at every string of the body, the
 *   query and the path parameters (also object keys) and answers 400 in the contract's shape.
 *   Hand-written rather than an Ajv format because it must cover keys, path parameters and every
 *   string property without touching the contract's schemas one by one.
 * - Content types. Each operation of the contract says which media type its body has (JSON, or
 *   multipart for the photo); any other one answers 415 before the body is read. Fastify would
 *   otherwise parse `text/plain` into a string and answer 400.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { api } from '../../kernel/messages.ts'
import type { FieldError } from './errors.ts'

/**
 * C0 controls (tab and line breaks included), DEL, C1 controls, and the lone surrogates that
 * JSON's \uD800 escapes can carry (they are not text and would be stored as U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function hasControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text)
}

/** The fields holding a forbidden character, named like the validation errors (`a.0.b`). */
function controlCharacterFields(value: unknown, path: string[] = [], found: string[] = [], depth = 0): string[] {
  if (depth > 32) return found
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push(path.join('.'))
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterFields(item, [...path, String(i)], found, depth + 1))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) found.push([...path, api.fieldErrors.keyInPath].join('.'))
      else controlCharacterFields(item, [...path, key], found, depth + 1)
    }
  }
  return found
}

function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const errors: FieldError[] = []
  for (const [part, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    for (const field of controlCharacterFields(value)) {
      errors.push({ field: field || part, message: api.fieldErrors.controlCharacter })
    }
  }
  if (!errors.length) return undefined
  request.log.info({ event: 'input.controlCharacter', fields: errors.map((e) => e.field) }, 'control character refused')
  return reply.code(400).send({ code: '400', message: api.badRequest, errors })
}

export function inputGuards(app: FastifyInstance): void {
  // No route of this server takes plain text; without this parser such a body is a 415.
  app.removeContentTypeParser('text/plain')
  // Callback style, not async: this hook runs on every call, and a promise per call is a
  // measurable share of a small API call's CPU. After a refusal, Fastify's reply is sent and done()
  // is not called: the request goes no further.
  app.addHook('preValidation', (request, reply, done) => {
    if (!refuseControlCharacters(request, reply)) done()
  })
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * A route hook: a request whose body is not of one of `accepted` media types answers 415 before
 * its body is read. A request with no body at all (no Content-Type, no length) is left to the
 * schema (a required body is then a 400).
 */
export function requireMediaType(accepted: readonly string[]) {
  const allowed = new Set(accepted.map((type) => type.toLowerCase()))
  // Callback style, not async (see inputGuards): one promise less on every call with a body.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const header = request.headers['content-type']
    const hasBody = header !== undefined || Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
    if (!hasBody || allowed.has(mediaType(header))) return done()
    request.log.info({ event: 'input.mediaType' }, 'unsupported media type refused')
    reply.code(415).send({ message: api.unsupportedMediaType })
  }
}

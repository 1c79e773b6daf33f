/**
 * Error answers in the contract's shapes, with French messages from the catalogue. A request that
 * does not follow the contract gets 400 `{code:'400', message, errors:[{field, message}]}` before
 * any handler runs, so nothing is changed. Errors are logged without request data: Node's JSON
 * parse messages quote the body, which may hold a PIN.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '../../kernel/messages.ts'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './unavailable.ts'

interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

export interface FieldError {
  field: string
  message: string
}

const MESSAGE_BY_KEYWORD: Record<string, string> = {
  required: api.fieldErrors.required,
  additionalProperties: api.fieldErrors.unexpected,
  type: api.fieldErrors.type,
  minLength: api.fieldErrors.tooShort,
  minItems: api.fieldErrors.tooShort,
  maxLength: api.fieldErrors.tooLong,
  maxItems: api.fieldErrors.tooLong,
  pattern: api.fieldErrors.format,
  format: api.fieldErrors.format,
  enum: api.fieldErrors.value,
  const: api.fieldErrors.value,
  minimum: api.fieldErrors.range,
  maximum: api.fieldErrors.range,
  exclusiveMinimum: api.fieldErrors.range,
  exclusiveMaximum: api.fieldErrors.range,
}

/** One entry per field (the first fault found), named like the contract: `password`, `page`. */
function fieldErrors(errors: readonly SchemaError[], context: string): FieldError[] {
  const byField = new Map<string, string>()
  for (const error of errors) {
    const segments = error.instancePath.split('/').filter(Boolean)
    const extra = error.params.missingProperty ?? error.params.additionalProperty
    if (typeof extra === 'string') segments.push(extra)
    const field = segments.length ? segments.join('.') : context
    if (!byField.has(field)) byField.set(field, MESSAGE_BY_KEYWORD[error.keyword] ?? api.fieldErrors.format)
  }
  return [...byField].map(([field, message]) => ({ field, message }))
}

function badRequest(reply: FastifyReply, errors: FieldError[]): FastifyReply {
  return reply.code(400).send({ code: '400', message: api.badRequest, errors })
}

export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return badRequest(reply, fieldErrors(error.validation as SchemaError[], error.validationContext ?? 'body'))
    }
    const status = error.statusCode ?? 500
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return badRequest(reply, [{ field: 'body', message: api.fieldErrors.invalidJson }])
    }
    if (status === 415) return reply.code(415).send({ message: api.unsupportedMediaType })
    if (status === 413) return reply.code(413).send({ message: api.payloadTooLarge })
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, statusCode: status }, 'client error')
      return reply.code(status).send({ message: api.badRequest })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'database unavailable')
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: api.unavailable })
    }
    request.log.error({ err: { type: error.name, code: error.code, message: error.message, stack: error.stack } }, 'request failed')
    return reply.code(500).send({ message: api.serverError })
  })
}

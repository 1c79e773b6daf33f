/**
 * The contract as routes (REQ-API-01, REQ-API-02). `openapi/portal.yaml` is read at start-up and each operation becomes a
 * Fastify route whose body, path and query schemas are the document's own (its component schemas
 * are registered once as a shared schema and referenced, not copied). Handlers are keyed by
 * operationId and typed by the generated `operations`, so a handler cannot answer a body or a
 * status the contract does not have. An operation without a handler answers 501.
 *
 * Why not fastify-openapi-glue: it checks the bearer token in a preHandler, i.e. after body
 * validation, so an anonymous caller would learn the schema from 400s before being refused; and
 * it compiles the response schemas into serializers that silently drop fields. Here the token is
 * checked in onRequest, before the body is even parsed (the transfer's ask and confirm check a
 * well-shaped token in their own statement and hold any other answer until the session is checked:
 * http/auth.ts, SESSION_IN_STATEMENT). See docs/server.md.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler, onSendHookHandler, preHandlerHookHandler } from 'fastify'
import { parse } from 'yaml'
import type { operations } from '../../openapi/schema.d.ts'
import { api } from '../../kernel/messages.ts'
import type { Session } from '../domain/sessions.ts'
import { requireMediaType } from './input-guards.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operationId of the route (hooks read it from request.routeOptions.config). */
    operationId?: OperationId
  }
}

export const CONTRACT_URL = new URL('../../openapi/portal.yaml', import.meta.url)
/** $id of the shared schema holding the document's components.schemas as `definitions`. */
const SHARED_ID = 'portal'

export type OperationId = keyof operations
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

// ---- Types of a handler, from the generated contract types --------------------------------------

type Op<Id extends OperationId> = operations[Id]
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never
/** One of the answers the contract lists for the operation: a status and its JSON body. */
export type ContractReply<Id extends OperationId> = {
  [S in keyof Op<Id>['responses']]: { status: S; body: JsonOf<Op<Id>['responses'][S]> }
}[keyof Op<Id>['responses']]
type BodyOf<Id extends OperationId> = Op<Id> extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined
type PathOf<Id extends OperationId> = Op<Id>['parameters'] extends { path: infer P } ? P : undefined
type QueryOf<Id extends OperationId> = Op<Id>['parameters'] extends { query: infer Q } ? Q : undefined

export interface Call<Id extends OperationId> {
  /** Already validated against the contract. */
  body: BodyOf<Id>
  params: PathOf<Id>
  query: QueryOf<Id>
  /** The signed-in customer on a bearerAuth operation (checked before the handler runs). */
  session: Session | null
  request: FastifyRequest
  reply: FastifyReply
}

/** A handler answers one of the contract's answers, or the reply it sent itself (files, later). */
export type Handler<Id extends OperationId> = (call: Call<Id>) => Promise<ContractReply<Id> | FastifyReply>
export type Handlers = { [Id in OperationId]?: Handler<Id> }

// ---- Reading the document -----------------------------------------------------------------------

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: Record<string, unknown>
}
interface OperationObject {
  operationId: OperationId
  summary?: string
  tags?: string[]
  security?: Record<string, unknown>[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> }
}
interface Document {
  security?: Record<string, unknown>[]
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas: Record<string, unknown> }
}

export interface ContractOperation {
  operationId: OperationId
  method: Method
  /** As written in the document: /download/pdf/{id}. */
  path: string
  /** As Fastify routes it: /download/pdf/:id. */
  url: string
  /** The document's one-line summary ('' when it has none): the demo fault panel shows it. */
  summary: string
  tags: string[]
  /** Needs `Authorization: Bearer <token>` (security bearerAuth). */
  secured: boolean
  schema: FastifySchema
  /** Query parameters typed number/integer/boolean: a query string only carries text. */
  typedQuery: Record<string, 'number' | 'integer' | 'boolean'>
  /** The media types of the request body (`application/json`, `multipart/form-data`); none: no body. */
  mediaTypes: string[]
}

export interface Contract {
  sharedSchema: { $id: string; definitions: Record<string, unknown> }
  operations: ContractOperation[]
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch'])

/** `#/components/schemas/X` → `portal#/definitions/X`, everywhere in a schema. */
function relink<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\/([A-Za-z0-9_]+)"/g, `"${SHARED_ID}#/definitions/$1"`)) as T
}

function parametersSchema(params: Parameter[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, relink(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  }
}

export function loadContract(text: string = readFileSync(CONTRACT_URL, 'utf8')): Contract {
  const doc = parse(text) as Document
  const operations: ContractOperation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const params = op.parameters ?? []
      const schema: FastifySchema = {}
      const pathParams = params.filter((p) => p.in === 'path')
      const queryParams = params.filter((p) => p.in === 'query')
      if (pathParams.length) schema.params = parametersSchema(pathParams)
      if (queryParams.length) schema.querystring = parametersSchema(queryParams)
      // Only JSON bodies are validated by schema; a multipart body (the photo) is checked on its
      // bytes by its handler (rulings §1).
      const json = op.requestBody?.content['application/json']?.schema
      if (json) schema.body = relink(json)
      const typedQuery: ContractOperation['typedQuery'] = {}
      for (const p of queryParams) {
        const type = p.schema.type
        if (type === 'number' || type === 'integer' || type === 'boolean') typedQuery[p.name] = type
      }
      const security = op.security ?? doc.security ?? []
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as Method,
        path,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        summary: op.summary ?? '',
        tags: op.tags ?? [],
        secured: security.some((requirement) => 'bearerAuth' in requirement),
        schema,
        typedQuery,
        mediaTypes: Object.keys(op.requestBody?.content ?? {}),
      })
    }
  }
  return { sharedSchema: { $id: SHARED_ID, definitions: relink(doc.components.schemas) }, operations }
}

// ---- Registering the routes ---------------------------------------------------------------------

type AnyHandler = (call: Call<OperationId>) => Promise<{ status: number; body: unknown } | FastifyReply>

export interface RegisterOptions {
  handlers: Handlers
  /** Operations tagged `demo` exist only in demo mode (rulings §5). */
  demoMode: boolean
  /** The bearerAuth check of an operation (made once per secured route): its hooks. */
  authenticate: (operationId: OperationId) => { onRequest: onRequestHookHandler; onSend?: onSendHookHandler }
  /** Per-operation guards run after the bearer check and the body's validation (rate limits). */
  guards?: Partial<Record<OperationId, preHandlerHookHandler>>
}

/** Registers every operation of the contract; answers the operationIds left at 501. */
export function registerContract(app: FastifyInstance, contract: Contract, options: RegisterOptions): OperationId[] {
  app.addSchema(contract.sharedSchema)
  const notImplemented: OperationId[] = []
  for (const op of contract.operations) {
    if (op.tags.includes('demo') && !options.demoMode) continue
    const handler = options.handlers[op.operationId] as AnyHandler | undefined
    if (!handler) notImplemented.push(op.operationId)
    const bearer = op.secured ? options.authenticate(op.operationId) : undefined
    app.route({
      method: op.method,
      url: op.url,
      schema: op.schema,
      config: { operationId: op.operationId },
      // The token is checked first, before the body is read or validated; then the media type.
      onRequest: [...(bearer ? [bearer.onRequest] : []), ...(op.mediaTypes.length ? [requireMediaType(op.mediaTypes)] : [])],
      // An operation whose statement checks the session: no other answer leaves before the session was checked.
      ...(bearer?.onSend ? { onSend: bearer.onSend } : {}),
      preHandler: options.guards?.[op.operationId],
      preValidation: Object.keys(op.typedQuery).length ? coerceQuery(op.typedQuery) : undefined,
      handler: handler ? adapt(handler) : async (_request, reply) => reply.code(501).send({ message: api.notImplemented }),
    })
  }
  return notImplemented
}

function adapt(handler: AnyHandler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await handler({
      body: request.body as never,
      params: request.params as never,
      query: request.query as never,
      session: request.session,
      request,
      reply,
    })
    // A handler that sent a file answers its reply; a FastifyReply is thenable, so awaiting the
    // handler's promise resolved it into `undefined` once sent: `reply.sent` is what tells.
    if (reply.sent || (answer as unknown) === reply || answer === undefined) return reply
    const { status, body } = answer as { status: number; body: unknown }
    return reply.code(status).send(body)
  }
}

/**
 * Turns "2" into 2 for the query parameters the contract types as numbers, before validation.
 * Done here rather than by Ajv's coerceTypes, which would also turn a JSON body's 12345 into
 * "12345": a body must have the contract's types exactly.
 */
function coerceQuery(types: ContractOperation['typedQuery']) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>
    for (const [name, type] of Object.entries(types)) {
      const value = query[name]
      if (typeof value !== 'string') continue
      if (type === 'boolean' && (value === 'true' || value === 'false')) query[name] = value === 'true'
      else if (type !== 'boolean' && /^-?[0-9]+(\.[0-9]+)?$/.test(value)) query[name] = Number(value)
    }
  }
}

/**
 * The application's part of the traces (server/tracing.ts starts the SDK), added only when traces
 * are on, so that a server without them has no extra step per call:
 * - each request's logger carries `trace_id` and `span_id` of the call's server span, so every log
 *   line of the call (the request lines, the security events, the errors) leads to its trace;
 * - the server span is named by Fastify's route template (`POST /auth/login`,
 *   `GET /api/rest/customer/v1/notification/show/:id`: never an id) and carries it as `http.route`.
 */
import { context, trace } from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import type { FastifyInstance } from 'fastify'

export function traceRequests(app: FastifyInstance): void {
  app.setChildLoggerFactory((logger, bindings, options) => {
    const span = trace.getSpan(context.active())?.spanContext()
    return logger.child(span ? { ...bindings, trace_id: span.traceId, span_id: span.spanId } : bindings, options)
  })
  app.addHook('onRequest', (request, _reply, done) => {
    const metadata = getRPCMetadata(context.active())
    const route = request.routeOptions.url
    if (metadata?.type === RPCType.HTTP && route) metadata.route = route
    done()
  })
}

/**
 * The request log: one line a call, when its answer has gone (a web server's access log), instead
 * of Fastify's two (one when the call comes in, one when it ends). The line carries what both did:
 * the call (method, path, address, as app.ts's serializer writes it), its status and its time, and
 * the call's `reqId` (and `trace_id` when traced). Half the lines at the product's default level:
 * at `info` each line is a write to the journal's pipe, and a complete transfer wrote nine of them
 * (issue 23; docs/decisions.md, "One log line a call").
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

export class AccessLog extends LogController {
  /** Nothing when a call comes in: its line is written when it ends. */
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}

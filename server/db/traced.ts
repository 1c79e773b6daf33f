/**
 * Database spans for the traces (server/tracing.ts), one wrapper for both drivers: each statement
 * is a client span named by its operation (`SELECT`, `INSERT`, …), child of the call's span, with
 * the attributes of OpenTelemetry's database conventions (`db.system.name`, `db.operation.name`,
 * `db.query.text` — the SQL with its `$n` placeholders, never the values: a parameter may be a PIN
 * hash or a code), and each transaction a span holding its statements.
 *
 * Why not @opentelemetry/instrumentation-pg: it patches `pg` through `require`, which this ESM
 * server's `import pg from 'pg'` never goes through (it would need import-in-the-middle's loader on
 * every module), and it cannot see PGlite, which is not `pg`. This wrapper gives both drivers the
 * same spans and is tested on both. Applied only when traces are on (main.ts).
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api'
import type { Db, Queryable } from './types.ts'

const tracer = trace.getTracer('portail-banque/db')

export function tracedDb(db: Db, server?: { address: string; port: number }): Db {
  const base: Attributes = { 'db.system.name': 'postgresql', ...(server ? { 'server.address': server.address, 'server.port': server.port } : {}) }
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => inSpan(operationOf(sql), { ...base, 'db.operation.name': operationOf(sql), 'db.query.text': sql }, () => target.query(sql, params)),
    exec: (sql) => inSpan(operationOf(sql), { ...base, 'db.operation.name': operationOf(sql), 'db.query.text': sql }, () => target.exec(sql)),
  })
  return {
    ...db,
    ...wrap(db),
    poolState: db.poolState?.bind(db),
    transaction: (fn) => inSpan('transaction', base, () => db.transaction((tx) => fn(wrap(tx)))),
    close: () => db.close(),
  }
}

function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span: Span) => {
    try {
      return await work()
    } catch (error) {
      span.recordException(error as Error)
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message })
      const code = (error as { code?: unknown }).code
      if (typeof code === 'string') span.setAttribute('db.response.status_code', code)
      throw error
    } finally {
      span.end()
    }
  })
}

/** The statement's first keyword, upper-case (`SELECT`, `WITH`, `CALL`, …). */
function operationOf(sql: string): string {
  const match = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)
  return match ? match[1]!.toUpperCase() : 'SQL'
}

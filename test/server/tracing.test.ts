/**
 * OpenTelemetry traces, for real: a server process (server/main.ts, as `npm start` runs it) with
 * OTEL_EXPORTER_OTLP_ENDPOINT naming a tiny OTLP/HTTP receiver of this test (JSON encoding). A call
 * sent with a W3C `traceparent` gives a server span of that trace, child of the caller's span and
 * named by its route, database spans of the same trace under it, and log lines carrying the
 * trace id. Without the endpoint, no trace id is logged (the other server tests run that way).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { startServerProcess, type ServerProcess } from './processes.ts'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[]
}
const SERVER = 2
const CLIENT = 3

const spans: OtlpSpan[] = []
const serviceNames = new Set<string>()
let receiver: Server
let server: ServerProcess
const folder = mkdtempSync(join(tmpdir(), 'portal-traces-'))

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        const payload = JSON.parse(body) as {
          resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[]
        }
        for (const resource of payload.resourceSpans) {
          const name = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue
          if (name) serviceNames.add(name)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans)
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  server = await startServerProcess(
    {
      DEMO_MODE: 'true',
      DATA_DIR: join(folder, 'data'),
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'portail-test',
    },
    { args: ['--demo'] },
  )
}, 180_000)
afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => receiver?.close(resolve))
  rmSync(folder, { recursive: true, force: true })
})

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue))
}

describe('traces', () => {
  it('a call with a traceparent gives a server span and database spans of that trace, and its log lines carry the trace id', async () => {
    const traceId = randomBytes(16).toString('hex')
    const parentId = randomBytes(8).toString('hex')
    const res = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'trace-test-1' },
      body: JSON.stringify({ username: mainCustomer.kcode, password: mainCustomer.pin }),
    })
    expect(res.status).toBe(200)
    // A health check is not traced.
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)
    // The close sends the spans not sent yet.
    expect(await server.stop()).toBe(0)

    const ofTrace = spans.filter((span) => span.traceId === traceId)
    const root = ofTrace.find((span) => span.kind === SERVER)
    expect(root, JSON.stringify(spans.map((s) => s.name))).toBeDefined()
    expect(root!.parentSpanId).toBe(parentId)
    expect(root!.name).toBe('POST /auth/login')
    expect(attribute(root!, 'http.route')).toBe('/auth/login')
    expect(attribute(root!, 'http.response.status_code')).toBe(200)
    const queries = ofTrace.filter((span) => span.kind === CLIENT && attribute(span, 'db.system.name') === 'postgresql')
    expect(queries.length).toBeGreaterThan(0)
    expect(queries.some((span) => /^(SELECT|INSERT|UPDATE|WITH)$/.test(span.name) && typeof attribute(span, 'db.query.text') === 'string')).toBe(true)
    // Every database span hangs under the call's span (directly or through its transaction).
    const ids = new Set(ofTrace.map((span) => span.spanId))
    for (const span of queries) expect(ids.has(span.parentSpanId!)).toBe(true)
    expect(spans.some((span) => attribute(span, 'url.path') === '/livez')).toBe(false)
    expect(serviceNames).toEqual(new Set(['portail-test']))

    // Each log line of the call carries the trace id (its request line and the security event).
    const lines = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"reqId":"trace-test-1"'))
      .map((line) => JSON.parse(line) as { trace_id?: string; span_id?: string; msg: string })
    expect(lines.map((line) => line.msg)).toContain('request completed')
    expect(lines.map((line) => line.msg)).not.toContain('incoming request')
    for (const line of lines) {
      expect(line.trace_id).toBe(traceId)
      expect(line.span_id).toBe(root!.spanId)
    }
  })
})

/**
 * OpenTelemetry traces (docs/operations.md, "Traces"), configured by the standard OTEL_* variables:
 * on when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT names a collector
 * (OTLP over HTTP, JSON encoding), off otherwise — then none of the SDK is even loaded, and the
 * server runs exactly as without it. OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn it
 * off whatever the endpoint.
 *
 * What is traced: each HTTP call the server answers (@opentelemetry/instrumentation-http, which
 * honours an incoming W3C `traceparent` and `tracestate`), named by Fastify's route template, and
 * each database statement and transaction (server/db/traced.ts, for both drivers). Each log line
 * of a traced call carries `trace_id` and `span_id` (server/http/tracing.ts).
 *
 * Started by main.ts before the application's modules load, so that the HTTP instrumentation sees
 * Fastify's `node:http`. The collector's address, headers (OTEL_EXPORTER_OTLP_HEADERS), timeout and
 * certificates are read by the exporter itself; the service's name and attributes by the
 * resource's detectors (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES); the sampler here
 * (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG; default: parentbased_always_on).
 */
import type { Sampler } from '@opentelemetry/sdk-trace'

type Env = Record<string, string | undefined>

export interface Tracing {
  /** Sends the spans not sent yet and stops (at the server's close). */
  shutdown(): Promise<void>
}

export class TracingError extends Error {}

const SERVICE_NAME = 'portail-banque'
/** Health checks and scrapes every few seconds would be most of the traces and say nothing. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/metrics'])

/** Whether the environment asks for traces (checked without loading anything). */
export function tracingWanted(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim())
}

/** Starts the SDK when the environment asks for traces; undefined when it does not. */
export async function startTracing(env: Env = process.env): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim()
  if (protocol && protocol !== 'http/json') {
    throw new TracingError(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: this server exports traces as OTLP http/json only (every collector's HTTP port, 4318, accepts it)`,
    )
  }
  const [api, { AsyncLocalStorageContextManager }, core, resources, sdk, { OTLPTraceExporter }, { registerInstrumentations }, { HttpInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
    ])
  const sampler = samplerOf(env, sdk)
  const resource = resources
    .resourceFromAttributes({ 'service.name': SERVICE_NAME })
    .merge(resources.detectResources({ detectors: [resources.envDetector, resources.processDetector, resources.hostDetector] }))
  const provider = new sdk.TracerProvider({
    resource,
    sampler,
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  })
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  api.propagation.setGlobalPropagator(new core.CompositePropagator({ propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()] }))
  api.trace.setGlobalTracerProvider(provider)
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
        // The proxy's request id, which the logs carry as reqId (http/request-id.ts).
        headersToSpanAttributes: { server: { requestHeaders: ['x-request-id'] } },
      }),
    ],
  })
  return { shutdown: () => provider.shutdown() }
}

/** OTEL_TRACES_SAMPLER as the specification names them; a ratio from OTEL_TRACES_SAMPLER_ARG. */
function samplerOf(env: Env, sdk: typeof import('@opentelemetry/sdk-trace')): Sampler {
  const name = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on'
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim()
  const ratio = () => {
    const n = Number(arg ?? '1')
    if (!(n >= 0 && n <= 1)) throw new TracingError('OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1')
    return new sdk.TraceIdRatioBasedSampler(n)
  }
  switch (name) {
    case 'always_on':
      return new sdk.AlwaysOnSampler()
    case 'always_off':
      return new sdk.AlwaysOffSampler()
    case 'traceidratio':
      return ratio()
    case 'parentbased_always_on':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() })
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({ root: ratio() })
    default:
      throw new TracingError(
        `OTEL_TRACES_SAMPLER=${name} is not one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio`,
      )
  }
}

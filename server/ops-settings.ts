/**
 * Settings of what stands in front of the application (server/http/protection.ts) and of the
 * operations listener (server/http/ops.ts). Kept apart so that they move as one block; loadConfig
 * (config.ts) merges them into Config. Traces are configured by the standard OTEL_* variables,
 * read by server/tracing.ts, not here.
 */
type Env = Record<string, string | undefined>

export interface OpsSettings {
  /**
   * OPS_PORT: /metrics, /livez and /readyz (and the embedded database's online backup) on a
   * listener of their own on this port (same HOST); the public port then answers 404 for them.
   * Unset: they are served on the public port, as before.
   */
  opsPort: number | undefined
  /**
   * RATE_LIMIT_PER_MINUTE: requests per client address (IPv6 grouped by /64) and minute, counted
   * in memory before any route's work; beyond, 429. Loopback callers are not counted.
   */
  rateLimitPerMinute: number
  /** SHED_EVENT_LOOP_DELAY_MS: mean event-loop delay over a second above which calls get 503 (0: off). */
  shedEventLoopDelayMs: number
  /** SHED_HEAP_USED_MB: heap in use above which calls get 503 (0: off); default 90 % of V8's heap limit. */
  shedHeapUsedBytes: number | undefined
}

export class OpsSettingsError extends Error {}

export function loadOpsSettings(env: Env): OpsSettings {
  const opsPort = env.OPS_PORT?.trim() ? whole(env, 'OPS_PORT', 0, 0, 65_535) : undefined
  const port = env.PORT?.trim()
  if (opsPort !== undefined && opsPort !== 0 && port !== undefined && Number(port) === opsPort) {
    throw new OpsSettingsError('OPS_PORT must differ from PORT (the operations listener is a second listener)')
  }
  const heap = env.SHED_HEAP_USED_MB?.trim()
  return {
    opsPort,
    rateLimitPerMinute: whole(env, 'RATE_LIMIT_PER_MINUTE', 300, 1, 1_000_000),
    shedEventLoopDelayMs: whole(env, 'SHED_EVENT_LOOP_DELAY_MS', 1_000, 0, 60_000),
    shedHeapUsedBytes: heap ? whole(env, 'SHED_HEAP_USED_MB', 0, 0, 1_048_576) * 1024 * 1024 : undefined,
  }
}

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = env[name]?.trim() || String(fallback)
  const n = Number(value)
  if (!/^[0-9]+$/.test(value) || n < min || n > max) throw new OpsSettingsError(`${name} must be a whole number between ${min} and ${max}`)
  return n
}

/**
 * Settings of what stands in front of the application (server/http/protection.ts) and of the
 * operations listener (server/http/ops.ts). Read and checked by the schema of settings.ts; kept
 * apart so that they move as one block; loadConfig (config.ts) merges them into Config. Traces are configured by the standard OTEL_* variables,
 * read by server/tracing.ts, not here.
 */
import type { Settings } from './settings.ts'

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

/** The operations' part of the checked settings (settings.ts). */
export function opsSettings(s: Settings): OpsSettings {
  if (s.OPS_PORT !== undefined && s.OPS_PORT !== 0 && s.OPS_PORT === s.PORT) {
    throw new OpsSettingsError('OPS_PORT must differ from PORT (the operations listener is a second listener)')
  }
  return {
    opsPort: s.OPS_PORT,
    rateLimitPerMinute: s.RATE_LIMIT_PER_MINUTE,
    shedEventLoopDelayMs: s.SHED_EVENT_LOOP_DELAY_MS,
    shedHeapUsedBytes: s.SHED_HEAP_USED_MB === undefined ? undefined : s.SHED_HEAP_USED_MB * 1024 * 1024,
  }
}

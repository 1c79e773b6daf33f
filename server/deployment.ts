/**
 * The settings of a deployment: which mode the server runs in (rulings §7), the PostgreSQL pool,
 * migrations, delivery of the outbox (SMTP, SMS gateway) and what operations need (proxy, TLS).
 * Kept apart from config.ts, whose settings are the bank's business rules; loadConfig merges both.
 *
 * Fail-safe modes: production is the default. Demo mode is asked for (DEMO_MODE=true, or
 * `--demo`, which `npm start` passes); it then refuses anything that would expose the demo tools
 * or the demo data beyond this machine unless DEMO_ALLOW_EXPOSED=true says so on purpose.
 * Production refuses to start without the settings a bank must give, and names every one missing.
 */
import { isIP } from 'node:net'

type Env = Record<string, string | undefined>

export interface DeploymentConfig {
  /** DEMO_ALLOW_EXPOSED: lets demo mode listen on a non-loopback address or use DATABASE_URL. */
  demoAllowExposed: boolean
  /** Apply pending migrations at start (MIGRATE_ON_START); when false, a pending one stops the start. */
  migrateOnStart: boolean
  /** PostgreSQL pool (DATABASE_URL only). */
  pgPoolMax: number
  pgStatementTimeoutMs: number
  pgIdleTimeoutMs: number
  pgConnectTimeoutMs: number
  /** Outbox delivery: e-mail over SMTP, SMS through a JSON HTTP gateway. Unset: nothing is sent. */
  smtpUrl: string | undefined
  mailFrom: string | undefined
  smsGatewayUrl: string | undefined
  smsGatewayToken: string | undefined
  /** How often a sender looks for messages to send, and after how many failures it gives up. */
  outboxPollMs: number
  outboxMaxAttempts: number
  /** The first retry's wait; it doubles at each failure (at most 15 minutes). */
  outboxRetryBaseMs: number
  /** Fastify's trustProxy: false, true, a hop count or a list of addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string
  /** SERVED_OVER_TLS: the bank serves the portal over HTTPS (a proxy ends TLS); HSTS is then sent. */
  servedOverTls: boolean
  /**
   * METRICS_TOKEN: the bearer token a Prometheus scrape of /metrics must send. Unset: /metrics
   * answers 404 in production and is open in demo mode (loopback only, like the other demo tools).
   */
  metricsToken: string | undefined
}

/** The settings a bank must give in production, and what each is for (the message names them). */
export const PRODUCTION_REQUIRED = {
  CODE_SECRET: 'key (at least 32 characters) of the HMAC under which validation codes are stored',
  BANK_NAME: "the bank's name, shown in the blocked-access message",
  'DATABASE_URL or DATA_DIR': 'the PostgreSQL server (postgres://…), or the folder of the embedded database (one process only)',
  SMTP_URL: 'the SMTP server that sends the e-mails (smtp://user:password@host:587 or smtps://…)',
  MAIL_FROM: 'the sender address of the e-mails',
  SMS_GATEWAY_URL: 'the HTTP gateway that sends the SMS (a JSON POST {to, text})',
} as const

export class DeploymentError extends Error {}

export function loadDeploymentConfig(env: Env): DeploymentConfig {
  const smtpUrl = text(env, 'SMTP_URL')
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new DeploymentError('SMTP_URL must start with smtp:// or smtps://')
  const smsGatewayUrl = text(env, 'SMS_GATEWAY_URL')
  if (smsGatewayUrl && !/^https?:\/\//.test(smsGatewayUrl)) throw new DeploymentError('SMS_GATEWAY_URL must start with http:// or https://')
  return {
    demoAllowExposed: flag(env, 'DEMO_ALLOW_EXPOSED', false),
    migrateOnStart: flag(env, 'MIGRATE_ON_START', true),
    pgPoolMax: whole(env, 'PG_POOL_MAX', 10, 1, 1000),
    pgStatementTimeoutMs: whole(env, 'PG_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000),
    pgIdleTimeoutMs: whole(env, 'PG_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    pgConnectTimeoutMs: whole(env, 'PG_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000),
    smtpUrl,
    mailFrom: text(env, 'MAIL_FROM'),
    smsGatewayUrl,
    smsGatewayToken: text(env, 'SMS_GATEWAY_TOKEN'),
    outboxPollMs: whole(env, 'OUTBOX_POLL_MS', 1_000, 10, 600_000),
    outboxMaxAttempts: whole(env, 'OUTBOX_MAX_ATTEMPTS', 8, 1, 100),
    outboxRetryBaseMs: whole(env, 'OUTBOX_RETRY_BASE_MS', 5_000, 10, 3_600_000),
    trustProxy: trustProxy(env),
    servedOverTls: flag(env, 'SERVED_OVER_TLS', false),
    metricsToken: metricsToken(env),
  }
}

/** What the mode needs of the other settings; throws with every problem named at once. */
export function checkMode(config: { demoMode: boolean; host: string; databaseUrl: string | undefined; demoAllowExposed: boolean }, env: Env): void {
  if (config.demoMode) {
    if (config.demoAllowExposed) return
    const problems: string[] = []
    if (!isLoopback(config.host)) {
      problems.push(`HOST=${config.host} is not a loopback address: demo mode would show every customer's codes (/__dev/outbox) to the network`)
    }
    if (config.databaseUrl) {
      problems.push('DATABASE_URL is set: demo mode would load the demo customers into that database and open the demo tools on it')
    }
    if (problems.length) {
      throw new DeploymentError(
        `Demo mode refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
          'Set DEMO_ALLOW_EXPOSED=true only if this is really what you want (a shared test bank), or unset DEMO_MODE for production.',
      )
    }
    return
  }
  const missing = Object.entries(PRODUCTION_REQUIRED).filter(([name]) =>
    name === 'DATABASE_URL or DATA_DIR' ? !text(env, 'DATABASE_URL') && !text(env, 'DATA_DIR') : !text(env, name),
  )
  if (missing.length) {
    throw new DeploymentError(
      'Production mode (the default) needs these settings, which have no default:\n' +
        missing.map(([name, meaning]) => `  - ${name}: ${meaning}`).join('\n') +
        '\nFor the demo bank on this machine, run `npm start` (or set DEMO_MODE=true). See docs/operations.md.',
    )
  }
}

/** 127.0.0.0/8, ::1 and the name localhost: addresses no other machine can reach. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}

function text(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = (text(env, name) ?? String(fallback)).toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  if (['0', 'false', 'no', 'off'].includes(value)) return false
  throw new DeploymentError(`${name} must be true or false`)
}

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name) ?? String(fallback)
  const n = Number(value)
  if (!/^[0-9]+$/.test(value) || n < min || n > max) throw new DeploymentError(`${name} must be a whole number between ${min} and ${max}`)
  return n
}

/** A bearer token long enough not to be guessed by trying (the scrape is not rate-limited). */
function metricsToken(env: Env): string | undefined {
  const value = text(env, 'METRICS_TOKEN')
  if (value !== undefined && (value.length < 24 || !/^[\x21-\x7e]+$/.test(value))) {
    throw new DeploymentError('METRICS_TOKEN must be at least 24 printable characters without spaces (or unset: /metrics off in production)')
  }
  return value
}

/** false (default: behind no proxy), true, a number of proxies, or a list of trusted addresses. */
function trustProxy(env: Env): boolean | number | string {
  const value = text(env, 'TRUST_PROXY')
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true
  if (/^[0-9]+$/.test(value)) return Number(value)
  if (value.split(',').every((part) => isIP(part.trim().split('/')[0] ?? '') !== 0)) return value
  throw new DeploymentError('TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of addresses (CIDR allowed)')
}

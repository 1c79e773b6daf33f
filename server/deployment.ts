/**
 * The settings of a deployment: which mode the server runs in (rulings §7; REQ-MODE-01,
 * REQ-MODE-02), the PostgreSQL pool, migrations, delivery of the outbox (SMTP, SMS gateway) and
 * what operations need (proxy, TLS).
 * Read and checked by the schema of settings.ts; loadConfig (config.ts) merges them with the
 * bank's business rules and then checks the mode here.
 *
 * Fail-safe modes: production is the default. Demo mode is asked for (DEMO_MODE=true, or
 * `--demo`, which `npm start` passes); it then refuses anything that would expose the demo tools
 * or the demo data beyond this machine unless DEMO_ALLOW_EXPOSED=true says so on purpose.
 * Production refuses to start without the settings a bank must give, and names every one missing.
 */
import { isIP } from 'node:net'
import { PRODUCTION_PIN_HASH_COST } from './domain/pins.ts'
import type { Settings } from './settings.ts'

type Env = Record<string, string | undefined>

export interface DeploymentConfig {
  /** DEMO_ALLOW_EXPOSED: lets demo mode listen on a non-loopback address or use DATABASE_URL. */
  demoAllowExposed: boolean
  /**
   * Apply pending migrations at start (MIGRATE_ON_START: by default in demo mode only); when
   * false, a pending one stops the start and the bank runs the migration job first.
   */
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

/** The deployment's part of the checked settings. */
export function deploymentConfig(s: Settings): DeploymentConfig {
  return {
    demoAllowExposed: s.DEMO_ALLOW_EXPOSED,
    migrateOnStart: s.MIGRATE_ON_START ?? s.DEMO_MODE,
    pgPoolMax: s.PG_POOL_MAX,
    pgStatementTimeoutMs: s.PG_STATEMENT_TIMEOUT_MS,
    pgIdleTimeoutMs: s.PG_IDLE_TIMEOUT_MS,
    pgConnectTimeoutMs: s.PG_CONNECT_TIMEOUT_MS,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    smsGatewayUrl: s.SMS_GATEWAY_URL,
    smsGatewayToken: s.SMS_GATEWAY_TOKEN,
    outboxPollMs: s.OUTBOX_POLL_MS,
    outboxMaxAttempts: s.OUTBOX_MAX_ATTEMPTS,
    outboxRetryBaseMs: s.OUTBOX_RETRY_BASE_MS,
    trustProxy: s.TRUST_PROXY,
    servedOverTls: s.SERVED_OVER_TLS,
    metricsToken: s.METRICS_TOKEN,
  }
}

/**
 * What the mode needs of the other settings; throws with every problem named at once. `env` is
 * the environment with the secrets given as files already read (settings.ts withSecretFiles).
 */
export function checkMode(
  config: { demoMode: boolean; host: string; databaseUrl: string | undefined; demoAllowExposed: boolean; pinHashCost: number },
  env: Env,
): void {
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
  const given = (name: string) => Boolean(env[name]?.trim())
  const missing = Object.entries(PRODUCTION_REQUIRED).filter(([name]) =>
    name === 'DATABASE_URL or DATA_DIR' ? !given('DATABASE_URL') && !given('DATA_DIR') : !given(name),
  )
  if (missing.length) {
    throw new DeploymentError(
      'Production mode (the default) needs these settings, which have no default:\n' +
        missing.map(([name, meaning]) => `  - ${name}: ${meaning}`).join('\n') +
        '\nFor the demo bank on this machine, run `npm start` (or set DEMO_MODE=true). See docs/operations.md.',
    )
  }
  if (config.pinHashCost < PRODUCTION_PIN_HASH_COST) {
    throw new DeploymentError(
      `PIN_HASH_COST=${config.pinHashCost} is below ${PRODUCTION_PIN_HASH_COST}: cheaper PIN hashes are for the tests' demo servers; production refuses them.`,
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

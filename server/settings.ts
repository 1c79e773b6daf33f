/**
 * Every setting of the server, as one zod schema over the environment: its name, how a value is
 * read and checked, its default, and what it is for. config.ts turns the parsed values into the
 * Config the server uses; scripts/docs-settings.ts writes the README's settings table from the
 * same schema, so the table cannot drift from what the server reads.
 *
 * A value is trimmed; an empty one counts as unset. A secret may instead be given as the path of
 * a file holding it (`CODE_SECRET_FILE=/run/credentials/portal.service/code_secret`): the file's
 * content, without its final newline, is the value. Setting both is refused.
 */
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { z } from 'zod'
import { DEFAULT_BANK_NAME } from '../kernel/messages.ts'
import { PRODUCTION_PIN_HASH_COST } from './domain/pins.ts'

/** What the settings table says of a setting (scripts/docs-settings.ts). */
export interface SettingDoc {
  /** Markdown, one line. */
  meaning: string
  /** The default as the table shows it, when it is not the value given to `setting()`. */
  shownDefault?: string
  /** May be given as a file (`NAME_FILE`). */
  secret?: boolean
}

export const settingDocs = z.registry<SettingDoc & { default?: string }>()

type Env = Record<string, string | undefined>

const unsetWhenBlank = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value)

/** One setting: its check, its default (read and checked like a given value) and its documentation. */
function setting<T>(read: z.ZodType<T, string>, doc: SettingDoc & { default: string }): z.ZodType<T, string | undefined>
function setting<T>(read: z.ZodType<T, string>, doc: SettingDoc): z.ZodType<T | undefined, string | undefined>
function setting<T>(read: z.ZodType<T, string>, doc: SettingDoc & { default?: string }): z.ZodType {
  const field = z.preprocess(unsetWhenBlank, doc.default === undefined ? read.optional() : read.prefault(doc.default))
  settingDocs.add(field, doc)
  return field
}

/** A value read by `parse`, or refused with `message` (which follows the setting's name). */
function checked<T>(parse: (value: string) => T | undefined, message: string | ((value: string) => string)): z.ZodType<T, string> {
  return z.string().transform((value, ctx) => {
    const result = parse(value)
    if (result === undefined) {
      ctx.addIssue({ code: 'custom', message: typeof message === 'string' ? message : message(value) })
      return z.NEVER
    }
    return result
  })
}

const text = z.string()
const isWhole = (value: string) => /^[0-9]+$/.test(value)
const whole = (min: number, max: number, message = `must be a whole number between ${min} and ${max}`) =>
  checked((v) => (isWhole(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined), message)
/** Minutes may be fractional so that a test or a demo can use a very short session. */
const minutes = (max?: number) =>
  checked(
    (v) => (/^[0-9]+(\.[0-9]+)?$/.test(v) && Number(v) > 0 && (max === undefined || Number(v) <= max) ? Number(v) : undefined),
    max === undefined ? 'must be a positive number of minutes' : `must be a positive number of minutes, at most ${max} (a day)`,
  )
/** A number of asks: a whole number from 1 (0 would refuse every ask; a large one all but lifts the limit). */
const asks = whole(1, 1_000_000, 'must be a whole number of asks between 1 and 1000000')
const flag = checked((v) => {
  const value = v.toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  if (['0', 'false', 'no', 'off'].includes(value)) return false
  return undefined
}, 'must be true or false')
const startingWith = (pattern: RegExp, message: string) => checked((v) => (pattern.test(v) ? v : undefined), message)

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * API_BASE_URL: where the SPA sends its API calls. Empty: the portal's own origin. Else an
 * absolute http(s) URL without credentials, query or fragment; its trailing slash is dropped.
 */
const apiBaseUrl = checked((v) => {
  if (v === '') return '' // the default: the portal's own origin
  if (!URL.canParse(v)) return undefined
  const url = new URL(v)
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) return undefined
  return url.href.replace(/\/+$/, '')
}, 'must be an http:// or https:// URL without query or fragment (or unset: the portal’s own origin)')

/** false (default: behind no proxy), true, a number of proxies, or a list of trusted addresses. */
const trustProxy = checked<boolean | number | string>((v) => {
  if (['false', '0', 'no', 'off'].includes(v.toLowerCase())) return false
  if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true
  if (isWhole(v)) return Number(v)
  if (v.split(',').every((part) => isIP(part.trim().split('/')[0] ?? '') !== 0)) return v
  return undefined
}, 'must be true, false, a number of proxies, or a comma-separated list of addresses (CIDR allowed)')

const timeZone = checked(
  (v) => {
    try {
      new Intl.DateTimeFormat('fr-FR', { timeZone: v })
      return v
    } catch {
      return undefined
    }
  },
  (v) => `must be a known IANA time zone ("${v}" is not)`,
)

export const settingsSchema = z.object({
  // ---- Where it runs ----------------------------------------------------------------------------
  PORT: setting(whole(0, 65535, 'must be a port number (0 = any free port)'), {
    default: '8080',
    meaning: 'port of the process serving the SPA and the API (`0`: any free port; the ready line prints the real one)',
  }),
  HOST: setting(text, { default: '127.0.0.1', meaning: 'address to listen on (`0.0.0.0` to serve a network, as in a container)' }),
  DEMO_MODE: setting(flag, {
    default: 'false',
    meaning:
      'production is the default (rulings §7). `true` (or `--demo`, which `npm start` passes) loads the demo data on the first start and serves `/__dev/outbox`, `/__dev/faults` and the contract at `/__dev/api.html`; it refuses a non-loopback `HOST` and `DATABASE_URL`',
  }),
  DEMO_ALLOW_EXPOSED: setting(flag, { default: 'false', meaning: 'lets demo mode listen on a network or use `DATABASE_URL` (a shared test bank)' }),
  DIST_DIR: setting(text, { default: 'dist', meaning: 'the built SPA (`npm run build`) that the server serves' }),
  LOG_LEVEL: setting(
    checked((v) => ((LOG_LEVELS as readonly string[]).includes(v) ? (v as LogLevel) : undefined), `must be one of ${LOG_LEVELS.join(', ')}`),
    { default: 'info', meaning: `${LOG_LEVELS.map((l) => `\`${l}\``).join(', ')} (logs never contain PINs, codes or tokens)` },
  ),
  // ---- Required in production (deployment.ts PRODUCTION_REQUIRED) --------------------------------
  CODE_SECRET: setting(
    checked((v) => (v.length >= 32 ? v : undefined), 'must be at least 32 characters (or unset to keep a random one in the database)'),
    {
      secret: true,
      shownDefault: 'random, kept in the database',
      meaning:
        'key (32+ characters) of the HMAC under which validation codes are stored, so that a copy of the database alone does not let anyone test codes offline; changing it makes the codes of pending transfers wrong',
    },
  ),
  BANK_NAME: setting(text, {
    default: DEFAULT_BANK_NAME,
    meaning: 'the bank’s name, in "Accès web banking bloqué. Veuillez contacter {provider}", the texts, e-mails and PDFs',
  }),
  DATA_DIR: setting(text, {
    default: '.data',
    meaning: 'folder of the embedded PostgreSQL (PGlite), one process only',
  }),
  DATABASE_URL: setting(startingWith(/^postgres(ql)?:\/\//, 'must start with postgres:// (or be unset to use the embedded PGlite)'), {
    secret: true,
    meaning: '`postgres://…`: a PostgreSQL server instead of PGlite (same schema and queries; several processes may share it)',
  }),
  SMTP_URL: setting(startingWith(/^smtps?:\/\//, 'must start with smtp:// or smtps://'), {
    secret: true,
    meaning: 'the SMTP server that sends the e-mails (`smtp://user:password@host:587`, `smtps://…`; `pool=false` for one connection per message)',
  }),
  MAIL_FROM: setting(text, { meaning: 'the sender address of the e-mails' }),
  SMS_GATEWAY_URL: setting(startingWith(/^https?:\/\//, 'must start with http:// or https://'), {
    meaning: 'the HTTP gateway that sends the SMS (a JSON `POST {to, text}`)',
  }),
  SMS_GATEWAY_TOKEN: setting(text, { secret: true, meaning: 'sent to the SMS gateway as `Authorization: Bearer …`' }),
  // ---- The SPA, read at run time (rulings §9.8) --------------------------------------------------
  API_BASE_URL: setting(apiBaseUrl, {
    default: '',
    shownDefault: 'the portal’s own origin',
    meaning:
      'where the SPA sends its API calls, written into each page; its origin is added to the CSP’s `connect-src`. Another origin must answer the browser’s CORS requests itself (the server sends no CORS headers)',
  }),
  REQUEST_TIMEOUT_MS: setting(whole(1000, 600_000), {
    default: '15000',
    meaning: 'the SPA gives up a request after this long (1000–600000), so that no spinner turns forever',
  }),
  SERVICE_WORKER_MAX_AGE_SECONDS: setting(whole(0, 86_400, 'must be a whole number of seconds from 0 to 86400'), {
    default: '300',
    meaning:
      'how long a returning customer’s browser reuses the service worker’s script before asking whether it changed (0–86400; 0: at every page load). Within it, a reload or a second tab asks nothing (mobile data); a new release reaches a browser at most this long after its last check',
  }),
  // ---- Sessions, codes and texts ------------------------------------------------------------------
  SESSION_IDLE_MINUTES: setting(minutes(), { default: '5', meaning: 'a session ends after this much inactivity (decimals allowed)' }),
  SESSION_MAX_MINUTES: setting(minutes(), { default: '60', meaning: 'a session ends this long after sign-in, whatever happens' }),
  SESSION_TOUCH_SECONDS: setting(whole(0, 300, 'must be a whole number of seconds from 0 to 300'), {
    default: '15',
    meaning:
      'a session’s last activity is written at most once per this many seconds (0–300; at most a tenth of the idle time): a burst of calls costs one write. A session ends between `SESSION_IDLE_MINUTES` minus this and `SESSION_IDLE_MINUTES` after its last call, never later',
  }),
  TIME_ZONE: setting(timeZone, {
    default: 'Africa/Kinshasa',
    meaning: 'IANA time zone of the dates written in texts, receipts and statements, and of every time the portal shows',
  }),
  CODE_LIFETIME_SECONDS: setting(whole(1, 86_400, 'must be a whole number of seconds between 1 and 86400'), {
    default: '300',
    meaning: 'life of a transfer’s validation code (rulings §4: 5 minutes)',
  }),
  STATEMENT_MAX_ROWS: setting(whole(1, 10_000_000, 'must be a whole number of lines between 1 and 10000000'), {
    default: '50000',
    meaning: 'the most lines one statement may hold (screen, PDF, CSV); over it the statement is refused with a French message asking for a shorter period',
  }),
  // ---- Throttles (docs/server.md "Throttles", docs/security.md) --------------------------------------
  PIN_RESET_ASK_LIMIT: setting(asks, {
    default: '3',
    meaning: 'PIN-reset requests per user code within the window; beyond, "Trop de demandes. Veuillez réessayer dans quelques minutes." and nothing is sent',
  }),
  PIN_RESET_ASK_WINDOW_MINUTES: setting(minutes(1440), { default: '15', meaning: 'sliding window of that limit, in minutes (at most 1440)' }),
  TRANSFER_ASK_LIMIT: setting(asks, {
    default: '20',
    meaning: 'transfer requests that send a code (the three kinds together) per customer within the window; beyond, the same refusal',
  }),
  TRANSFER_ASK_WINDOW_MINUTES: setting(minutes(1440), { default: '15', meaning: 'sliding window of that limit, in minutes (at most 1440)' }),
  ADDRESS_LIMIT_WINDOW_MINUTES: setting(minutes(1440), {
    default: '15',
    meaning:
      'window of the per-address limits below (fixed windows, counted in the database; beyond: HTTP 429 "Trop de tentatives. Veuillez réessayer dans N minutes." with `Retry-After`)',
  }),
  SIGNIN_ADDRESS_LIMIT: setting(asks, { default: '30', meaning: 'sign-ins per client address and window' }),
  PIN_RESET_ASK_ADDRESS_LIMIT: setting(asks, { default: '10', meaning: 'PIN-reset asks per client address and window' }),
  PIN_RESET_CONFIRM_ADDRESS_LIMIT: setting(asks, { default: '20', meaning: 'PIN-reset confirmations per client address and window' }),
  DETAILS_ADDRESS_LIMIT: setting(asks, { default: '60', meaning: 'holder lookups (`details`) per client address and window' }),
  // ---- Database, migrations, delivery -------------------------------------------------------------
  MIGRATE_ON_START: setting(flag, {
    shownDefault: '`false` in production, `true` in demo mode',
    meaning: 'apply pending migrations at start; when `false` a server with a pending migration refuses to start (exit 4): run the migration job first',
  }),
  PIN_HASH_COST: setting(whole(10, 20), {
    default: String(PRODUCTION_PIN_HASH_COST),
    meaning:
      'scrypt’s cost for the PINs hashed from now on, as the power of two of its N (15: 32 MiB and ~0.1 s of one core a PIN); a stored hash keeps its own. Below 15 only in demo mode: production refuses it',
  }),
  DATA_DIR_LOCK_STALE_SECONDS: setting(whole(5, 3600), {
    default: '30',
    meaning:
      'seconds after which the lock on `DATA_DIR` of a process that stopped refreshing it (killed, crashed) is stale: a restart right after a crash waits this long; a live server refreshes it every 2 s, so keep it well above the longest stall of a loaded machine',
  }),
  PG_POOL_MAX: setting(whole(1, 1000), { default: '10', meaning: 'PostgreSQL connections per process (processes × this ≤ `max_connections`)' }),
  PG_STATEMENT_TIMEOUT_MS: setting(whole(100, 3_600_000), {
    default: '15000',
    meaning: 'a statement running longer is cancelled (the call answers 503); an idle transaction is ended after twice that',
  }),
  PG_IDLE_TIMEOUT_MS: setting(whole(100, 3_600_000), { default: '30000', meaning: 'an idle pooled connection is closed' }),
  PG_CONNECT_TIMEOUT_MS: setting(whole(100, 600_000), { default: '5000', meaning: 'connecting, or waiting for a free connection' }),
  OUTBOX_POLL_MS: setting(whole(10, 600_000), { default: '1000', meaning: 'how often each process looks for messages to send' }),
  OUTBOX_MAX_ATTEMPTS: setting(whole(1, 100), { default: '8', meaning: 'failures before a message is `dead`' }),
  OUTBOX_RETRY_BASE_MS: setting(whole(10, 3_600_000), { default: '5000', meaning: 'the first retry’s wait; it doubles at each failure, at most 15 minutes' }),
  // ---- Operations -------------------------------------------------------------------------------
  OPS_PORT: setting(whole(0, 65_535), {
    meaning:
      "`/metrics`, `/livez`, `/readyz` (and the embedded database's online backup) on a listener of their own on this port (same `HOST`); the public port then answers 404 for them. Unset: on the public port",
  }),
  RATE_LIMIT_PER_MINUTE: setting(whole(1, 1_000_000), {
    default: '300',
    meaning:
      "requests per client address (IPv6 grouped by /64) and minute, counted in memory before any route's work; beyond, 429. Loopback callers are not counted",
  }),
  SHED_EVENT_LOOP_DELAY_MS: setting(whole(0, 60_000), {
    default: '1000',
    meaning: 'mean event-loop delay over a second above which calls get 503 with `Retry-After` (0: off)',
  }),
  SHED_HEAP_USED_MB: setting(whole(0, 1_048_576), {
    shownDefault: "90 % of V8's heap limit",
    meaning: 'heap in use above which calls get 503 with `Retry-After` (0: off)',
  }),
  TRUST_PROXY: setting(trustProxy, {
    default: 'false',
    meaning: 'behind a proxy: `true`, a hop count, or trusted addresses; the client address then comes from `X-Forwarded-For`',
  }),
  SERVED_OVER_TLS: setting(flag, {
    default: 'false',
    meaning: 'the bank serves the portal over HTTPS (a proxy ends TLS): every answer carries `Strict-Transport-Security`',
  }),
  METRICS_TOKEN: setting(
    checked(
      (v) => (v.length >= 24 && /^[\x21-\x7e]+$/.test(v) ? v : undefined),
      'must be at least 24 printable characters without spaces (or unset: /metrics off in production)',
    ),
    { secret: true, meaning: 'bearer token a scrape of `/metrics` must send; unset: `/metrics` answers 404 in production' },
  ),
})

export type Settings = z.output<typeof settingsSchema>
export type SettingName = keyof Settings

export class SettingsError extends Error {}

/**
 * The environment with each secret given as a file replaced by the file's content. Throws when a
 * file cannot be read or a secret is given both ways.
 */
export function withSecretFiles(env: Env): Env {
  const resolved: Env = { ...env }
  for (const [name, field] of Object.entries(settingsSchema.shape)) {
    const path = env[`${name}_FILE`]?.trim()
    if (!path || !settingDocs.get(field)?.secret) continue
    if (env[name]?.trim()) throw new SettingsError(`${name} and ${name}_FILE are both set: give the secret one way only`)
    try {
      resolved[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '')
    } catch (error) {
      throw new SettingsError(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }
  return resolved
}

/** Every setting read and checked; every malformed one is named, one per line. */
export function readSettings(env: Env): Settings {
  const result = settingsSchema.safeParse(env)
  if (result.success) return result.data
  throw new SettingsError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('\n'))
}

/** The origin the CSP's connect-src must admit for API_BASE_URL, or none for the portal's own. */
export function apiOrigin(apiBaseUrl: string): string | undefined {
  return apiBaseUrl ? new URL(apiBaseUrl).origin : undefined
}

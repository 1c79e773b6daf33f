/**
 * Server settings, read once from the environment at start-up. Every setting has a default so
 * that `npm start` works on a fresh clone; a malformed value stops the start with a clear message
 * rather than running with a surprise.
 */
import { resolve } from 'node:path'
import { DEFAULT_BANK_NAME } from '../machines/messages.ts'
import { checkMode, DeploymentError, loadDeploymentConfig, type DeploymentConfig } from './deployment.ts'
import { loadOpsSettings, OpsSettingsError, type OpsSettings } from './ops-settings.ts'

/** The deployment's settings (mode, pool, delivery, operations) are in deployment.ts. */
export interface Config extends DeploymentConfig, OpsSettings {
  port: number
  host: string
  /** PGlite data directory (embedded PostgreSQL); unused when `databaseUrl` is set. */
  dataDir: string
  /** `postgres://…` to use a real PostgreSQL server through `pg` instead of PGlite. */
  databaseUrl: string | undefined
  /**
   * Demo data, the outbox page and the fault injector (rulings §5). Off unless asked for
   * (rulings §7: the server's own default is production; `npm start` asks for the demo).
   */
  demoMode: boolean
  bankName: string
  sessionIdleMinutes: number
  sessionMaxMinutes: number
  /**
   * A session's last activity is written at most once per this many seconds (domain/sessions.ts):
   * idle expiry comes between SESSION_IDLE_MINUTES minus this and SESSION_IDLE_MINUTES after the
   * last call. 0: written on every call. Never more than a tenth of the idle time (app.ts), so that
   * a very short demo session keeps its meaning.
   */
  sessionTouchSeconds: number
  /** The built SPA (`npm run build`). */
  distDir: string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Time zone of the dates written in French texts (notifications, SMS, receipts). */
  timeZone: string
  /** How long the validation code of a transfer is valid (rulings §4: 5 minutes). */
  codeLifetimeSeconds: number
  /**
   * Key of the HMAC under which validation codes are stored. Unset: a random key made at the first
   * start and kept in the database (app_state), which is enough for demo mode; a bank sets it so
   * that a copy of the database alone does not let anyone test codes offline.
   */
  codeSecret: string | undefined
  /**
   * PIN-reset asks (password/ask) let through per user code within the window; beyond, the ask is
   * refused and sends nothing. Counted in the database (domain/throttles.ts).
   */
  pinResetAskLimit: number
  pinResetAskWindowMinutes: number
  /** Transfer asks (the three kinds together) let through per customer within the window. */
  transferAskLimit: number
  transferAskWindowMinutes: number
  // ---- Hardening against attack: the per-address limits (the client address: TRUST_PROXY) --------
  /** Calls per client address and window (fixed windows, counted in the database; beyond: 429). */
  addressLimits: AddressLimits
  /**
   * The most lines one statement may hold (its screen, PDF and CSV): beyond, the statement is
   * refused with a French message asking for a shorter period. Files are streamed whatever their
   * length; the cap bounds the time one download takes and the JSON of the statement screen.
   */
  statementMaxRows: number
}

export interface AddressLimits {
  windowMinutes: number
  signIn: number
  pinResetAsk: number
  pinResetConfirm: number
  /** Holder lookups (details), per address of the signed-in caller. */
  details: number
}

type Env = Record<string, string | undefined>

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export class ConfigError extends Error {}

/** Every setting, checked against the mode (deployment.ts: what demo refuses, what production needs). */
export function loadConfig(env: Env = process.env): Config {
  try {
    const config: Config = { ...loadBusinessConfig(env), ...loadDeploymentConfig(env), ...loadOpsSettings(env) }
    checkMode(config, env)
    return config
  } catch (error) {
    throw error instanceof DeploymentError || error instanceof OpsSettingsError ? new ConfigError(error.message) : error
  }
}

function loadBusinessConfig(env: Env): Omit<Config, keyof DeploymentConfig | keyof OpsSettings> {
  const databaseUrl = text(env, 'DATABASE_URL', '') || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (or be unset to use the embedded PGlite)')
  }
  const sessionIdleMinutes = positive(env, 'SESSION_IDLE_MINUTES', 5)
  const sessionMaxMinutes = positive(env, 'SESSION_MAX_MINUTES', 60)
  const touch = text(env, 'SESSION_TOUCH_SECONDS', '15')
  if (!/^[0-9]+$/.test(touch) || Number(touch) > 300) {
    throw new ConfigError('SESSION_TOUCH_SECONDS must be a whole number of seconds from 0 to 300')
  }
  const sessionTouchSeconds = Number(touch)
  const logLevel = text(env, 'LOG_LEVEL', 'info')
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  }
  const timeZone = text(env, 'TIME_ZONE', 'Africa/Kinshasa')
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone })
  } catch {
    throw new ConfigError(`TIME_ZONE "${timeZone}" is not a known IANA time zone`)
  }
  const codeLifetimeSeconds = text(env, 'CODE_LIFETIME_SECONDS', '300')
  if (!/^[0-9]+$/.test(codeLifetimeSeconds) || Number(codeLifetimeSeconds) < 1 || Number(codeLifetimeSeconds) > 86_400) {
    throw new ConfigError('CODE_LIFETIME_SECONDS must be a whole number of seconds between 1 and 86400')
  }
  const codeSecret = text(env, 'CODE_SECRET', '') || undefined
  if (codeSecret !== undefined && codeSecret.length < 32) {
    throw new ConfigError('CODE_SECRET must be at least 32 characters (or unset to keep a random one in the database)')
  }
  const pinResetAskLimit = count(env, 'PIN_RESET_ASK_LIMIT', 3)
  const pinResetAskWindowMinutes = windowMinutes(env, 'PIN_RESET_ASK_WINDOW_MINUTES', 15)
  const transferAskLimit = count(env, 'TRANSFER_ASK_LIMIT', 20)
  const transferAskWindowMinutes = windowMinutes(env, 'TRANSFER_ASK_WINDOW_MINUTES', 15)
  const addressLimits: AddressLimits = {
    windowMinutes: windowMinutes(env, 'ADDRESS_LIMIT_WINDOW_MINUTES', 15),
    signIn: count(env, 'SIGNIN_ADDRESS_LIMIT', 30),
    pinResetAsk: count(env, 'PIN_RESET_ASK_ADDRESS_LIMIT', 10),
    pinResetConfirm: count(env, 'PIN_RESET_CONFIRM_ADDRESS_LIMIT', 20),
    details: count(env, 'DETAILS_ADDRESS_LIMIT', 60),
  }
  return {
    port: port(env, 'PORT', 8080),
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir: resolve(text(env, 'DATA_DIR', '.data')),
    databaseUrl,
    demoMode: flag(env, 'DEMO_MODE', false),
    bankName: text(env, 'BANK_NAME', DEFAULT_BANK_NAME),
    sessionIdleMinutes,
    sessionMaxMinutes,
    sessionTouchSeconds,
    distDir: resolve(text(env, 'DIST_DIR', 'dist')),
    logLevel: logLevel as Config['logLevel'],
    timeZone,
    codeLifetimeSeconds: Number(codeLifetimeSeconds),
    codeSecret,
    pinResetAskLimit,
    pinResetAskWindowMinutes,
    transferAskLimit,
    transferAskWindowMinutes,
    addressLimits,
    statementMaxRows: statementMaxRows(env),
  }
}

function statementMaxRows(env: Env): number {
  const value = text(env, 'STATEMENT_MAX_ROWS', '50000')
  const n = Number(value)
  if (!/^[0-9]+$/.test(value) || n < 1 || n > 10_000_000) throw new ConfigError('STATEMENT_MAX_ROWS must be a whole number of lines between 1 and 10000000')
  return n
}

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim()
  return value ? value : fallback
}

function port(env: Env, name: string, fallback: number): number {
  const value = text(env, name, String(fallback))
  const n = Number(value)
  if (!/^[0-9]+$/.test(value) || n > 65535) throw new ConfigError(`${name} must be a port number (0 = any free port)`)
  return n
}

/** Minutes may be fractional so that a test or a demo can use a very short session. */
function positive(env: Env, name: string, fallback: number): number {
  const value = text(env, name, String(fallback))
  const n = Number(value)
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || !(n > 0)) throw new ConfigError(`${name} must be a positive number of minutes`)
  return n
}

/** A number of asks: a whole number from 1 (0 would refuse every ask; a large one all but lifts the limit). */
function count(env: Env, name: string, fallback: number): number {
  const value = text(env, name, String(fallback))
  const n = Number(value)
  if (!/^[0-9]+$/.test(value) || n < 1 || n > 1_000_000) throw new ConfigError(`${name} must be a whole number of asks between 1 and 1000000`)
  return n
}

/** The window of a throttle: positive minutes (decimals allowed, for tests and demos), at most a day. */
function windowMinutes(env: Env, name: string, fallback: number): number {
  const n = positive(env, name, fallback)
  if (n > 1440) throw new ConfigError(`${name} must be a positive number of minutes, at most 1440 (a day)`)
  return n
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name, String(fallback)).toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  if (['0', 'false', 'no', 'off'].includes(value)) return false
  throw new ConfigError(`${name} must be true or false`)
}

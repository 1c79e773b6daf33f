/**
 * Server settings, read once from the environment at start-up and checked by the schema of
 * settings.ts (which also writes the README's table). Every setting but production's own has a
 * default so that `npm start` works on a fresh clone; a malformed value stops the start with a
 * clear message rather than running with a surprise.
 */
import { resolve } from 'node:path'
import { checkMode, DeploymentError, deploymentConfig, type DeploymentConfig } from './deployment.ts'
import { readSettings, SettingsError, withSecretFiles, type LogLevel } from './settings.ts'
import { opsSettings, OpsSettingsError, type OpsSettings } from './ops-settings.ts'

/** The deployment's settings (mode, pool, delivery, operations) are in deployment.ts. */
export interface Config extends DeploymentConfig, OpsSettings {
  port: number
  host: string
  /** PGlite data directory (embedded PostgreSQL); unused when `databaseUrl` is set. */
  dataDir: string
  /** DATA_DIR_LOCK_STALE_SECONDS: the embedded folder's lock of a dead process is stale after this (pglite-lock.ts). */
  dataDirLockStaleMs: number
  /** PIN_HASH_COST: log2 of scrypt's N for the PINs hashed from now on (domain/pins.ts). */
  pinHashCost: number
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
  /**
   * Where the SPA sends its API calls (API_BASE_URL, rulings §9.8): '' for the portal's own
   * origin. Written into each page at run time (http/spa.ts), so one build serves every bank.
   */
  apiBaseUrl: string
  /** The SPA's time limit for one request (REQUEST_TIMEOUT_MS), written into each page too. */
  requestTimeoutMs: number
  /** How long a browser reuses the service worker's script (SERVICE_WORKER_MAX_AGE_SECONDS). */
  serviceWorkerMaxAgeSeconds: number
  logLevel: LogLevel
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

export class ConfigError extends Error {}

/** Every setting, checked against the mode (deployment.ts: what demo refuses, what production needs). */
export function loadConfig(env: Env = process.env): Config {
  try {
    const resolved = withSecretFiles(env)
    const s = readSettings(resolved)
    const config: Config = {
      port: s.PORT,
      host: s.HOST,
      dataDir: resolve(s.DATA_DIR),
      dataDirLockStaleMs: s.DATA_DIR_LOCK_STALE_SECONDS * 1000,
      pinHashCost: s.PIN_HASH_COST,
      databaseUrl: s.DATABASE_URL,
      demoMode: s.DEMO_MODE,
      bankName: s.BANK_NAME,
      sessionIdleMinutes: s.SESSION_IDLE_MINUTES,
      sessionMaxMinutes: s.SESSION_MAX_MINUTES,
      sessionTouchSeconds: s.SESSION_TOUCH_SECONDS,
      distDir: resolve(s.DIST_DIR),
      apiBaseUrl: s.API_BASE_URL,
      requestTimeoutMs: s.REQUEST_TIMEOUT_MS,
      serviceWorkerMaxAgeSeconds: s.SERVICE_WORKER_MAX_AGE_SECONDS,
      logLevel: s.LOG_LEVEL,
      timeZone: s.TIME_ZONE,
      codeLifetimeSeconds: s.CODE_LIFETIME_SECONDS,
      codeSecret: s.CODE_SECRET,
      pinResetAskLimit: s.PIN_RESET_ASK_LIMIT,
      pinResetAskWindowMinutes: s.PIN_RESET_ASK_WINDOW_MINUTES,
      transferAskLimit: s.TRANSFER_ASK_LIMIT,
      transferAskWindowMinutes: s.TRANSFER_ASK_WINDOW_MINUTES,
      addressLimits: {
        windowMinutes: s.ADDRESS_LIMIT_WINDOW_MINUTES,
        signIn: s.SIGNIN_ADDRESS_LIMIT,
        pinResetAsk: s.PIN_RESET_ASK_ADDRESS_LIMIT,
        pinResetConfirm: s.PIN_RESET_CONFIRM_ADDRESS_LIMIT,
        details: s.DETAILS_ADDRESS_LIMIT,
      },
      statementMaxRows: s.STATEMENT_MAX_ROWS,
      ...deploymentConfig(s),
      ...opsSettings(s),
    }
    checkMode(config, resolved)
    return config
  } catch (error) {
    throw error instanceof DeploymentError || error instanceof SettingsError || error instanceof OpsSettingsError ? new ConfigError(error.message) : error
  }
}

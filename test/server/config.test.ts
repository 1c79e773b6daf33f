import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_BANK_NAME } from '../../machines/messages.ts'
import { ConfigError, loadConfig } from '../../server/config.ts'

/** The settings production cannot start without (deployment.ts), for the tests of other settings. */
const PRODUCTION = {
  CODE_SECRET: 'a-secret-of-at-least-32-characters!',
  BANK_NAME: 'la Banque du Kivu',
  DATABASE_URL: 'postgres://bank@db/portal',
  SMTP_URL: 'smtp://mail.bank.example:587',
  MAIL_FROM: 'portail@bank.example',
  SMS_GATEWAY_URL: 'https://sms.bank.example/send',
}
const DEMO = { DEMO_MODE: 'true' }

describe('loadConfig', () => {
  it('has a default for every setting but those production needs', () => {
    expect(loadConfig(DEMO)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('.data'),
      dataDirLockStaleMs: 30_000,
      pinHashCost: 15,
      databaseUrl: undefined,
      demoMode: true,
      bankName: DEFAULT_BANK_NAME,
      sessionIdleMinutes: 5,
      sessionMaxMinutes: 60,
      sessionTouchSeconds: 15,
      distDir: resolve('dist'),
      apiBaseUrl: '',
      requestTimeoutMs: 15_000,
      serviceWorkerMaxAgeSeconds: 300,
      logLevel: 'info',
      timeZone: 'Africa/Kinshasa',
      codeLifetimeSeconds: 300,
      codeSecret: undefined,
      pinResetAskLimit: 3,
      pinResetAskWindowMinutes: 15,
      transferAskLimit: 20,
      transferAskWindowMinutes: 15,
      addressLimits: { windowMinutes: 15, signIn: 30, pinResetAsk: 10, pinResetConfirm: 20, details: 60 },
      statementMaxRows: 50_000,
      demoAllowExposed: false,
      migrateOnStart: true,
      pgPoolMax: 10,
      pgStatementTimeoutMs: 15_000,
      pgIdleTimeoutMs: 30_000,
      pgConnectTimeoutMs: 5_000,
      smtpUrl: undefined,
      mailFrom: undefined,
      smsGatewayUrl: undefined,
      smsGatewayToken: undefined,
      outboxPollMs: 1_000,
      outboxMaxAttempts: 8,
      outboxRetryBaseMs: 5_000,
      trustProxy: false,
      servedOverTls: false,
      metricsToken: undefined,
      opsPort: undefined,
      rateLimitPerMinute: 300,
      shedEventLoopDelayMs: 1_000,
      shedHeapUsedBytes: undefined,
    })
  })

  it('reads the environment', () => {
    const config = loadConfig({
      ...PRODUCTION,
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://bank@db/portal',
      DEMO_MODE: 'false',
      BANK_NAME: 'la Banque du Kivu',
      SESSION_IDLE_MINUTES: '0.5',
      SESSION_MAX_MINUTES: '30',
      SESSION_TOUCH_SECONDS: '0',
      DIST_DIR: '/srv/portal',
      LOG_LEVEL: 'warn',
      TIME_ZONE: 'Europe/Paris',
      CODE_LIFETIME_SECONDS: '20',
      CODE_SECRET: 'a-secret-of-at-least-32-characters!',
      PIN_RESET_ASK_LIMIT: '5',
      PIN_RESET_ASK_WINDOW_MINUTES: '60',
      TRANSFER_ASK_LIMIT: '1000',
      TRANSFER_ASK_WINDOW_MINUTES: '0.5',
      DATA_DIR_LOCK_STALE_SECONDS: '12',
    })
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
      dataDirLockStaleMs: 12_000,
      databaseUrl: 'postgres://bank@db/portal',
      demoMode: false,
      bankName: 'la Banque du Kivu',
      sessionIdleMinutes: 0.5,
      sessionMaxMinutes: 30,
      sessionTouchSeconds: 0,
      distDir: '/srv/portal',
      logLevel: 'warn',
      timeZone: 'Europe/Paris',
      codeLifetimeSeconds: 20,
      codeSecret: 'a-secret-of-at-least-32-characters!',
      pinResetAskLimit: 5,
      pinResetAskWindowMinutes: 60,
      transferAskLimit: 1000,
      transferAskWindowMinutes: 0.5,
    })
  })

  it('reads the per-address limits', () => {
    const config = loadConfig({
      ...PRODUCTION,
      ADDRESS_LIMIT_WINDOW_MINUTES: '5',
      SIGNIN_ADDRESS_LIMIT: '7',
      PIN_RESET_ASK_ADDRESS_LIMIT: '2',
      PIN_RESET_CONFIRM_ADDRESS_LIMIT: '3',
      DETAILS_ADDRESS_LIMIT: '40',
    })
    expect(config.addressLimits).toEqual({ windowMinutes: 5, signIn: 7, pinResetAsk: 2, pinResetConfirm: 3, details: 40 })
    expect(() => loadConfig({ ...PRODUCTION, SIGNIN_ADDRESS_LIMIT: '0' })).toThrow(/SIGNIN_ADDRESS_LIMIT/)
  })

  it.each([['0'], ['no'], ['off'], ['FALSE']])('DEMO_MODE=%s turns demo mode off', (value) => {
    expect(loadConfig({ ...PRODUCTION, DEMO_MODE: value }).demoMode).toBe(false)
  })

  it.each([
    ['PORT', '80a'],
    ['PORT', '70000'],
    ['DEMO_MODE', 'maybe'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_MAX_MINUTES', '-5'],
    ['SESSION_TOUCH_SECONDS', '-1'],
    ['SESSION_TOUCH_SECONDS', '2.5'],
    ['SESSION_TOUCH_SECONDS', '301'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://x'],
    ['TIME_ZONE', 'Mars/Olympus'],
    ['CODE_LIFETIME_SECONDS', '0'],
    ['CODE_LIFETIME_SECONDS', '2.5'],
    ['CODE_LIFETIME_SECONDS', '86401'],
    ['CODE_SECRET', 'too-short'],
    ['PIN_RESET_ASK_LIMIT', '0'],
    ['PIN_RESET_ASK_LIMIT', '2.5'],
    ['PIN_RESET_ASK_LIMIT', '-1'],
    ['PIN_RESET_ASK_LIMIT', 'three'],
    ['TRANSFER_ASK_LIMIT', '0'],
    ['TRANSFER_ASK_LIMIT', '1000001'],
    ['PIN_RESET_ASK_WINDOW_MINUTES', '0'],
    ['PIN_RESET_ASK_WINDOW_MINUTES', '1441'],
    ['TRANSFER_ASK_WINDOW_MINUTES', '-15'],
    ['TRANSFER_ASK_WINDOW_MINUTES', '15m'],
    ['API_BASE_URL', 'api.bank.example'],
    ['API_BASE_URL', 'ftp://api.bank.example'],
    ['API_BASE_URL', 'https://api.bank.example/?x=1'],
    ['API_BASE_URL', 'https://user:pw@api.bank.example'],
    ['REQUEST_TIMEOUT_MS', '999'],
    ['REQUEST_TIMEOUT_MS', '15s'],
    ['MIGRATE_ON_START', 'sometimes'],
    ['OPS_PORT', '8080'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['SHED_HEAP_USED_MB', '1.5'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ ...PRODUCTION, [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...PRODUCTION, [name]: value })).not.toThrow('Production mode')
  })

  it('names the throttle setting that is wrong and what it takes', () => {
    expect(() => loadConfig({ ...DEMO, TRANSFER_ASK_LIMIT: '0' })).toThrow('TRANSFER_ASK_LIMIT must be a whole number of asks between 1 and 1000000')
    expect(() => loadConfig({ ...DEMO, PIN_RESET_ASK_WINDOW_MINUTES: '1441' })).toThrow(
      'PIN_RESET_ASK_WINDOW_MINUTES must be a positive number of minutes, at most 1440 (a day)',
    )
  })
})

describe('the SPA’s settings, read at run time (rulings §9.8)', () => {
  it('API_BASE_URL and REQUEST_TIMEOUT_MS', () => {
    expect(loadConfig({ ...DEMO, API_BASE_URL: ' https://api.bank.example/portal/ ', REQUEST_TIMEOUT_MS: '30000' })).toMatchObject({
      apiBaseUrl: 'https://api.bank.example/portal',
      requestTimeoutMs: 30_000,
    })
    expect(loadConfig({ ...DEMO, API_BASE_URL: 'http://10.0.0.5:8080' }).apiBaseUrl).toBe('http://10.0.0.5:8080')
  })
})

describe('migrations at start', () => {
  it('are the migration job’s in production, and done at start in demo mode', () => {
    expect(loadConfig(PRODUCTION).migrateOnStart).toBe(false)
    expect(loadConfig(DEMO).migrateOnStart).toBe(true)
    expect(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true)
    expect(loadConfig({ ...DEMO, MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
  })
})

describe('the PIN hashes’ cost (PIN_HASH_COST)', () => {
  it('is production’s 2^15 by default; cheaper only in demo mode, dearer in either', () => {
    expect(loadConfig(PRODUCTION).pinHashCost).toBe(15)
    expect(loadConfig({ ...DEMO, PIN_HASH_COST: '10' }).pinHashCost).toBe(10)
    expect(loadConfig({ ...PRODUCTION, PIN_HASH_COST: '16' }).pinHashCost).toBe(16)
    expect(() => loadConfig({ ...PRODUCTION, PIN_HASH_COST: '14' })).toThrow('PIN_HASH_COST=14 is below 15')
    expect(() => loadConfig({ ...DEMO, PIN_HASH_COST: '9' })).toThrow('PIN_HASH_COST must be a whole number between 10 and 20')
  })
})

describe('malformed settings', () => {
  it('are all named at once, each with what it takes', () => {
    expect(() => loadConfig({ ...DEMO, PORT: 'x', TIME_ZONE: 'Mars/Olympus', PG_POOL_MAX: '0' })).toThrow(
      'PORT must be a port number (0 = any free port)\nTIME_ZONE must be a known IANA time zone ("Mars/Olympus" is not)\nPG_POOL_MAX must be a whole number between 1 and 1000',
    )
  })
})

describe('secrets from files (*_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-secrets-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = (name: string, content: string) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }
  const { CODE_SECRET: _, DATABASE_URL: __, ...withoutSecrets } = PRODUCTION

  it('reads a secret from its file, without the final newline, and counts it as given in production', () => {
    const config = loadConfig({
      ...withoutSecrets,
      CODE_SECRET_FILE: file('code_secret', 'a-secret-of-at-least-32-characters-from-a-file\n'),
      DATABASE_URL_FILE: file('database_url', 'postgres://bank:pw@db/portal\n'),
      SMS_GATEWAY_TOKEN_FILE: file('sms_token', 'token\n'),
    })
    expect(config).toMatchObject({
      codeSecret: 'a-secret-of-at-least-32-characters-from-a-file',
      databaseUrl: 'postgres://bank:pw@db/portal',
      smsGatewayToken: 'token',
    })
  })

  it('checks a secret from a file like one given directly', () => {
    expect(() => loadConfig({ ...withoutSecrets, DATA_DIR: '/var/lib/portal', CODE_SECRET_FILE: file('short', 'short\n') })).toThrow(
      'CODE_SECRET must be at least 32 characters',
    )
  })

  it('refuses a file it cannot read, and a secret given both ways', () => {
    expect(() => loadConfig({ ...PRODUCTION, CODE_SECRET: undefined, CODE_SECRET_FILE: join(dir, 'missing') })).toThrow(
      `CODE_SECRET_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
    )
    expect(() => loadConfig({ ...PRODUCTION, CODE_SECRET_FILE: file('both', 'x'.repeat(40)) })).toThrow('CODE_SECRET and CODE_SECRET_FILE are both set')
  })

  it('is only for secrets: BANK_NAME_FILE means nothing', () => {
    expect(loadConfig({ ...PRODUCTION, BANK_NAME_FILE: file('bank', 'Autre banque') }).bankName).toBe('la Banque du Kivu')
  })
})

import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
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
      databaseUrl: undefined,
      demoMode: true,
      bankName: DEFAULT_BANK_NAME,
      sessionIdleMinutes: 5,
      sessionMaxMinutes: 60,
      sessionTouchSeconds: 15,
      distDir: resolve('dist'),
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
    })
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
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

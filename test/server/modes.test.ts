/**
 * Fail-safe modes (rulings §7): production is the default and needs the bank's settings; demo mode
 * is asked for and stays on this machine unless a second setting says otherwise. Checked on the
 * settings and on real processes of server/main.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { isLoopback, PRODUCTION_REQUIRED } from '../../server/deployment.ts'
import { runUntilExit, startServerProcess } from './processes.ts'
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts'

const PRODUCTION = {
  CODE_SECRET: 'a-secret-of-at-least-32-characters!',
  BANK_NAME: 'la Banque du Kivu',
  DATABASE_URL: 'postgres://bank@db/portal',
  SMTP_URL: 'smtp://mail.bank.example:587',
  MAIL_FROM: 'portail@bank.example',
  SMS_GATEWAY_URL: 'https://sms.bank.example/send',
}

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-modes-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('the settings of each mode', () => {
  it('production is the default, and starts with the bank’s settings', () => {
    expect(loadConfig(PRODUCTION).demoMode).toBe(false)
  })

  it('production without settings names every one it needs, with what it is for', () => {
    let message = ''
    try {
      loadConfig({})
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      message = (error as Error).message
    }
    for (const [name, meaning] of Object.entries(PRODUCTION_REQUIRED)) expect(message).toContain(`${name}: ${meaning}`)
    expect(message).toContain('npm start')
  })

  it.each(Object.keys(PRODUCTION))('production without %s names that one only', (name) => {
    const env: Record<string, string> = { ...PRODUCTION }
    delete env[name]
    const other = name === 'DATABASE_URL' ? 'DATABASE_URL or DATA_DIR' : name
    expect(() => loadConfig(env)).toThrow(`  - ${other}: `)
    const message = (() => {
      try {
        loadConfig(env)
        return ''
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message.match(/^ {2}- /gm)).toHaveLength(1)
  })

  it('production on the embedded database when DATA_DIR names its folder', () => {
    const { DATABASE_URL: _, ...rest } = PRODUCTION
    expect(loadConfig({ ...rest, DATA_DIR: '/var/lib/portal' }).databaseUrl).toBeUndefined()
  })

  it('demo mode is asked for, and needs none of production’s settings', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true)
  })

  it.each([['0.0.0.0'], ['::'], ['192.168.1.10'], ['portal.bank.example']])('demo mode refuses HOST=%s', (host) => {
    expect(() => loadConfig({ DEMO_MODE: 'true', HOST: host })).toThrow(/Demo mode refuses to start:\n {2}- HOST=.* is not a loopback address/)
  })

  it('demo mode refuses DATABASE_URL', () => {
    expect(() => loadConfig({ DEMO_MODE: 'true', DATABASE_URL: 'postgres://bank@db/portal' })).toThrow('DATABASE_URL is set')
  })

  it('DEMO_ALLOW_EXPOSED=true lets demo mode listen on a network and use PostgreSQL', () => {
    const config = loadConfig({ DEMO_MODE: 'true', DEMO_ALLOW_EXPOSED: 'true', HOST: '0.0.0.0', DATABASE_URL: 'postgres://x@y/z' })
    expect(config).toMatchObject({ demoMode: true, host: '0.0.0.0', databaseUrl: 'postgres://x@y/z' })
  })

  it('knows the loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', 'localhost']) expect(isLoopback(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'bank.example']) expect(isLoopback(host), host).toBe(false)
  })
})

describe('server/main.ts', { timeout: 180_000 }, () => {
  it('without settings, refuses to start in production and names what is missing', async () => {
    const result = await runUntilExit({})
    expect(result.code).toBe(2)
    for (const name of Object.keys(PRODUCTION_REQUIRED)) expect(result.stderr).toContain(`  - ${name}: `)
    expect(result.stdout).toBe('')
  })

  it('refuses demo mode on a network address', async () => {
    const result = await runUntilExit({ HOST: '0.0.0.0', DATA_DIR: tempDir() }, { args: ['--demo'] })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('HOST=0.0.0.0 is not a loopback address')
  })

  it('--demo (npm start) says so in its first line, and serves the demo tools', async () => {
    const server = await startServerProcess({ DATA_DIR: tempDir() }, { args: ['--demo'] })
    try {
      expect(server.stderr().split('\n')[0]).toMatch(/^DEMO MODE \(asked by --demo or DEMO_MODE=true\)/)
      expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('in production, says so first and has no demo tools', async () => {
    const { DATABASE_URL: _, ...rest } = PRODUCTION
    const server = await startServerProcess({ ...rest, DATA_DIR: tempDir(), MIGRATE_ON_START: 'true' })
    try {
      expect(server.stderr().split('\n')[0]).toBe('Production mode: no demo data, no /__dev tools.')
      expect(server.stderr()).not.toContain('Started without')
      expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(404)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('started without the servers’ Node flags (server/node-flags.ts), says so after its first line, and runs', async () => {
    const server = await startServerProcess({ DATA_DIR: tempDir() }, { args: ['--demo'], nodeFlags: [] })
    try {
      expect(server.stderr()).toContain(
        `Started without ${SERVER_NODE_FLAGS.join(' ')}: V8 lets its young generation grow to 64 MiB of garbage on Node 24 (docs/operations.md, "Memory").`,
      )
      expect((await fetch(`${server.url}/auth/v1/countries`)).status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})

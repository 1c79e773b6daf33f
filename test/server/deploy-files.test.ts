/**
 * The files a bank deploys with (deploy/, Containerfile), read as systemd and a container build
 * would. `systemd-analyze verify` checks the units where systemd is installed (Debian's, here and
 * in CI), with the pinned Node path pointed at this test's Node (the servers' /opt/node-v24 is not
 * on this machine). The image cannot be built here (no daemon, no registry): its structure is
 * checked, and the release it installs is installed and started by compiled-start.test.ts.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS, startedWithServerFlags } from '../../server/node-flags.ts'

const template = readFileSync('deploy/portal@.service', 'utf8')
const job = readFileSync('deploy/portal-migrate.service', 'utf8')
const containerfile = readFileSync('Containerfile', 'utf8')

/** The file without its comment lines. */
const code = (file: string) => file.replace(/^#.*\n/gm, '')

/** The values of a key in a unit file, in order (comments and continuation lines aside). */
const values = (unit: string, key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1])

const HARDENING = {
  NoNewPrivileges: 'true',
  ProtectSystem: 'strict',
  ProtectHome: 'true',
  PrivateTmp: 'true',
  PrivateDevices: 'true',
  RestrictSUIDSGID: 'true',
  CapabilityBoundingSet: '',
  SystemCallFilter: '@system-service',
}

describe('deploy/portal@.service', () => {
  it('is a template: one port per instance, production, the pinned Node, no migration', () => {
    expect(values(template, 'Environment')).toContain('NODE_ENV=production PORT=%i')
    expect(values(template, 'ExecStart')).toEqual([`/opt/node-v24/bin/node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.js`])
    expect(values(template, 'ExecStartPre')).toEqual([])
    expect(code(template)).not.toMatch(/MIGRATE_ON_START=true|\/usr\/bin\/node/)
    expect(values(template, 'After')[0]).toContain('portal-migrate.service')
  })

  it('gives the secrets as credentials, read through *_FILE', () => {
    for (const id of ['code_secret', 'database_url', 'smtp_url']) {
      expect(values(template, 'LoadCredential')).toContain(`${id}:/etc/portal/credentials/${id}`)
      expect(values(template, 'Environment').join(' ')).toContain(`${id.toUpperCase()}_FILE=%d/${id}`)
    }
  })

  it.each([
    ['portal@.service', template],
    ['portal-migrate.service', job],
  ])('%s is hardened and runs unprivileged', (_name, unit) => {
    for (const [key, value] of Object.entries(HARDENING)) expect(values(unit, key), key).toContain(value)
    expect(values(unit, 'User')).toEqual(['portal'])
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=true/m) // V8's JIT needs it off
  })
})

describe('deploy/portal-migrate.service', () => {
  it('is a one-shot job running the migration command of the same release with the same settings', () => {
    expect(values(job, 'Type')).toEqual(['oneshot'])
    expect(values(job, 'ExecStart')).toEqual(['/opt/node-v24/bin/node build/server/migrate-command.js'])
    expect(values(job, 'WorkingDirectory')).toEqual(values(template, 'WorkingDirectory'))
    expect(values(job, 'EnvironmentFile')).toEqual(values(template, 'EnvironmentFile'))
    expect(values(job, 'Environment').join(' ')).toContain('DATABASE_URL_FILE=%d/database_url')
  })
})

const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0
describe.runIf(systemdAnalyze)('systemd-analyze verify', () => {
  it('finds nothing to say of either unit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-units-'))
    try {
      const node = (unit: string) => unit.replaceAll('/opt/node-v24/bin/node', process.execPath)
      writeFileSync(join(dir, 'portal@8081.service'), node(template))
      writeFileSync(join(dir, 'portal-migrate.service'), node(job))
      // Its warnings go to stderr, with exit code 0: both outputs must be empty.
      const result = spawnSync('systemd-analyze', ['verify', '--man=no', join(dir, 'portal@8081.service'), join(dir, 'portal-migrate.service')], {
        encoding: 'utf8',
      })
      expect(`${result.stdout}${result.stderr}`).toBe('')
      expect(result.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('Containerfile', () => {
  const stages = containerfile.split(/^FROM /m).slice(1)
  it('builds the release in a first stage and runs it from a second, both on Node 24 slim', () => {
    expect(containerfile).toMatch(/^ARG NODE_IMAGE=docker\.io\/library\/node:24-[a-z]+-slim$/m)
    expect(stages.map((stage) => stage.split('\n')[0])).toEqual(['${NODE_IMAGE} AS build', '${NODE_IMAGE}'])
    expect(stages[0]).toMatch(/^RUN npm ci /m)
    expect(stages[0]).toMatch(/^RUN npm run release /m)
  })

  it('installs the release as a bank does and runs it as an unprivileged user in production', () => {
    const run = stages[1]!
    expect(run).toContain('COPY --from=build /release/ ./')
    expect(run).toMatch(/^RUN npm ci --omit=dev /m)
    expect(run).toMatch(/^USER node$/m)
    expect(run.indexOf('USER node')).toBeGreaterThan(run.indexOf('RUN npm ci'))
    expect(run).toContain('NODE_ENV=production')
    expect(run).toContain(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'build/server/main.js']).replaceAll(',', ', ')}`)
    expect(code(run)).not.toMatch(/MIGRATE_ON_START|DATA_DIR=/) // migrations are a job; production names its database
  })

  it('copies no local build, data or dependencies into the build stage', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n')
    for (const entry of ['.git', 'node_modules', 'dist', 'build', 'release', '.data']) expect(ignored).toContain(entry)
  })
})

describe('the server processes’ Node flags (server/node-flags.ts)', () => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>
  it('every way of starting the server gives them: the unit, the image, npm start and start:prod, the bench that hosts it', () => {
    const flags = SERVER_NODE_FLAGS.join(' ')
    expect(scripts['start:prod']).toBe(`node ${flags} build/server/main.js`)
    expect(scripts.start).toContain(`tsx ${flags} server/main.ts --demo`)
    expect(scripts.bench).toBe(`tsx ${flags} scripts/bench/index.ts`)
    expect(values(template, 'ExecStart')[0]).toContain(` ${flags} build/server/main.js`)
    expect(containerfile).toContain(JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'build/server/main.js']).replaceAll(',', ', '))
  })

  it('a process tells whether it has them, on its command line or in NODE_OPTIONS', () => {
    expect(startedWithServerFlags([...SERVER_NODE_FLAGS], '')).toBe(true)
    expect(startedWithServerFlags([], `--enable-source-maps ${SERVER_NODE_FLAGS.join(' ')}`)).toBe(true)
    expect(startedWithServerFlags(['--import', 'tsx'], '')).toBe(false)
    expect(startedWithServerFlags(['--max-semi-space-size=64'], '')).toBe(false)
  })
})

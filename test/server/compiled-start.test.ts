/**
 * The release a bank installs (`npm run release`, scripts/release.ts): the tarball unpacked, then
 * `npm ci --omit=dev` (no tsx, no Vite, no TypeScript) and plain node, as docs/operations.md says.
 * The tarball is packed by the release's own function from a stand-in project: the server compiled
 * by tsc as `npm run build:server` does, its assets copied by the same function, and a built SPA
 * standing in for `npm run build`'s dist/ (the browser tests use the real one). One `npm ci` in all.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyServerAssets } from '../../scripts/copy-server-assets.ts'
import { packRelease, RELEASE_FILES } from '../../scripts/release.ts'
import { runUntilExit, startServerProcess, type ServerProcess } from './processes.ts'
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts'

const root = mkdtempSync(join(tmpdir(), 'portal-release-'))
const project = join(root, 'project')
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string }
const app = join(root, 'unpacked', `${name}-${version}`)
const npm = (args: string[], cwd: string) =>
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })

/** The bank's settings; the embedded database in a folder of the test's. */
const SETTINGS = {
  CODE_SECRET: 'a-secret-of-at-least-32-characters!',
  BANK_NAME: 'Banque <Test>',
  DATA_DIR: join(root, 'data'),
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'portail@bank.example',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
}

let tarball: string
let server: ServerProcess | undefined
beforeAll(() => {
  // The stand-in project: what `npm run build:prod` leaves beside the package files.
  // Without the type check (`npm run check` checks the types): the same JavaScript, for a third of the
  // CPU (as test/e2e/global-setup.ts compiles it).
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json', '--noCheck', '--outDir', join(project, 'build')], {
    stdio: 'pipe',
  })
  copyServerAssets(join(project, 'build'))
  for (const file of ['package.json', 'package-lock.json', '.nvmrc', 'deploy']) cpSync(file, join(project, file), { recursive: true })
  // The SPA's page as Vite builds it: index.html with its placeholders kept for the server.
  mkdirSync(join(project, 'dist/assets'), { recursive: true })
  const page = readFileSync('index.html', 'utf8').replace('<div id="root"></div>', '<div id="root"><p>built once</p></div>')
  writeFileSync(join(project, 'dist/index.html'), page)
  writeFileSync(join(project, 'dist/assets/app-abc123.js'), 'console.log("portal")')
  // Sources that must stay out of the release.
  mkdirSync(join(project, 'src'))
  writeFileSync(join(project, 'src/main.tsx'), '')

  tarball = packRelease(project, join(root, 'release'))
  mkdirSync(join(root, 'unpacked'))
  execFileSync('tar', ['--extract', '--gzip', '--file', tarball, '--directory', join(root, 'unpacked')])
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], app)
}, 600_000)

afterAll(async () => {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
})

describe('the release tarball, installed as a bank installs it', { timeout: 180_000 }, () => {
  it('holds one folder with the package files, the compiled server, the built SPA and the units; nothing else', () => {
    expect(tarball).toBe(join(root, 'release', `${name}-${version}.tar.gz`))
    expect(readdirSync(join(root, 'unpacked'))).toEqual([`${name}-${version}`])
    expect(readdirSync(app).sort()).toEqual([...RELEASE_FILES, 'node_modules'].sort())
    for (const file of ['build/server/main.js', 'build/server/migrate-command.js', 'build/openapi/portal.yaml', 'dist/index.html', 'deploy/portal@.service']) {
      expect(existsSync(join(app, file)), file).toBe(true)
    }
    expect(readdirSync(join(app, 'build/server/db/migrations')).length).toBe(readdirSync('server/db/migrations').length)
  })

  it('has no development tool installed', () => {
    for (const tool of ['tsx', 'vite', 'typescript', 'vitest']) expect(existsSync(join(app, 'node_modules', tool)), tool).toBe(false)
    for (const runtime of ['fastify', 'zod']) expect(existsSync(join(app, 'node_modules', runtime)), runtime).toBe(true)
  })

  it('in production, does not migrate at start: a fresh database stops it, naming the migration job', async () => {
    const result = await runUntilExit({ ...SETTINGS, DIST_DIR: join(app, 'dist') }, { script: 'build/server/main.js', cwd: app })
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('not applied; run `npm run migrate` first')
  })

  it('the migration job applies every migration, then has nothing left to do', () => {
    const job = () => execFileSync(process.execPath, ['build/server/migrate-command.js'], { cwd: app, env: { PATH: process.env.PATH, ...SETTINGS } }).toString()
    expect(job()).toMatch(/^Applied migrations 001, 002, /)
    expect(job()).toBe('No pending migration.\n')
  })

  it('starts with plain node, answers the API and serves the built SPA with the settings of this environment', async () => {
    const scripts = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).scripts as Record<string, string>
    expect(scripts['start:prod']).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.js`)
    server = await startServerProcess(
      { ...SETTINGS, DIST_DIR: join(app, 'dist'), API_BASE_URL: 'https://api.bank.example/portal/', REQUEST_TIMEOUT_MS: '20000' },
      { script: 'build/server/main.js', cwd: app },
    )
    expect(server.stderr()).toMatch(/^Production mode/)
    const countries = await fetch(`${server.url}/auth/v1/countries`)
    expect(countries.status, await countries.clone().text()).toBe(200)
    const page = await fetch(`${server.url}/login`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<meta name="bank-name" content="Banque &#60;Test&#62;" />')
    expect(html).toContain('<meta name="api-base-url" content="https://api.bank.example/portal" />')
    expect(html).toContain('<meta name="request-timeout-ms" content="20000" />')
    expect(html).toMatch(/<meta name="csp-nonce" content="[A-Za-z0-9+/=]{24}" \/>/)
    expect(html).toContain('built once')
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("connect-src 'self' https://api.bank.example;")
    expect((await fetch(`${server.url}/assets/app-abc123.js`)).status).toBe(200)
    expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(404)
  })
})

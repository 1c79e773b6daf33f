/**
 * The production start (`npm run start:prod`): the server compiled to JavaScript by
 * `npm run build:server`, run by plain node from an install without dev dependencies
 * (`npm ci --omit=dev`: no tsx, no Vite, no TypeScript), serving an SPA built beforehand and never
 * rebuilt. A temporary copy holds only what a bank deploys: package files, build/ and dist/.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from './processes.ts'

const root = mkdtempSync(join(tmpdir(), 'portal-prod-'))
const app = join(root, 'app')
const npm = (args: string[], cwd: string) =>
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } })

let server: ServerProcess | undefined
beforeAll(() => {
  // The compiled server, as `npm run build:server` makes it, into the copy.
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json', '--outDir', join(app, 'build')], { stdio: 'pipe' })
  mkdirSync(join(app, 'build/server/db'), { recursive: true })
  cpSync('server/db/migrations', join(app, 'build/server/db/migrations'), { recursive: true })
  mkdirSync(join(app, 'build/openapi'), { recursive: true })
  cpSync('openapi/portal.yaml', join(app, 'build/openapi/portal.yaml'))
  cpSync('package.json', join(app, 'package.json'))
  cpSync('package-lock.json', join(app, 'package-lock.json'))
  // A built SPA stands in for `npm run build`'s dist/ (the browser tests use the real one): what
  // matters here is that it is served as built, with the bank's name and a nonce filled in.
  mkdirSync(join(app, 'dist/assets'), { recursive: true })
  writeFileSync(join(app, 'dist/index.html'), '<!doctype html><title>%BANK_NAME%</title><style nonce="%CSP_NONCE%"></style><p>built once</p>')
  writeFileSync(join(app, 'dist/assets/app-abc123.js'), 'console.log("portal")')
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], app)
}, 600_000)

afterAll(async () => {
  await server?.stop()
  rmSync(root, { recursive: true, force: true })
})

describe('npm run start:prod from an install without dev dependencies', { timeout: 180_000 }, () => {
  it('has no development tool installed', () => {
    for (const tool of ['tsx', 'vite', 'typescript', 'vitest']) expect(existsSync(join(app, 'node_modules', tool)), tool).toBe(false)
    expect(existsSync(join(app, 'node_modules', 'fastify'))).toBe(true)
  })

  it('starts with plain node in production, migrates, answers the API and serves the built SPA', async () => {
    const scripts = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).scripts as Record<string, string>
    expect(scripts['start:prod']).toBe('node build/server/main.js')
    server = await startServerProcess(
      {
        CODE_SECRET: 'a-secret-of-at-least-32-characters!',
        BANK_NAME: 'Banque <Test>',
        DATA_DIR: join(root, 'data'),
        DIST_DIR: join(app, 'dist'),
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_FROM: 'portail@bank.example',
        SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
      },
      { script: 'build/server/main.js', cwd: app },
    )
    expect(server.stderr()).toMatch(/^Production mode/)
    const countries = await fetch(`${server.url}/auth/v1/countries`)
    expect(countries.status).toBe(200)
    const page = await fetch(`${server.url}/login`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Banque &#60;Test&#62;</title><style nonce="')
    expect(html).toContain('built once')
    expect((await fetch(`${server.url}/assets/app-abc123.js`)).status).toBe(200)
    expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(404)
  })
})

/**
 * The opener policy of the page (docs/qa.md): a production build's page cuts every pop-up off
 * (`same-origin`); the page of an inspector build (QA, marked by vite.config.ts) may keep its link
 * to the hosted Stately inspector's window (`same-origin-allow-popups`). Only the page is relaxed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSPECTOR_BUILD_MARK, INSPECTOR_OPENER_POLICY } from '../../server/http/headers.ts'
import { startTestServer, type TestServer } from './harness.ts'

const page = (head: string) => `<!doctype html><html lang="fr"><head>${head}<meta name="csp-nonce" content="%CSP_NONCE%"></head><body></body></html>`

let production: TestServer
let inspector: TestServer
const dirs: string[] = []

function dist(html: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), html)
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("portail")')
  dirs.push(dir)
  return dir
}

beforeAll(async () => {
  production = await startTestServer({ config: { distDir: dist(page('<title>Portail</title>')) } })
  inspector = await startTestServer({ config: { distDir: dist(page(INSPECTOR_BUILD_MARK)) }, seed: false })
})
afterAll(async () => {
  await Promise.all([production?.close(), inspector?.close()])
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const opener = async (server: TestServer, path: string) =>
  (await fetch(`${server.url}${path}`, { method: path.startsWith('/auth') ? 'POST' : 'GET' })).headers.get('cross-origin-opener-policy')

describe('Cross-Origin-Opener-Policy', () => {
  it('a production page cuts pop-ups off: same-origin', async () => {
    expect(await opener(production, '/login')).toBe('same-origin')
  })

  it("an inspector build's page keeps its link to the inspector's window", async () => {
    expect(INSPECTOR_OPENER_POLICY).toBe('same-origin-allow-popups')
    expect(await opener(inspector, '/login')).toBe(INSPECTOR_OPENER_POLICY)
    expect(await opener(inspector, '/app/dashboard')).toBe(INSPECTOR_OPENER_POLICY)
  })

  it("only the page: the inspector build's API answers and files never allow pop-ups", async () => {
    // Opener policies act on documents only: answers that are not pages carry none (the short
    // header set of non-documents), and never the inspector page's relaxed one.
    for (const path of ['/auth/login', '/assets/app.js']) {
      expect([null, undefined, 'same-origin']).toContain(await opener(inspector, path))
    }
  })
})

/**
 * The API contract browsable in demo mode (/__dev/api.html, Redoc served from this server under a
 * strict CSP), and absent in production. That it renders without CSP violations in a real
 * browser is test/e2e/api-docs.test.ts.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_URL } from '../../server/http/contract.ts'
import { startTestServer, type TestServer } from './harness.ts'

let demo: TestServer
let production: TestServer
beforeAll(async () => {
  demo = await startTestServer({ seed: false })
  production = await startTestServer({ seed: false, config: { demoMode: false } })
}, 180_000)
afterAll(async () => {
  await demo?.close()
  await production?.close()
})

const PATHS = ['/__dev/api.html', '/__dev/api.css', '/__dev/api/start.js', '/__dev/api/redoc.standalone.js', '/__dev/api/portal.yaml']

describe('/__dev/api.html', () => {
  it('is a page that loads Redoc from this server, started by a script file carrying the nonce of its styles', async () => {
    const res = await demo.call('/__dev/api.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const policy = res.headers.get('content-security-policy')!
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`)
    // Every script is a file of this server; none is inline, none from elsewhere.
    const scripts = [...res.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)]
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])).toEqual(['/__dev/api/redoc.standalone.js', '/__dev/api/start.js'])
    expect(scripts.every((m) => m[2] === '')).toBe(true)
    expect(res.text).toContain(`<script src="/__dev/api/start.js" nonce="${nonce}">`)
    expect(res.text).not.toMatch(/https?:\/\//)
    // A fresh nonce for each answer.
    const again = await demo.call('/__dev/api.html')
    expect(again.headers.get('content-security-policy')).not.toContain(nonce)
  })

  it('serves Redoc’s bundle, the starting script and the contract file as it is', async () => {
    const bundle = await demo.call('/__dev/api/redoc.standalone.js')
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(bundle.text).toContain('Redoc')
    const start = await demo.call('/__dev/api/start.js')
    expect(start.text).toContain('Redoc.init("/__dev/api/portal.yaml", { nonce: document.currentScript.nonce }')
    const contract = await demo.call('/__dev/api/portal.yaml')
    expect(contract.status).toBe(200)
    expect(contract.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    expect(contract.text).toBe(readFileSync(CONTRACT_URL, 'utf8'))
  })

  it('does not exist in production', async () => {
    for (const path of PATHS) {
      const res = await production.call(path)
      expect(res.status, path).toBe(404)
      expect(res.text).not.toContain('Redoc')
    }
  })
})

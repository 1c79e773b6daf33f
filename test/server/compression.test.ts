/**
 * Compression and caching (customers on slow, prepaid mobile data): the build's brotli and gzip
 * copies served by negotiation with `Vary: Accept-Encoding`, hashed files immutable and pages
 * revalidated whatever the encoding, API answers above the threshold compressed on the fly and
 * small ones left alone. Read with node:http, which (unlike fetch) shows the bytes as sent.
 */
import { request } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { COMPRESS_THRESHOLD_BYTES } from '../../server/http/compression.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let dist: string
const SCRIPT = `export const texte = ${JSON.stringify('Relevé de compte — '.repeat(400))}\n`
const INDEX = `<!doctype html><html lang="fr"><head><meta name="csp-nonce" content="%CSP_NONCE%"><title>Portail</title></head><body>${'<p>Bienvenue</p>'.repeat(200)}</body></html>`

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  const script = join(dist, 'assets', 'app-3f9a1c.js')
  writeFileSync(script, SCRIPT)
  // As the build makes them (vite.config.ts): the same file, compressed, beside it.
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT))
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT))
  server = await startTestServer({ config: { distDir: dist } })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
})

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function raw(path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

const decoded = (a: RawAnswer) =>
  (a.headers['content-encoding'] === 'br' ? brotliDecompressSync(a.body) : a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString(
    'utf8',
  )

describe('the built files', () => {
  it('brotli when accepted, else gzip, else as is; always Vary: Accept-Encoding and a year immutable', async () => {
    const path = '/assets/app-3f9a1c.js'
    const cases = [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const
    for (const [accept, encoding] of cases) {
      const res = await raw(path, { 'accept-encoding': accept })
      expect(res.status, accept).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i)
      expect(res.headers['content-type'], accept).toMatch(/javascript/)
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable')
      expect(decoded(res), accept).toBe(SCRIPT)
      if (encoding) expect(res.body.length, accept).toBeLessThan(SCRIPT.length / 5)
    }
  })

  it('the page is compressed as it is filled in, and never cached', async () => {
    const res = await raw('/login', { 'accept-encoding': 'br, gzip' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(decoded(res)).toContain('<p>Bienvenue</p>')
    expect(decoded(res)).not.toContain('%CSP_NONCE%')
  })
})

describe('API answers', () => {
  it('a statement (JSON and CSV) is compressed; a small answer is not', async () => {
    const token = await server.signIn()
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' }
    const usd = mainCustomer.accounts.usd
    const end = new Date().toISOString().slice(0, 10)
    const start = new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10)
    const period = JSON.stringify({ startDate: start, endDate: end, account: usd.number, currency: usd.currency })

    const statement = await raw(customerPath('statements'), auth, period)
    expect(statement.status).toBe(200)
    expect(statement.headers['content-encoding']).toBe('br')
    expect(String(statement.headers.vary)).toMatch(/accept-encoding/i)
    expect(statement.headers['cache-control']).toBe('no-store')
    const lines = decoded(statement)
    expect(Buffer.byteLength(lines)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    expect(JSON.parse(lines)).toMatchObject({ status: '0' })

    const report = await raw(customerPath('report/pdf'), auth, period)
    const { filename } = JSON.parse(decoded(report)) as { filename: string }
    const csv = await raw(customerPath(`download/pdf/${filename}.csv`), { authorization: auth.authorization, 'accept-encoding': 'gzip' })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-encoding']).toBe('gzip')
    expect(decoded(csv)).toContain(';')

    const small = await raw(customerPath('notification-size'), { authorization: auth.authorization, 'accept-encoding': 'br, gzip' })
    expect(small.status).toBe(200)
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})

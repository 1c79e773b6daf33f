import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, NON_DOCUMENT_HEADERS } from '../../server/http/headers.ts'
import { customerPath, startTestServer, withoutLoggerFields, type TestServer } from './harness.ts'

let server: TestServer
let dist: string
const INDEX =
  '<!doctype html><html lang="fr"><head><meta name="bank-name" content="%BANK_NAME%"><meta name="csp-nonce" content="%CSP_NONCE%"><title>Portail</title><script type="module" src="/assets/app-3f9a1c.js"></script></head><body></body></html>'
/** The build's page of its own for /login (public-pages.ts): index.html naming the login chunk. */
const LOGIN = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/LoginPage-9c1b.js"></head>')
const NONCE = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})">/

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'login.html'), LOGIN)
  writeFileSync(join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("portail")')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  mkdirSync(join(dist, 'icons'))
  writeFileSync(join(dist, 'icons', 'icon-192.png'), 'png')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
  server = await startTestServer({ config: { distDir: dist } })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
})

const SECURITY = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
}

function expectSecurityHeaders(headers: Headers, what: string, body = '') {
  const nonce = NONCE.exec(body)?.[1]
  const expected = { ...SECURITY, 'content-security-policy': contentSecurityPolicy(nonce) }
  for (const [name, value] of Object.entries(expected)) expect(headers.get(name), `${name} on ${what}`).toBe(value)
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\)/)
  // The page's own calls do not carry the browser's client hints (~100 bytes each): none is read.
  expect(headers.get('permissions-policy'), what).toMatch(/ch-ua=\(\), ch-ua-mobile=\(\), ch-ua-platform=\(\)/)
}

describe('security headers', () => {
  it('the full set on every document: pages, demo pages, SVG', async () => {
    const documents = {
      'the SPA index': await server.call('/'),
      'a client route': await server.call('/app/dashboard'),
      'a demo page': await server.call('/__dev/outbox.html'),
      'an SVG icon': await server.call('/favicon.svg'),
    }
    for (const [what, res] of Object.entries(documents)) expectSecurityHeaders(res.headers, what, res.text)
  })

  it('a short set on every other answer: JSON, errors, scripts (no page policy where none applies)', async () => {
    const token = await server.signIn()
    const answers = {
      'a public call': await server.call('/auth/v1/countries'),
      'a customer call': await server.call(customerPath('notification-size'), { token }),
      'a refused customer call': await server.call(customerPath('notification-size')),
      'a 400': await server.call('/auth/login', { body: {} }),
      'a 404 of the API': await server.call('/api/rest/customer/v1/nothing'),
      'a 501': await server.call('/auth/v1/password/ask', { body: { compte: 'K1' } }),
      'an asset': await server.call('/assets/app-3f9a1c.js'),
    }
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers.get('x-content-type-options'), what).toBe(NON_DOCUMENT_HEADERS['x-content-type-options'])
      // CORP on files; not on the API's JSON, which another site's page can only load without the token.
      const corp = what === 'an asset' ? NON_DOCUMENT_HEADERS['cross-origin-resource-policy'] : null
      expect(res.headers.get('cross-origin-resource-policy'), what).toBe(corp)
      for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) {
        expect(res.headers.get(name), `${name} on ${what}`).toBeNull()
      }
      // Mobile data: no id on a successful answer without a proxy's; JSON without a charset.
      if (res.status < 400) expect(res.headers.get('x-request-id'), what).toBeNull()
      if (what !== 'an asset') expect(res.headers.get('content-type'), what).toBe('application/json')
    }
  })

  it('the CSP is exactly the one of the brief', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
  })

  it('API answers (/auth, /api, /__dev) are never cached', async () => {
    const token = await server.signIn()
    for (const res of [
      await server.call('/auth/login', { body: { username: mainCustomer.kcode, password: mainCustomer.pin } }),
      await server.call(customerPath('notification-size'), { token }),
      await server.call(customerPath('notification-size')),
      await server.call('/api/unknown'),
      await server.call('/__dev/outbox'),
      await server.call('/__dev/faults'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('the SPA', () => {
  it('serves index.html, or the public page of its own, at / and for any client route, revalidated at each visit', async () => {
    for (const path of ['/', '/login', '/login/', '/login?from=x', '/app/dashboard', '/app/notification?page=2', '/une/route/inconnue', '/login.html']) {
      const res = await server.call(path)
      const page = ['/login', '/login/', '/login?from=x'].includes(path) ? LOGIN : INDEX
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/)
      const nonce = NONCE.exec(res.text)?.[1]
      expect(nonce, path).toBeDefined()
      expect(res.text, path).toBe(page.replace('%BANK_NAME%', 'votre banque').replace('%CSP_NONCE%', nonce!))
      // Each page has its own nonce, and its CSP admits <style> elements carrying it, nothing else.
      expect(res.headers.get('content-security-policy'), path).toContain(`style-src 'self' 'nonce-${nonce}';`)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    const [a, b] = [await server.call('/'), await server.call('/')]
    expect(NONCE.exec(a.text)?.[1]).not.toBe(NONCE.exec(b.text)?.[1])
  })

  it('writes the bank name into the page, escaped', async () => {
    const other = await startTestServer({ config: { distDir: dist, bankName: 'Banque <Kin> & Fils' }, seed: false })
    try {
      expect((await other.call('/login')).text).toContain('content="Banque &#60;Kin&#62; &#38; Fils"')
    } finally {
      await other.close()
    }
  })

  it('serves hashed assets with a long immutable cache, icons for a day, other files revalidated', async () => {
    const asset = await server.call('/assets/app-3f9a1c.js')
    expect(asset.status).toBe(200)
    expect(asset.text).toBe('console.log("portail")')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const icon = await server.call('/favicon.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400')
    expect((await server.call('/icons/icon-192.png')).headers.get('cache-control')).toBe('public, max-age=86400')
    const manifest = await server.call('/manifest.webmanifest')
    expect(manifest.status).toBe(200)
    expect(manifest.headers.get('cache-control')).toBe('no-cache')
    // Mobile data: an immutable file needs no validator; a revalidated one needs its ETag only.
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(asset.headers.get(name), name).toBeNull()
    expect(icon.headers.get('etag')).toMatch(/^W\/"/)
    expect(icon.headers.get('last-modified')).toBeNull()
    // (fetch would add `cache-control: no-cache`, which asks for the whole file again.)
    const again = await server.call('/favicon.svg', { headers: { 'if-none-match': icon.headers.get('etag')!, 'cache-control': 'max-age=0' } })
    expect(again.status).toBe(304)
    // A 304 has no body: the stored copy keeps its own type, coding and policies (RFC 9110 §15.4.5).
    expect(again.headers.get('etag')).toBe(icon.headers.get('etag'))
    expect(again.headers.get('cache-control')).toBe('public, max-age=86400')
    for (const name of ['content-type', 'content-encoding', 'x-content-type-options', 'cross-origin-resource-policy'])
      expect(again.headers.get(name), name).toBeNull()
    expect((await server.call('/assets/nothing-0000.js')).status).toBe(404)
  })

  it('does not answer index.html under /api, /auth or /__dev, nor to other methods', async () => {
    for (const path of ['/api', '/api/rest/customer/v1/unknown', '/auth/unknown', '/__dev/unknown']) {
      const res = await server.call(path)
      expect(res.status, path).toBe(404)
      expect(res.body, path).toEqual({ message: api.notFound })
    }
    const post = await server.call('/app/dashboard', { method: 'POST', body: {} })
    expect(post.status).toBe(404)
  })

  it('answers a clear 503 when the SPA is not built', async () => {
    const bare = await startTestServer({ config: { distDir: join(dist, 'missing') }, seed: false })
    try {
      const res = await bare.call('/app/dashboard')
      expect(res.status).toBe(503)
      expect(res.headers.get('content-type')).toMatch(/text\/plain/)
      expect(res.text).toBe(api.appNotBuilt)
      expect(res.text).toContain('npm run build')
      // the API works all the same
      expect((await bare.call('/auth/v1/countries')).status).toBe(200)
    } finally {
      await bare.close()
    }
  })
})

describe('request logs', () => {
  it('never contain a PIN, a token, the Authorization header or a body', async () => {
    const token = await server.signIn()
    await server.call(customerPath('notification-size'), { token })
    await server.call(customerPath('account'), { token, body: { code: mainCustomer.kcode, currency: '' } })
    await server.call(customerPath('transfer/confirm'), { token, body: { code: 'ref-1', token: '87654321' } })
    await server.call('/auth/login', { body: { username: 'K1234567', password: '24680' } }) // wrong PIN
    await server.call('/auth/login', { body: '{"username":"K1234567","password":"97531"' }) // broken JSON
    await server.call('/auth/login', { body: { username: 'K1234567', password: '13579', extra: 'x' } }) // 400
    const logs = withoutLoggerFields(server.logs())
    expect(logs).toContain('"url":"/auth/login"') // the log is there…
    for (const secret of [token, mainCustomer.pin, '24680', '97531', '13579', '87654321', 'Bearer']) {
      expect(logs, secret).not.toContain(secret) // …without the secrets
    }
    expect(logs.toLowerCase()).not.toContain('authorization')
  })

  it('say each call in one line, once it is answered: the call, its status and its time', async () => {
    await server.call('/auth/v1/countries', { headers: { 'x-request-id': 'one-line-1' } })
    const lines = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('"reqId":"one-line-1"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/auth/v1/countries' }, res: { statusCode: 200 } })
    expect(lines[0]!.responseTime).toEqual(expect.any(Number))
  })

  it('never contain the query string', async () => {
    const token = await server.signIn()
    await server.call(customerPath('notifications?page=0&size=5&secret=s3cr3t'), { token })
    expect(server.logs()).not.toContain('s3cr3t')
  })
})

/** Raw HTTP on one connection: every request written, then the raw answers (status line and headers) read back. */
async function rawExchange(requests: string[]): Promise<string[]> {
  const { port } = new URL(server.url)
  const socket = connect(Number(port), '127.0.0.1')
  const heads: string[] = []
  let received = ''
  await new Promise<void>((done, failed) => {
    socket.on('error', failed)
    socket.on('close', () => done())
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      // Each answer here has a content-length: cut it out once whole.
      for (;;) {
        const end = received.indexOf('\r\n\r\n')
        if (end === -1) return
        const head = received.slice(0, end)
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0)
        if (received.length < end + 4 + length) return
        heads.push(head)
        received = received.slice(end + 4 + length)
        if (heads.length === requests.length) socket.end()
        else socket.write(requests[heads.length]!)
      }
    })
    socket.write(requests[0]!)
  })
  return heads
}

describe('mobile data: the headers of a kept connection', () => {
  it('an HTTP/1.1 answer does not say keep-alive (persistent by default), and the connection is kept', async () => {
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`
    const heads = await rawExchange([get('/auth/v1/countries'), get('/assets/app-3f9a1c.js'), get('/login'), get('/api/unknown')])
    expect(heads).toHaveLength(4)
    for (const head of heads) {
      expect(head).not.toMatch(/\r\nconnection:/i)
      expect(head).not.toMatch(/\r\nkeep-alive:/i)
      expect(head).toMatch(/\r\ndate: /i)
    }
  })

  it('an answer after which the connection closes says so; an HTTP/1.0 client asking to keep it hears keep-alive', async () => {
    const [closing] = await rawExchange(['GET /auth/v1/countries HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'])
    expect(closing).toMatch(/\r\nconnection: close/i)
    const [old] = await rawExchange(['GET /auth/v1/countries HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'])
    expect(old).toMatch(/\r\nconnection: keep-alive/i)
  })
})

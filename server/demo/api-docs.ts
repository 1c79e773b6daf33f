/**
 * The API contract (openapi/portal.yaml), browsable in demo mode at /__dev/api.html with Redoc.
 *
 * Everything is served from this server: Redoc's standalone bundle from node_modules (a dev
 * dependency: an install without them has no page, and says so in the log), the contract file as
 * it is. The page runs no inline script: a small script file starts Redoc, so `script-src 'self'`
 * is enough. Redoc draws with styled-components, which adds `<style>` elements: they carry the
 * page's nonce (Redoc's `nonce` option), so that styles need no 'unsafe-inline' either. The nonce
 * reaches Redoc through the starting script's own `nonce` property: browsers hide a nonce
 * attribute from the page once it is parsed, so Redoc's `<redoc nonce=…>` element would read ''. Redoc's search runs in a worker made
 * from a blob: `worker-src blob:` admits it (a worker cannot touch the page; scripts stay 'self').
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import type { FastifyInstance } from 'fastify'
import { devApi } from '../../kernel/messages/devTools.ts'
import { CONTRACT_URL } from '../http/contract.ts'
import { escapeHtml } from '../http/html.ts'

const API_DOCS_PATH = '/__dev/api.html'
const BUNDLE_PATH = '/__dev/api/redoc.standalone.js'
const CONTRACT_PATH = '/__dev/api/portal.yaml'
const STYLE_PATH = '/__dev/api.css'
const START_PATH = '/__dev/api/start.js'
const CONTAINER_ID = 'contrat'

/** Starts Redoc on the contract, its styles under the nonce this script element carries. */
const START_SCRIPT = `Redoc.init(${JSON.stringify(CONTRACT_PATH)}, { nonce: document.currentScript.nonce }, document.getElementById(${JSON.stringify(CONTAINER_ID)}))\n`

/**
 * The one `<style>` element the bundle adds as it loads (perfect-scrollbar's rules, through
 * webpack's style-loader), before Redoc is started and can pass it the nonce: admitted by its hash,
 * and by the hash of the empty text it has for a moment. They belong to Redoc REDOC_VERSION; the
 * browser test (test/e2e/api-docs.test.ts) fails, naming the new hash, if an update changes them.
 */
const REDOC_VERSION = '2.5.4'
const BUNDLE_STYLE_HASHES = ["'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]

/**
 * The page's policy: the strict one of the portal, with the nonce of Redoc's styles, the hashes of
 * the bundle's own, and its search worker. Redoc's footer shows its logo from its CDN: blocked here
 * on purpose (img-src 'self'), so no request leaves; the browser reports that one violation and
 * the link stays as text.
 */
const apiDocsPolicy = (nonce: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}' ${BUNDLE_STYLE_HASHES.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')

function redocBundle(): { path: string; version: string } | undefined {
  const require = createRequire(import.meta.url)
  try {
    const path = require.resolve('redoc/bundles/redoc.standalone.js')
    const { version } = JSON.parse(readFileSync(join(dirname(path), '..', 'package.json'), 'utf8')) as { version: string }
    return { path, version }
  } catch {
    return undefined
  }
}

export function registerApiDocs(app: FastifyInstance, bankName: string): void {
  const bundle = redocBundle()
  if (!bundle) {
    app.log.warn(`Redoc is not installed (a dev dependency): ${API_DOCS_PATH} is absent.`)
    return
  }
  if (bundle.version !== REDOC_VERSION) {
    app.log.warn(`Redoc ${bundle.version} is installed, the page's style hashes are Redoc ${REDOC_VERSION}'s: its scrollbar rules may be blocked.`)
  }
  app.get(API_DOCS_PATH, (_request, reply) => {
    const nonce = randomBytes(16).toString('base64')
    return reply.type('text/html; charset=utf-8').header('content-security-policy', apiDocsPolicy(nonce)).send(page(nonce, bankName))
  })
  app.get(STYLE_PATH, (_request, reply) =>
    reply.type('text/css; charset=utf-8').send('body{margin:0;padding:0}noscript p{margin:2rem;font-family:system-ui,sans-serif}'),
  )
  app.get(START_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(START_SCRIPT))
  app.get(BUNDLE_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(createReadStream(bundle.path)))
  app.get(CONTRACT_PATH, (_request, reply) => reply.type('application/yaml; charset=utf-8').send(createReadStream(CONTRACT_URL)))
}

function page(nonce: string, bankName: string): string {
  const t = devApi
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)} — ${escapeHtml(bankName)}</title>
<link rel="stylesheet" href="${STYLE_PATH}"></head>
<body><noscript><p>${escapeHtml(t.noScript)} <a href="${CONTRACT_PATH}">portal.yaml</a></p></noscript>
<div id="${CONTAINER_ID}"></div>
<script src="${BUNDLE_PATH}"></script>
<script src="${START_PATH}" nonce="${nonce}"></script>
</body></html>
`
}

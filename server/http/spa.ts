/**
 * The built SPA (DIST_DIR). Hashed files under /assets never change, so browsers keep them a year
 * (and they carry no validator: nothing ever revalidates them); the icons are kept a day (ICON);
 * everything else (pages, the service worker, the manifest) is revalidated on each visit so that a
 * new build is picked up at once. Any other page route answers index.html: the SPA routes on the client.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { api } from '../../kernel/messages.ts'
import { apiOrigin } from '../settings.ts'
import { escapeHtml } from './html.ts'
import { PRECOMPRESSED_FILES, varyOnEncoding } from './compression.ts'
import { contentSecurityPolicy, INSPECTOR_BUILD_MARK, INSPECTOR_OPENER_POLICY, pathOf } from './headers.ts'
import { OFFLINE_PAGE, pageFileOf } from '../../kernel/publicPages.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
/**
 * The service worker's script. The page registers it with `updateViaCache: 'all'` (src/page.ts), so
 * that the browser's update check, made after every navigation (a reload, a second tab: ~640 bytes
 * of a customer's mobile data each, a 304), is answered from its cache while this lifetime lasts:
 * one check per visit instead of one per page load. Browsers go to the server anyway once a day
 * (the Service Workers spec's 24 hours), and the ETag keeps a check at a 304 when nothing changed.
 */
const SERVICE_WORKER = 'sw.js'
/**
 * The tab's icon and the home-screen icons: without a lifetime the browser asked for the favicon
 * again on every page of a visit (six times in a session, ~5 KiB of a customer's mobile data for
 * a 304 each time). A changed icon shows within a day; the pages still change at once.
 */
const ICON = 'public, max-age=86400'

/**
 * What each page is told at run time (Config's own fields): one build serves every bank and
 * every environment (rulings §9.8).
 */
export interface PageSettings {
  bankName: string
  /** '' for the portal's own origin. */
  apiBaseUrl: string
  requestTimeoutMs: number
  /** The service worker script's lifetime in a browser's cache (SERVICE_WORKER_MAX_AGE_SECONDS). */
  serviceWorkerMaxAgeSeconds: number
}

export async function registerSpa(app: FastifyInstance, distDir: string, settings: PageSettings): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`No built portal in ${distDir}: page routes answer 503 until \`npm run build\` is run.`)
  }
  // Mobile data: no Accept-Ranges (nothing here is media to resume) and no Last-Modified (the ETag
  // is the one validator a browser needs); the hashed files, immutable, need no validator at all.
  const workerScript = settings.serviceWorkerMaxAgeSeconds > 0 ? `max-age=${settings.serviceWorkerMaxAgeSeconds}` : REVALIDATE
  const bytesOnly = { ...PRECOMPRESSED_FILES, cacheControl: false, acceptRanges: false, lastModified: false } as const
  await app.register(
    async (hashed) => {
      // A chunk that this build does not have (a tab of an earlier build asking) is a plain 404,
      // not the page: the tab's import fails at once and it reloads onto this build (src/page.ts).
      hashed.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send(api.notFound))
      // RFC 9239: JavaScript's type is text/javascript, and a module script is always read as
      // UTF-8: the shorter header, on each of the page's scripts (mobile data).
      hashed.addHook('onSend', async (_request, reply, payload) => {
        if (String(reply.getHeader('content-type')).startsWith('application/javascript')) reply.header('content-type', 'text/javascript')
        return payload
      })
      await hashed.register(fastifyStatic, {
        root: join(distDir, 'assets'),
        prefix: '/',
        wildcard: true,
        decorateReply: false,
        ...bytesOnly,
        etag: false,
        setHeaders: (res) => {
          res.setHeader('cache-control', IMMUTABLE)
          varyOnEncoding(res)
        },
      })
    },
    { prefix: '/assets' },
  )
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    // index.html is never served as a file: sendIndex fills it in for each request. Neither are
    // the public pages (login.html…): they are templates too. The offline page is a plain file,
    // precached by the service worker.
    index: false,
    allowedPath: (pathName) => (!pathName.endsWith('.html') || pathName === `/${OFFLINE_PAGE}`) && !pathName.startsWith('/assets/'),
    // The build's brotli and gzip copies, chosen by Accept-Encoding (compression.ts).
    ...bytesOnly,
    setHeaders: (res, file) => {
      // The file as asked for: a precompressed copy (`sw.js.br`) stands for its original.
      const name = relative(distDir, file)
        .replaceAll('\\', '/')
        .replace(/\.(br|gz)$/, '')
      res.setHeader('cache-control', name === 'favicon.svg' || name.startsWith('icons/') ? ICON : name === SERVICE_WORKER ? workerScript : REVALIDATE)
      varyOnEncoding(res)
    },
  })
  // The root is a directory to the file server; it is the landing page to the customer.
  app.get('/', (_request, reply) => sendIndex(reply, distDir, settings))
}

const templates = new Map<string, { mtimeMs: number; html: string }>()

/** A page as built, re-read when a new build replaces it. */
function pageTemplate(path: string): string {
  const { mtimeMs } = statSync(path)
  let template = templates.get(path)
  if (template?.mtimeMs !== mtimeMs) templates.set(path, (template = { mtimeMs, html: readFileSync(path, 'utf8') }))
  return template.html
}

/**
 * The answer to a page route: index.html with the bank's name (for the blocked-access message),
 * where its API lives and its requests' time limit (src/config.ts reads them), and a fresh CSP
 * nonce, which admits the one <style> element a dialog library adds at run time; or a plain 503
 * when the SPA is not built.
 */
export function sendIndex(reply: FastifyReply, distDir: string, settings: PageSettings): FastifyReply {
  const path = join(distDir, 'index.html')
  // Checked on each call, so that a build made while the server runs is served without restart.
  if (!existsSync(path)) {
    return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(api.appNotBuilt)
  }
  // A public page has its own file naming its screen's chunks (kernel/publicPages.ts); a build without
  // it (an older one) falls back to index.html.
  const own = join(distDir, pageFileOf(pathOf(reply.request.url)))
  const nonce = randomBytes(16).toString('base64')
  const html = pageTemplate(existsSync(own) ? own : path)
    .replaceAll('%BANK_NAME%', escapeHtml(settings.bankName))
    .replaceAll('%API_BASE_URL%', escapeHtml(settings.apiBaseUrl))
    .replaceAll('%REQUEST_TIMEOUT_MS%', String(settings.requestTimeoutMs))
    .replaceAll('%CSP_NONCE%', nonce)
  if (html.includes(INSPECTOR_BUILD_MARK)) reply.header('cross-origin-opener-policy', INSPECTOR_OPENER_POLICY)
  const policy = contentSecurityPolicy(nonce, apiOrigin(settings.apiBaseUrl))
  return reply.header('cache-control', 'no-store').header('content-security-policy', policy).type('text/html; charset=utf-8').send(html)
}

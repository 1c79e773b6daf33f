/**
 * Security headers: the full set on documents (pages, and SVG which a browser can open as one),
 * where they take effect; a short set on everything else (JSON, scripts, styles, PDFs), where a
 * CSP or a frame policy does nothing but cost ~600 bytes per answer of a customer's mobile data.
 * The SPA loads nothing from elsewhere (but its API, when API_BASE_URL puts it at another origin)
 * and runs no inline script, so the CSP can be strict. API
 * answers are never cached: they carry balances, tokens and personal data.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The policy; a page served with a nonce also admits the <style> elements carrying it, and a page
 * whose API lives at another origin (API_BASE_URL) may connect to that origin too.
 */
export const contentSecurityPolicy = (styleNonce?: string, apiOrigin?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    apiOrigin ? `connect-src 'self' ${apiOrigin}` : "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

/**
 * The page of an inspector build (QA) opens the hosted Stately inspector in a pop-up and talks to
 * it: `same-origin` would sever that link, so such a page only (marked by vite.config.ts) gets
 * `same-origin-allow-popups`. A production build never carries the mark.
 */
export const INSPECTOR_BUILD_MARK = '<meta name="portal-build" content="inspector">'
export const INSPECTOR_OPENER_POLICY = 'same-origin-allow-popups'

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // ch-ua…: the page's own requests then leave out the browser's client hints (Sec-CH-UA and its
  // two siblings, ~100 bytes on every API call of a customer's mobile data), which nothing reads.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), ch-ua=(), ch-ua-mobile=(), ch-ua-platform=()',
}

/**
 * On answers that are not documents: no content sniffing (a JSON or CSV answer is never run as a
 * script or shown as a page) and no reading by another site's page (CORP) — but on the API's JSON
 * answers, where CORP guards nothing (docs/decisions.md, "No CORP on the API's JSON"): another
 * site's page can only load them without CORS, that is without the Bearer token (it answers 401
 * or public data), and the browser's opaque-response blocking already withholds JSON served with
 * `nosniff` from such a load. On a customer's mobile data it was 45 bytes of every call (~0.5 KiB
 * of a repeat session). Files (statements, photos, scripts, styles) keep it.
 */
export const NON_DOCUMENT_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const satisfies Record<string, string>

/** A document is what a browser shows as a page: where the CSP, frame and referrer policies apply. */
function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*(text\/html|image\/svg\+xml|application\/xhtml\+xml)\b/i.test(contentType)
}

const API_PREFIXES = ['/api', '/auth', '/__dev']
const JSON_WITH_CHARSET = 'application/json; charset=utf-8'
const isJson = (contentType: unknown) => contentType === JSON_WITH_CHARSET || contentType === 'application/json'

/** The paths of the API (and demo tools), as opposed to the SPA's pages and files. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

export function pathOf(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : url.slice(0, q)
}

/**
 * The security headers of one answer (called from the one onSend hook of answerHeaders, which
 * runs for every answer, including errors, 404s and the faults' early answers).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.statusCode === 304) return withoutRepresentationHeaders(reply)
  const contentType = reply.getHeader('content-type')
  const api = isApiPath(pathOf(request.url))
  if (isDocument(contentType)) {
    // A page carries its own policies (the CSP with its nonce; an inspector build's opener
    // policy); every other document gets the strict ones.
    const pagePolicy = reply.getHeader('content-security-policy')
    const pageOpener = reply.getHeader('cross-origin-opener-policy')
    reply.headers(SECURITY_HEADERS)
    if (pagePolicy) reply.header('content-security-policy', pagePolicy)
    if (pageOpener) reply.header('cross-origin-opener-policy', pageOpener)
  } else {
    reply.header('x-content-type-options', NON_DOCUMENT_HEADERS['x-content-type-options'])
    if (!api || !isJson(contentType)) reply.header('cross-origin-resource-policy', NON_DOCUMENT_HEADERS['cross-origin-resource-policy'])
  }
  if (api) reply.header('cache-control', 'no-store')
  // JSON is UTF-8 by definition and its media type has no charset parameter (RFC 8259): the
  // 15 bytes Fastify adds to every JSON answer are mobile data for nothing.
  if (contentType === JSON_WITH_CHARSET) reply.header('content-type', 'application/json')
}

/**
 * A 304 carries no body: the browser keeps the headers of the copy it holds and updates only those
 * of its cache (RFC 9110 §15.4.5: a 304 SHOULD NOT carry representation metadata beyond Cache-Control,
 * Content-Location, Date, ETag, Expires and Vary). So no content type or coding, and no policy
 * for a body that is not there: the stored copy keeps its own. The service worker's update check on
 * every navigation of a returning customer is such an answer (~150 bytes of mobile data each).
 */
function withoutRepresentationHeaders(reply: FastifyReply): void {
  for (const name of REPRESENTATION_HEADERS) {
    reply.removeHeader(name)
    // The file server writes some of them straight on Node's answer.
    if (!reply.raw.headersSent) reply.raw.removeHeader(name)
  }
}
const REPRESENTATION_HEADERS = ['content-type', 'content-encoding', 'content-length', ...Object.keys(NON_DOCUMENT_HEADERS)]

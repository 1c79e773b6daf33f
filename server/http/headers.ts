/**
 * Security headers on every answer (API, SPA files, errors, faults): the SPA loads nothing from
 * elsewhere and runs no inline script or style, so the CSP can be strict. API answers are never
 * cached: they carry balances, tokens and personal data.
 */
import type { FastifyInstance } from 'fastify'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

const API_PREFIXES = ['/api', '/auth', '/__dev']

/** The paths of the API (and demo tools), as opposed to the SPA's pages and files. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

export function pathOf(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : url.slice(0, q)
}

export function securityHeaders(app: FastifyInstance): void {
  // onSend runs for every answer, including errors, 404s and the faults' early answers.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS)
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'no-store')
    return payload
  })
}

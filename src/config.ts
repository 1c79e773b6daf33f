import { DEFAULT_BANK_NAME } from '../machines/messages/core'

/** The request time limit when the page does not say one: every request ends, no spinner turns forever. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000

/**
 * What the server writes into each page at run time (server/http/spa.ts, rulings §9.8), so that
 * one build serves every bank and every environment: the bank's name, where the API lives and the
 * requests' time limit. A value still `%…%` is a page the server did not fill in (Vite's dev
 * server, the prerendered pages): the defaults then apply.
 */
function pageSetting(name: string): string | undefined {
  // No document where the build prerenders the public pages (src/prerender.tsx).
  const value = globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim()
  return value && !value.startsWith('%') ? value : undefined
}

export interface ApiSettings {
  /** '' for the portal's own origin (rulings §3), else an absolute URL without a final slash. */
  apiBaseUrl: string
  requestTimeoutMs: number
}

/** The API's settings from the page's values; a value the server would never write falls back to the default. */
export function apiSettings(values: { apiBaseUrl?: string; requestTimeoutMs?: string }): ApiSettings {
  const base = values.apiBaseUrl?.trim() ?? ''
  const timeout = Number(values.requestTimeoutMs)
  return {
    apiBaseUrl: /^https?:\/\//.test(base) ? base.replace(/\/+$/, '') : '',
    requestTimeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_REQUEST_TIMEOUT_MS,
  }
}

const api = apiSettings({ apiBaseUrl: pageSetting('api-base-url'), requestTimeoutMs: pageSetting('request-timeout-ms') })

/** Where the API lives: the portal's own origin by default (rulings §3); API_BASE_URL on the server. */
export const apiBaseUrl: string = api.apiBaseUrl

/** Every request gives up after this long (REQUEST_TIMEOUT_MS on the server). */
export const requestTimeoutMs: number = api.requestTimeoutMs

/**
 * The bank's name fills `{provider}` in the blocked-access message. The server writes its
 * BANK_NAME setting into a meta tag of index.html, so that one build serves any bank.
 */
export function bankName(): string {
  return pageSetting('bank-name') ?? DEFAULT_BANK_NAME
}

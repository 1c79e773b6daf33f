import { DEFAULT_BANK_NAME } from '../machines/messages/core'

/** Where the API lives: the portal's own origin by default (rulings §3); a build setting. */
export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? ''

/** Every request gives up after this long, so that no spinner turns forever. */
export const requestTimeoutMs = Number(import.meta.env.VITE_REQUEST_TIMEOUT_MS ?? 15_000)

/**
 * The bank's name fills `{provider}` in the blocked-access message. The server writes its
 * BANK_NAME setting into a meta tag of index.html, so that one build serves any bank.
 */
export function bankName(): string {
  // No document where the build prerenders the public pages (src/prerender.tsx).
  const value = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="bank-name"]')?.content?.trim()
  return value && !value.startsWith('%') ? value : DEFAULT_BANK_NAME
}

/**
 * A page kept by the service worker carries the CSP nonce of the answer it was fetched with. Served
 * as it is, every visit would reuse that one nonce, and a nonce that does not change admits
 * whatever style an attacker manages to inject. So each time the worker serves a kept page, it
 * gives the page a fresh nonce, in both places the server put it: the policy header and the
 * `csp-nonce` meta element. Pure, for the unit tests.
 */
const NONCE_META = /(<meta name="csp-nonce" content=")([^"]+)(")/

export interface PageParts {
  html: string
  policy: string
}

/** The page with `nonce` in place of its own, or undefined when it does not carry one in both places. */
export function withFreshNonce({ html, policy }: PageParts, nonce: string): PageParts | undefined {
  const old = NONCE_META.exec(html)?.[2]
  if (!old || !policy.includes(`'nonce-${old}'`)) return undefined
  return { html: html.replace(NONCE_META, `$1${nonce}$3`), policy: policy.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`) }
}

/** 16 random bytes in base64, as the server makes its nonces (server/http/spa.ts). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

/** The page's root with the markup the build prerendered in it (scripts/vite/public-pages.ts). */
const PRERENDERED_ROOT = /<div id="root" data-prerendered="[^"]*">[\s\S]*<\/div>(\s*<\/body>)/

/**
 * The kept sign-in page as the app's page (an /app route reloaded): its prerendered form taken
 * out, so that the app, which its entry starts on any route but /login (src/signIn.tsx), renders
 * in an empty root as it does from index.html, and the sign-in form never shows meanwhile.
 * Undefined when the page has no prerendered root (then the page is asked of the network).
 */
export function withoutPrerendered(html: string): string | undefined {
  return PRERENDERED_ROOT.test(html) ? html.replace(PRERENDERED_ROOT, '<div id="root"></div>$1') : undefined
}

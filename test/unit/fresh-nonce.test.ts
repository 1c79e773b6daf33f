/**
 * The service worker's fresh nonce for a kept page (src/serviceWorker/freshNonce.ts): the page's
 * meta element and its policy header change together, and a page that does not carry a nonce in
 * both places is not served from the cache at all. The same page as the app's (an /app route
 * reloaded): its prerendered form taken out, nothing else.
 */
import { describe, expect, it } from 'vitest'
import { isAppRoute } from '../../kernel/publicPages'
import { newNonce, withFreshNonce, withoutPrerendered } from '../../src/serviceWorker/freshNonce'

const policy = (nonce: string) => `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; object-src 'none'`
const page = (nonce: string) => `<head><meta name="csp-nonce" content="${nonce}" /><title>Banque</title></head><body>${nonce.length}</body>`

describe('a kept page served with a fresh nonce', () => {
  it('replaces the nonce in the meta element and in the policy, and nothing else', () => {
    expect(withFreshNonce({ html: page('OLD+nonce/=='), policy: policy('OLD+nonce/==') }, 'NEW')).toEqual({
      html: '<head><meta name="csp-nonce" content="NEW" /><title>Banque</title></head><body>12</body>',
      policy: policy('NEW'),
    })
  })

  it('gives up on a page whose nonce is missing from the meta element or from the policy', () => {
    expect(withFreshNonce({ html: '<head></head>', policy: policy('A') }, 'NEW')).toBeUndefined()
    expect(withFreshNonce({ html: page('A'), policy: "style-src 'self'" }, 'NEW')).toBeUndefined()
    expect(withFreshNonce({ html: page('A'), policy: policy('B') }, 'NEW')).toBeUndefined()
  })

  it('makes a new 16-byte nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16)
  })
})

describe('the kept sign-in page as the app’s page', () => {
  const head = '<head><meta name="csp-nonce" content="N" /><script type="module" src="/assets/signIn-x.js"></script></head>'
  const form = '<main class="a"><form><div class="b"><input name="username"/></div><button type="submit" disabled="">Connexion</button></form></main>'

  it('empties the prerendered root and keeps the rest of the page as it is', () => {
    const page = `<!doctype html><html>${head}\n  <body>\n    <div id="root" data-prerendered="/login">${form}</div>\n  </body>\n</html>`
    expect(withoutPrerendered(page)).toBe(`<!doctype html><html>${head}\n  <body>\n    <div id="root"></div>\n  </body>\n</html>`)
  })

  it('gives up on a page without a prerendered root (then the network answers)', () => {
    expect(withoutPrerendered(`<html>${head}<body><div id="root"></div></body></html>`)).toBeUndefined()
  })

  it('is for /app and below only: the public pages and the server’s own pages are not the app’s', () => {
    for (const path of ['/app', '/app/', '/app/balance', '/app/transfers/account']) expect(isAppRoute(path), path).toBe(true)
    for (const path of ['/', '/login', '/home', '/reinit-password', '/application', '/api-docs', '/conditions']) expect(isAppRoute(path), path).toBe(false)
  })
})

/**
 * The service worker's fresh nonce for a kept page (src/serviceWorker/freshNonce.ts): the page's
 * meta element and its policy header change together, and a page that does not carry a nonce in
 * both places is not served from the cache at all.
 */
import { describe, expect, it } from 'vitest'
import { newNonce, withFreshNonce } from '../../src/serviceWorker/freshNonce'

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

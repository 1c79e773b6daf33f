/**
 * A statement file's link (server/domain/download-links.ts) opens only as this server wrote it: a
 * changed claim, a changed signature, or another text of the same signature's bytes (the spare bits
 * of its last character, a character a base64url decoder skips) is refused. The server test
 * (test/server/statements.test.ts) changed a link's last character and, once in a while, met a
 * character whose change only touched those spare bits: the link still opened.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signLink, verifyLink } from '../../server/domain/download-links.ts'

const key = randomBytes(32)
const now = new Date('2026-11-27T10:00:00Z')
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

describe('a statement link', () => {
  it('opens as written, until it expires', () => {
    const { link, claims } = signLink(key, { file: 'releve-1', format: 'pdf', customer: '7' }, now)
    expect(verifyLink(key, link, now)).toEqual(claims)
    expect(verifyLink(key, link, new Date(now.getTime() + 61_000))).toBeUndefined()
  })

  it('is refused when any character of its signature is another, including the last one’s spare bits', () => {
    for (let i = 0; i < 20; i++) {
      const { link } = signLink(key, { file: `releve-${i}`, format: 'csv', customer: '7' }, now)
      const [claims, mac] = link.split('.') as [string, string]
      const last = BASE64URL.indexOf(mac.at(-1)!)
      // HMAC-SHA256 is 32 bytes, 43 characters: the last one carries 4 bits and 2 spare ones.
      for (const spare of [1, 2, 3]) {
        const sameBytes = `${mac.slice(0, -1)}${BASE64URL[last ^ spare]}`
        expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(mac, 'base64url'))
        expect(verifyLink(key, `${claims}.${sameBytes}`, now)).toBeUndefined()
      }
      expect(verifyLink(key, `${claims}.${mac.slice(0, 10)}!${mac.slice(10)}`, now)).toBeUndefined()
      expect(verifyLink(key, `${claims}.${mac}=`, now)).toBeUndefined()
    }
  })

  it('is refused when its claims were changed, or signed under another key', () => {
    const { link } = signLink(key, { file: 'releve-1', format: 'pdf', customer: '7' }, now)
    const [claims, mac] = link.split('.') as [string, string]
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), customer: '8' })).toString('base64url')
    expect(verifyLink(key, `${forged}.${mac}`, now)).toBeUndefined()
    expect(verifyLink(randomBytes(32), link, now)).toBeUndefined()
    expect(verifyLink(key, `${link}.x`, now)).toBeUndefined()
  })
})

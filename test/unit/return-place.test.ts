import { describe, expect, it } from 'vitest'
import { returnPathOf } from '../../machines/session/session.rules.ts'

const ORIGIN = 'https://banque.example'
const place = (path: unknown, kcode = 'K1234567') => ({ path, kcode })

describe('the page a customer returns to after an expiry (rulings §6.4)', () => {
  it('an /app page of the portal, with its query, for the same customer', () => {
    expect(returnPathOf(place('/app/transfer'), 'K1234567', ORIGIN)).toBe('/app/transfer')
    expect(returnPathOf(place('/app/statement?x=1#haut'), 'K1234567', ORIGIN)).toBe('/app/statement?x=1#haut')
  })

  it('never another customer’s page', () => {
    expect(returnPathOf(place('/app/transfer'), 'K7654321', ORIGIN)).toBeNull()
  })

  it('never a public page, another origin, or a path that resolves outside /app', () => {
    for (const path of [
      '/login',
      '/',
      '/app',
      '/application/x',
      '//evil.example/app/x',
      '/\\evil.example/app/x',
      'https://evil.example/app/transfer',
      'javascript:alert(1)',
      '/app/../login',
      '/app/%2e%2e/login',
      'app/transfer',
      '',
      42,
      null,
    ]) {
      expect(returnPathOf(place(path), 'K1234567', ORIGIN), String(path)).toBeNull()
    }
    expect(returnPathOf(null, 'K1234567', ORIGIN)).toBeNull()
    expect(returnPathOf('/app/transfer', 'K1234567', ORIGIN)).toBeNull()
  })
})

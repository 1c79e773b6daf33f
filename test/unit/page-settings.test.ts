/**
 * The SPA's API settings, as src/config.ts reads them from the page the server filled in
 * (API_BASE_URL and REQUEST_TIMEOUT_MS, rulings §9.8): one build for every environment. The page as
 * served is checked in test/server/compiled-start.test.ts; the client using the base in the
 * server tests that call it (client-answers, spec8-client…).
 */
import { describe, expect, it } from 'vitest'
import { apiSettings, DEFAULT_REQUEST_TIMEOUT_MS } from '../../src/config.ts'

describe('apiSettings', () => {
  it('takes the values the server wrote', () => {
    expect(apiSettings({ apiBaseUrl: 'https://api.bank.example/portal', requestTimeoutMs: '20000' })).toEqual({
      apiBaseUrl: 'https://api.bank.example/portal',
      requestTimeoutMs: 20_000,
    })
  })

  it('calls the portal’s own origin, with 15 s per request, when the page says nothing (Vite’s dev server, a prerendered page)', () => {
    expect(apiSettings({})).toEqual({ apiBaseUrl: '', requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS })
    expect(apiSettings({ apiBaseUrl: '', requestTimeoutMs: '' })).toEqual({ apiBaseUrl: '', requestTimeoutMs: 15_000 })
  })

  it('drops a final slash, so that the contract’s paths join the base', () => {
    expect(apiSettings({ apiBaseUrl: 'http://10.0.0.5:8080/' }).apiBaseUrl).toBe('http://10.0.0.5:8080')
  })

  it.each([
    [{ apiBaseUrl: 'javascript:alert(1)' }, ''],
    [{ apiBaseUrl: '//evil.example' }, ''],
    [{ apiBaseUrl: 'api.bank.example' }, ''],
  ])('ignores a base no server would write: %o', (values, base) => {
    expect(apiSettings(values).apiBaseUrl).toBe(base)
  })

  it.each([['0'], ['-5'], ['2.5'], ['soon']])('ignores a time limit no server would write: %s', (value) => {
    expect(apiSettings({ requestTimeoutMs: value }).requestTimeoutMs).toBe(DEFAULT_REQUEST_TIMEOUT_MS)
  })
})

import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { requestIdOf } from '../../server/http/request-id.ts'

const withHeader = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage

describe('request ids', () => {
  it('makes 20 random letters, all different, across refills of its pool of random bytes', () => {
    // 1,000 ids: several refills of the 256-id pool.
    const ids = Array.from({ length: 1000 }, () => requestIdOf(withHeader()))
    for (const id of ids) expect(id).toMatch(/^[a-z]{20}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("keeps the proxy's id when it looks like one, and replaces any other", () => {
    expect(requestIdOf(withHeader('lb-7f3a.42_x'))).toBe('lb-7f3a.42_x')
    expect(requestIdOf(withHeader('a b'))).toMatch(/^[a-z]{20}$/)
  })
})

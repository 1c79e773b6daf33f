import { describe, expect, it } from 'vitest'
import { dealInProportion, EXPECTED_SECONDS, longestFirst } from '../sequencer.ts'

describe('the test files dealt to the shared workers', () => {
  it('keeps every file once, each queue in its own order', () => {
    const dealt = dealInProportion(['b1', 'b2', 'b3'], ['s1', 's2', 's3', 's4', 's5', 's6'])
    expect([...dealt].sort()).toEqual(['b1', 'b2', 'b3', 's1', 's2', 's3', 's4', 's5', 's6'])
    expect(dealt.filter((f) => f.startsWith('b'))).toEqual(['b1', 'b2', 'b3'])
    expect(dealt.filter((f) => f.startsWith('s'))).toEqual(['s1', 's2', 's3', 's4', 's5', 's6'])
  })

  it('deals the two queues in proportion, so that they run out together', () => {
    expect(dealInProportion(['b1', 'b2', 'b3'], ['s1', 's2', 's3', 's4', 's5', 's6']).join(' ')).toBe('b1 s1 s2 b2 s3 s4 b3 s5 s6')
    expect(dealInProportion(['b1', 'b2'], ['s1', 's2']).join(' ')).toBe('b1 s1 b2 s2')
  })

  it('copes with an empty queue (one project chosen)', () => {
    expect(dealInProportion([], ['s1', 's2'])).toEqual(['s1', 's2'])
    expect(dealInProportion(['b1', 'b2'], [])).toEqual(['b1', 'b2'])
  })

  it('puts the files that failed first, then the known long ones longest first, then the rest as given', () => {
    const known: Record<string, { failed: boolean; ms: number }> = {
      small: { failed: false, ms: 0 },
      long: { failed: false, ms: 90_000 },
      failed: { failed: true, ms: 1_000 },
      longer: { failed: false, ms: 120_000 },
      other: { failed: false, ms: 0 },
    }
    expect(longestFirst(['small', 'long', 'failed', 'longer', 'other'], (f) => known[f]!)).toEqual(['failed', 'longer', 'long', 'small', 'other'])
  })

  it('knows the long files by paths that exist', async () => {
    const { existsSync } = await import('node:fs')
    for (const path of Object.keys(EXPECTED_SECONDS)) expect(existsSync(path), path).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { dealInProportion } from '../sequencer.ts'

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
})

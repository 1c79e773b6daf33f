import { afterAll, describe, expect, it } from 'vitest'
import { hashPin, usePinHashCost, verifyPin } from '../../server/domain/pins.ts'

describe('the PIN hashes’ cost (PIN_HASH_COST)', () => {
  afterAll(() => usePinHashCost(15))

  it('is production’s N = 2^15 by default; a cheaper one applies to new hashes, and each hash is checked at its own', async () => {
    const dear = await hashPin('24680')
    expect(dear.startsWith('scrypt$32768$8$1$')).toBe(true)
    usePinHashCost(10)
    const cheap = await hashPin('24680')
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true)
    expect(await verifyPin('24680', dear)).toBe(true)
    expect(await verifyPin('24680', cheap)).toBe(true)
    expect(await verifyPin('13579', cheap)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { formatClock } from '../../src/flows/shell/useClock'
import { MASK, maskSecrets } from '../../src/inspect/mask'

describe('clock (spec §9: dd/MM/YYYY h:mm:ss)', () => {
  it('pads day, month, minutes and seconds but not the hour', () => {
    expect(formatClock(new Date(2026, 0, 5, 9, 3, 7))).toBe('05/01/2026 9:03:07')
    expect(formatClock(new Date(2026, 11, 31, 23, 59, 59))).toBe('31/12/2026 23:59:59')
    expect(formatClock(new Date(2026, 6, 14, 0, 0, 0))).toBe('14/07/2026 0:00:00')
  })
})

describe('what the inspector may see', () => {
  it('masks PINs, passwords and tokens at any depth, and nothing else', () => {
    const event = {
      type: 'session.start',
      token: 'abc',
      user: { name: 'Jean', kcode: 'K1234567' },
      values: { username: 'K1234567', password: '12345' },
      list: [{ oldPassword: 'x', password2: 'y', pin: '1' }],
    }
    expect(maskSecrets(event)).toEqual({
      type: 'session.start',
      token: MASK,
      user: { name: 'Jean', kcode: 'K1234567' },
      values: { username: 'K1234567', password: MASK },
      list: [{ oldPassword: MASK, password2: MASK, pin: MASK }],
    })
    expect(event.token).toBe('abc')
  })

  it('leaves empty fields visible so that QA sees a field was not filled', () => {
    expect(maskSecrets({ password: '' })).toEqual({ password: '' })
  })
})

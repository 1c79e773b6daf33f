/**
 * formatDateTime (server/domain/transfers.ts) keeps the last text of each time zone by its second:
 * the same text as Intl's for every date, whatever came before it.
 */
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../server/domain/transfers.ts'

const intl = (date: Date, timeZone: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone }).format(date)

describe('formatDateTime', () => {
  it('says each date as Intl does, in each time zone, within a second, across seconds and back', () => {
    const base = Date.UTC(2026, 2, 12, 13, 3, 5)
    const offsets = [0, 1, 999, 1000, 1001, 59_999, 60_000, 0, 3_600_000, -1, 0]
    for (const timeZone of ['Africa/Kinshasa', 'Africa/Lubumbashi', 'UTC', 'Africa/Kinshasa']) {
      for (const offset of offsets) {
        const date = new Date(base + offset)
        expect(formatDateTime(date, timeZone), `${timeZone} ${date.toISOString()}`).toBe(intl(date, timeZone))
      }
    }
    expect(formatDateTime(new Date(base), 'Africa/Kinshasa')).toBe('12 mars 2026 à 14:03:05')
    expect(formatDateTime(new Date(base), 'Africa/Lubumbashi')).toBe('12 mars 2026 à 15:03:05')
  })
})

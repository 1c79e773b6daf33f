/** Date fields read jj/mm/aaaa whatever the browser's language; the form keeps yyyy-mm-dd (spec §9). */
import { describe, expect, it } from 'vitest'
import { dateToText, textToDate } from '../../src/ui/dateText'

describe('date fields: jj/mm/aaaa on screen, yyyy-mm-dd in the form', () => {
  it('shows the form value day first', () => {
    expect(dateToText('2026-03-05')).toBe('05/03/2026')
    expect(dateToText('')).toBe('')
    expect(dateToText('05/0')).toBe('05/0')
  })

  it('reads a day, a month and a year, with or without leading zeros or slashes', () => {
    expect(textToDate('05/03/2026')).toBe('2026-03-05')
    expect(textToDate('5/3/2026')).toBe('2026-03-05')
    expect(textToDate(' 5.3.2026 ')).toBe('2026-03-05')
    expect(textToDate('05032026')).toBe('2026-03-05')
  })

  it('never reads month first: 12/31/2026 is day 12 of month 31, which the form refuses', () => {
    expect(textToDate('12/31/2026')).toBe('2026-31-12')
  })

  it('hands anything else to the form as typed, for its "jj/mm/aaaa" message', () => {
    for (const text of ['05/03/26', 'demain', '05/03', '']) expect(textToDate(text)).toBe(text)
  })

  it('keeps a yyyy-mm-dd typed as such', () => {
    expect(textToDate('2026-03-05')).toBe('2026-03-05')
  })
})

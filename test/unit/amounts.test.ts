/**
 * Amounts as shown (rulings §1: 2 decimals, French format, currency code; 1 USD, 2 EUR, 3 CDF,
 * anything else NA), computed exactly on the digits (rulings §4: never a float).
 */
import { describe, expect, it } from 'vitest'
import { CURRENCY_SEPARATOR, GROUP_SEPARATOR, currencyLabel, formatAmount, formatNumber } from '../../machines/amounts.ts'

/** Readable expectations: `_` is the group separator (U+202F), `~` the one before the code (U+00A0). */
const shown = (pattern: string) => pattern.replaceAll('_', '\u202F').replaceAll('~', '\u00A0')

describe('formatAmount (rulings §1)', () => {
  it.each([
    ['1234.5', '1', '1_234,50~USD'],
    ['1234.56', '2', '1_234,56~EUR'],
    ['0', '3', '0,00~CDF'],
    ['0.5', '1', '0,50~USD'],
    ['12', '1', '12,00~USD'],
    ['999.99', '1', '999,99~USD'],
    ['1000', '1', '1_000,00~USD'],
    ['1234567.89', '3', '1_234_567,89~CDF'],
    ['-5.00', '1', '-5,00~USD'],
    ['-1234.5', '2', '-1_234,50~EUR'],
    ['12,5', '1', '12,50~USD'],
    [' 42.10 ', '1', '42,10~USD'],
    ['007.5', '1', '7,50~USD'],
  ])('%j in currency %j → %j', (amount, currency, expected) => {
    expect(formatAmount(amount, currency)).toBe(shown(expected))
  })

  it('is exact beyond the precision of a float', () => {
    expect(formatAmount('9007199254740993.01', '1')).toBe(shown('9_007_199_254_740_993,01~USD'))
    expect(formatAmount('0.1', '1')).toBe(shown('0,10~USD'))
  })

  it('rounds an answer with more than 2 decimals half away from zero, on the digits', () => {
    expect(formatNumber('1.005')).toBe('1,01')
    expect(formatNumber('1.004')).toBe('1,00')
    expect(formatNumber('999.995')).toBe(shown('1_000,00'))
    expect(formatNumber('-2.675')).toBe('-2,68')
    expect(formatNumber('-0.001')).toBe('0,00')
  })

  it('any currency code other than 1, 2, 3 shows NA', () => {
    expect(formatAmount('10', '9')).toBe(shown('10,00~NA'))
    expect(formatAmount('10', '')).toBe(shown('10,00~NA'))
    expect(formatAmount('10', 'USD')).toBe(shown('10,00~NA'))
    expect(formatAmount('10', 'toString')).toBe(shown('10,00~NA'))
    expect(formatAmount('10', undefined)).toBe(shown('10,00~NA'))
    expect([currencyLabel('1'), currencyLabel('2'), currencyLabel('3'), currencyLabel(' 3 ')]).toEqual(['USD', 'EUR', 'CDF', 'CDF'])
  })

  it('a text that is not an amount is shown as it came, with its currency', () => {
    expect(formatAmount('n/a', '1')).toBe(shown('n/a~USD'))
    expect(formatAmount('1e3', '1')).toBe(shown('1e3~USD'))
    expect(formatNumber('')).toBeNull()
  })

  it('uses the separators of Intl.NumberFormat("fr-FR"): U+202F between groups, U+00A0 before the code', () => {
    expect(GROUP_SEPARATOR).toBe('\u202F')
    expect(CURRENCY_SEPARATOR).toBe('\u00A0')
    // Cross-check with the browser's own formatting, on values a float holds exactly.
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD', currencyDisplay: 'code' })
    for (const [amount, value] of [
      ['1234.5', 1234.5],
      ['-1234567.25', -1234567.25],
      ['0', 0],
      ['999.75', 999.75],
    ] as const) {
      expect(formatAmount(amount, '1')).toBe(intl.format(value))
    }
  })
})

import { describe, expect, it } from 'vitest'
import { fromCents, summaryOf, toCents } from '../../machines/statement/statement.rules.ts'

const line = (debit: string, credit: string, solde: string, n = 1) => ({
  num_transaction: `T${n}`,
  date_operation: '2026-01-0' + n + 'T10:00:00Z',
  num: '000110000000000000012',
  description: 'Opération',
  debit,
  credit,
  solde,
})

describe('the period of a statement at a glance', () => {
  it('opening, closing, totals and the balance after each line, exactly', () => {
    const summary = summaryOf([line('', '100.10', '1100.10', 1), line('0.20', '', '1099.90', 2), line('2000.00', '', '-900.10', 3)])
    expect(summary).toEqual({
      opening: '1000.00',
      closing: '-900.10',
      totalDebits: '2000.20',
      totalCredits: '100.10',
      balances: [100000n, 110010n, 109990n, -90010n],
      lowest: -90010n,
      highest: 110010n,
    })
  })

  it('the opening balance undoes a first debit too; no line, or an unreadable balance, gives nothing', () => {
    expect(summaryOf([line('10.00', '', '5.00')])?.opening).toBe('15.00')
    expect(summaryOf([])).toBeNull()
    expect(summaryOf([line('1.00', '', 'n/a')])).toBeNull()
  })

  it('cents both ways, with 0.1 + 0.2 as a bank counts it', () => {
    expect(fromCents((toCents('0.1') ?? 0n) + (toCents('0.2') ?? 0n))).toBe('0.30')
    expect(toCents('-0.05')).toBe(-5n)
    expect(fromCents(-5n)).toBe('-0.05')
    expect(toCents('')).toBeNull()
    expect(toCents('1.234')).toBeNull()
  })

  it('amounts too long for a JS number, and totals past 2^53 cents, are still counted exactly', () => {
    const huge = summaryOf([line('', '12345678901234567.89', '12345678901234567.89', 1), line('0.01', '', '12345678901234567.88', 2)])
    expect(huge).toMatchObject({
      opening: '0.00',
      closing: '12345678901234567.88',
      totalCredits: '12345678901234567.89',
      totalDebits: '0.01',
      lowest: 0n,
      highest: 1234567890123456789n,
    })
    // Each credit fits a JS number in cents (13 whole digits); their sum, 9,999,999,999,999,991 cents, is
    // past 2^53 and odd, so a float would round it. (The balances are kept short on purpose: a long one
    // alone would be counted in BigInt from the start.)
    const credits = [...Array.from({ length: 10 }, () => '9999999999999.99'), '0.01']
    const summary = summaryOf(credits.map((credit, i) => line('', credit, '1.00', i)))
    expect(summary).toMatchObject({ totalCredits: '99999999999999.91', totalDebits: '0.00', closing: '1.00' })
  })

  it('every shape of amount reads as toCents reads it', () => {
    const shapes = ['1', '+1', '-1', '1.5', '1,5', '-0.05', ' 12.34 ', '1.', '.5', '1.234', '1e3', 'abc', '', '-', '1,2,3', '٣']
    for (const debit of shapes) {
      const summary = summaryOf([line(debit, '', '10.00', 1)])
      expect(summary?.totalDebits, debit).toBe(fromCents(toCents(debit) ?? 0n))
    }
  })
})

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
})

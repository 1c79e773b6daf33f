/** Pure helpers of the statement machine (spec §4 Statement, §9 date defaults; rulings §1 amounts). */
import { describe, expect, it } from 'vitest'
import { canDownload, defaultValues, downloadInputOf, firstDayOfMonth, resultOf, statementRequestOf } from '../../machines/statement/statement.rules.ts'
import { rowOf } from '../../machines/statement/statement.screen.ts'
import type { StatementRequest, Transaction } from '../../machines/statement/statement.types.ts'

const asked: StatementRequest = { startDate: '2026-05-01', endDate: '2026-05-14', account: '000110000000000000012', currency: '2' }
const tx: Transaction = {
  num_transaction: 'TRX-1',
  date_operation: '2026-05-02T08:00:00.000Z',
  num: asked.account,
  description: 'Virement reçu',
  debit: '',
  credit: '1234567.891',
  solde: '-12.5',
}

describe('firstDayOfMonth and the form defaults (spec §2, §9)', () => {
  it('the first day of the month of today', () => {
    expect(firstDayOfMonth('2026-05-14')).toBe('2026-05-01')
    expect(firstDayOfMonth('2024-02-29')).toBe('2024-02-01')
    expect(firstDayOfMonth('2026-01-01')).toBe('2026-01-01')
    expect(firstDayOfMonth(' 2026-12-31 ')).toBe('2026-12-01')
  })
  it('a today that is not yyyy-mm-dd gives no default start (the customer types it)', () => {
    expect(firstDayOfMonth('14/05/2026')).toBe('')
    expect(firstDayOfMonth('')).toBe('')
  })
  it('defaults: no account, first day of the month, today', () => {
    expect(defaultValues('2026-05-14')).toEqual({ account: '', startDate: '2026-05-01', endDate: '2026-05-14' })
  })
})

describe('statementRequestOf (spec §7 statements)', () => {
  it("the trimmed dates, the account and the account's currency", () => {
    const accounts = [{ id: '1', compte: asked.account, currency: '2' }]
    expect(
      statementRequestOf({ accounts, accountsUnavailable: false, values: { account: ` ${asked.account}`, startDate: ' 2026-05-01', endDate: '2026-05-14 ' } }),
    ).toEqual({ ...asked, page: 0, size: 25 })
  })
})

describe('resultOf (spec §4, §8)', () => {
  it("status '0': the statement, with the account and currency asked", () => {
    expect(resultOf({ status: 200, body: { code: '0', status: '0', filename: ' f1 ', transactions: [tx] } }, asked)).toEqual({
      status: '0',
      filename: 'f1',
      transactions: [tx],
      count: 1,
      periodCount: 1,
      search: '',
      found: null,
      page: 0,
      paged: false,
      summary: null,
      account: asked.account,
      currency: '2',
      request: asked,
    })
  })
  it('no transactions field: an empty statement', () => {
    expect(resultOf({ status: 200, body: { code: '0', status: '0' } }, asked)?.transactions).toEqual([])
  })
  it("failures: HTTP error, no body, code other than '0', a status other than '0' with a message", () => {
    expect(resultOf({ status: 500, body: { code: '0', status: '0' } }, asked)).toBeNull()
    expect(resultOf({ status: 200, body: null }, asked)).toBeNull()
    expect(resultOf({ status: 200, body: { code: '1', status: '0' } }, asked)).toBeNull()
    expect(resultOf({ status: 200, body: { code: '0', status: '1', message: 'Refus' } }, asked)).toBeNull()
  })
  it("a status other than '0' without message: shown, without download (spec §4)", () => {
    const result = resultOf({ status: 200, body: { code: '0', status: '1', filename: 'f', transactions: [tx] } }, asked)
    expect(result?.status).toBe('1')
    expect(canDownload(result)).toBe(false)
  })
})

describe('rowOf and downloadInputOf', () => {
  it('amounts with 2 decimals, French format, the currency code; an empty debit or credit stays empty', () => {
    expect(rowOf(tx, '2')).toEqual({ ...tx, debit: '', credit: '1\u202F234\u202F567,89\u00A0EUR', solde: '-12,50\u00A0EUR' })
  })
  it('{filename}.pdf and {filename}.csv', () => {
    const result = { ...resultOf({ status: 200, body: { code: '0', status: '0', filename: 'releve-9', transactions: [tx] } }, asked)!, currency: '2' }
    expect(downloadInputOf(result, 'pdf')).toEqual({ filename: 'releve-9.pdf' })
    expect(downloadInputOf(result, 'csv')).toEqual({ filename: 'releve-9.csv' })
  })
})

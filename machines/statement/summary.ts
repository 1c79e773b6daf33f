/**
 * The period of a statement at a glance: opening and closing balance, totals of debits and
 * credits, and the balance after each line (for the chart). Worked out from the lines alone — each
 * line carries its running balance (`solde`), so the opening balance is the first line's balance
 * before that line. Exact: amounts are counted in cents as BigInt, never as JS numbers (rulings §4).
 */
import type { components } from '../../openapi/schema'

type Transaction = components['schemas']['Transaction']

export interface StatementSummary {
  /** Exact decimal strings ("1234.50", possibly negative). */
  opening: string
  closing: string
  totalDebits: string
  totalCredits: string
  /** The balance after each line, in cents, in the order of the lines; with the opening first. */
  balances: bigint[]
}

const AMOUNT = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/

/** '1234.5' → 123450n; '' or anything else → null. */
export function toCents(amount: string | undefined): bigint | null {
  const match = AMOUNT.exec((amount ?? '').trim())
  if (!match) return null
  const [, sign, units = '0', fraction = ''] = match
  const cents = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'))
  return sign === '-' ? -cents : cents
}

/** 123450n → '1234.50'. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** `null` for a period without lines, or when a line's balance cannot be read. */
export function summaryOf(transactions: readonly Transaction[]): StatementSummary | null {
  if (transactions.length === 0) return null
  let debits = 0n
  let credits = 0n
  const after: bigint[] = []
  for (const line of transactions) {
    const balance = toCents(line.solde)
    if (balance === null) return null
    debits += toCents(line.debit) ?? 0n
    credits += toCents(line.credit) ?? 0n
    after.push(balance)
  }
  const first = transactions[0]!
  const opening = after[0]! - (toCents(first.credit) ?? 0n) + (toCents(first.debit) ?? 0n)
  return {
    opening: fromCents(opening),
    closing: fromCents(after[after.length - 1]!),
    totalDebits: fromCents(debits),
    totalCredits: fromCents(credits),
    balances: [opening, ...after],
  }
}

/**
 * Amounts as the customer reads them (rulings §1): 2 decimals, French format, the currency code
 * after the amount — `1 234,56 USD`; currency codes 1 USD, 2 EUR, 3 CDF, anything else "NA".
 *
 * Exact: the amount is a decimal string (the contract's `Amount` / `SignedAmount`) and is never
 * turned into a JS number (rulings §4); rounding to 2 decimals, when an answer carries more, is done
 * on the digits (half away from zero).
 *
 * Separators are those of `Intl.NumberFormat('fr-FR')`, so that an amount formatted here looks the
 * same as any number the browser formats: U+202F (narrow no-break space) between groups of
 * thousands, a comma before the decimals, U+00A0 (no-break space) before the currency code (the
 * code never wraps to a line of its own), a hyphen-minus for a negative amount.
 */
import { currencyNames, unknownCurrency } from './messages.ts'

/** Between groups of thousands: U+202F NARROW NO-BREAK SPACE, as `Intl.NumberFormat('fr-FR')`. */
export const GROUP_SEPARATOR = '\u202F'
/** Between the amount and its currency code: U+00A0 NO-BREAK SPACE, as `Intl` for a currency. */
export const CURRENCY_SEPARATOR = '\u00A0'

/** The code shown for a contract currency code: '1' USD, '2' EUR, '3' CDF, anything else NA (REQ-PRODUCT-07). */
export function currencyLabel(currencyCode: string | null | undefined): string {
  const key = (currencyCode ?? '').trim()
  return Object.hasOwn(currencyNames, key) ? currencyNames[key]! : unknownCurrency
}

/** A decimal with a dot or a comma, optional sign, any number of decimals. */
const DECIMAL = /^([+-]?)(\d+)(?:[.,](\d*))?$/

/** The amount with 2 decimals in French format, no currency: '1234.5' → '1 234,50' (U+202F). */
export function formatNumber(amount: string): string | null {
  const match = DECIMAL.exec(amount.trim())
  if (!match) return null
  const [, sign = '', units = '0', fraction = ''] = match
  // Cents as an exact integer, rounded half away from zero on the third decimal.
  let cents = BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'))
  if ((fraction[2] ?? '0') >= '5') cents += 1n
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR)
  const decimals = (cents % 100n).toString().padStart(2, '0')
  const negative = sign === '-' && cents !== 0n
  return `${negative ? '-' : ''}${whole},${decimals}`
}

/**
 * `formatAmount('1234.5', '1')` → `'1 234,50 USD'` (U+202F between thousands, U+00A0 before the
 * code; REQ-PRODUCT-07). A text that is not a decimal amount is shown as it came, with its currency code.
 */
export function formatAmount(amount: string, currencyCode: string | null | undefined): string {
  return `${formatNumber(amount) ?? amount.trim()}${CURRENCY_SEPARATOR}${currencyLabel(currencyCode)}`
}

/**
 * An account as the selects and the dashboard name it (rulings of the second review, customer
 * experience): "number — currency — balance", the balance only where it is known.
 */
export function accountLabel(account: { compte: string; currency: string; balance?: string }): string {
  const parts = [account.compte, currencyLabel(account.currency)]
  const balance = account.balance === undefined ? null : formatNumber(account.balance)
  if (balance !== null) parts.push(balance)
  return parts.join(' — ')
}

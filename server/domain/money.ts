/**
 * Money in code is integer cents in bigint or the exact decimal string PostgreSQL answers for a
 * numeric(18,2) ("1234.56"); never a JS number (rulings §4).
 */

/** 123456n → "1234.56", -5n → "-0.05". */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** "1234.5" → 123450n; throws on anything that is not a decimal with at most 2 decimals. */
export function decimalToCents(decimal: string): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(decimal)
  if (!match) throw new Error(`not a money amount: ${decimal}`)
  const [, sign, units, fraction = ''] = match
  const cents = BigInt(units!) * 100n + BigInt(fraction.padEnd(2, '0'))
  return sign === '-' ? -cents : cents
}

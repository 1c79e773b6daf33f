/**
 * Money in code is integer cents in bigint or the exact decimal string PostgreSQL answers for a
 * numeric(18,2) ("1234.56"); never a JS number (rulings §4, REQ-SERVER-01).
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

/** Currency codes of spec §9 → ISO code shown in texts; anything else "NA" (rulings §1). */
const ISO: Record<string, string> = { '1': 'USD', '2': 'EUR', '3': 'CDF' }
/** The ISO code of a currency code not in the table. */
export const OTHER_ISO = 'NA'
/** The table as two lists, for the database's format_money (migration 055). */
export const ISO_CODES = { codes: Object.keys(ISO), names: Object.values(ISO) } as const
export function currencyIso(code: string): string {
  return ISO[code] ?? OTHER_ISO
}

/** Groups of three digits separated by a space: "1234567" → "1 234 567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
}

/**
 * French format of rulings §1, with the currency's ISO code: 123456n, '1' → "1 234,56 USD".
 * The separator of thousands is a plain space (texts go by SMS as well as e-mail and PDF).
 */
export function formatMoney(cents: bigint, currency: string): string {
  const decimal = centsToDecimal(cents)
  const negative = decimal.startsWith('-')
  const [units, fraction] = (negative ? decimal.slice(1) : decimal).split('.') as [string, string]
  return `${negative ? '-' : ''}${group(units)},${fraction} ${currencyIso(currency)}`
}

/** Rates are numeric(18,8): kept as bigint units of 1e-8. */
const RATE_SCALE = 100_000_000n

/** "0.00035088" → 35088n (units of 1e-8); throws on anything else. */
function rateToUnits(rate: string): bigint {
  const match = /^([0-9]+)(?:\.([0-9]{1,8}))?$/.exec(rate)
  if (!match) throw new Error(`not a rate: ${rate}`)
  return BigInt(match[1]!) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(8, '0'))
}

/** A rate in French: "2850.00000000" → "2 850", "0.92592593" → "0,92592593". */
export function formatRate(rate: string): string {
  const units = rateToUnits(rate)
  const whole = group((units / RATE_SCALE).toString())
  const fraction = (units % RATE_SCALE).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole},${fraction}` : whole
}

/**
 * Converts an amount with a rate (1 unit of the source = `rate` units of the target): exact
 * integer arithmetic, then rounded half up to the cent. 1 000 000,00 CDF × 0.00035088 = 350,88 USD;
 * 10,00 USD × 0.92592593 = 9,2592593 → 9,26 EUR. Amounts are positive here. REQ-SERVER-05.
 */
export function convertCents(cents: bigint, rate: string): bigint {
  if (cents < 0n) throw new Error('convertCents takes a positive amount')
  return (cents * rateToUnits(rate) + RATE_SCALE / 2n) / RATE_SCALE
}

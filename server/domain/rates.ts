/**
 * The rate before committing (rulings §9.3; REQ-SERVER-05): the rate in force from the currency sent to the debit
 * account's currency and, for an amount, the amount that would be debited — the ask's own rule and
 * arithmetic (domain/transfer-ask.ts, the rate step: the newest `exchange_rates` row of that direction whose
 * `valid_from` is not in the future; convertCents, exact, half up to the cent). The ask still
 * decides: a rate may change between this answer and the ask, whose answer states the debit.
 */
import { api } from '../../kernel/messages.ts'
import type { Queryable } from '../db/db.ts'
import { centsToDecimal, convertCents, decimalToCents } from './money.ts'

export interface QuoteInput {
  currencySent: string
  /** The debit account's currency. */
  currency: string
  amount?: string
}

export type Quote = { ok: true; rate: string; validFrom?: Date; amount?: string; debitAmount?: string } | { ok: false; message: string }

/** No conversion when both currencies are the same: 1 for 1. */
const SAME = '1.00000000'

export async function quote(q: Queryable, input: QuoteInput, now: Date): Promise<Quote> {
  const cents = input.amount === undefined ? undefined : decimalToCents(input.amount)
  if (cents !== undefined && cents <= 0n) return { ok: false, message: api.transfer.zeroAmount }
  let rate = SAME
  let validFrom: Date | undefined
  if (input.currencySent !== input.currency) {
    const [row] = await q.query<{ rate: string; valid_from: Date }>(
      `select rate::text, valid_from from exchange_rates
        where from_currency = $1 and to_currency = $2 and valid_from <= $3
        order by valid_from desc limit 1`,
      [input.currencySent, input.currency, now],
    )
    if (!row) return { ok: false, message: api.transfer.noRate }
    rate = row.rate
    validFrom = row.valid_from
  }
  if (cents === undefined) return { ok: true, rate, ...(validFrom ? { validFrom } : {}) }
  const debit = rate === SAME ? cents : convertCents(cents, rate)
  if (debit <= 0n) return { ok: false, message: api.transfer.amountTooSmall }
  return { ok: true, rate, ...(validFrom ? { validFrom } : {}), amount: centsToDecimal(cents), debitAmount: centsToDecimal(debit) }
}

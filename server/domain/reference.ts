/** Currencies and countries (reference data of migration 002). */
import type { Queryable } from '../db/db.ts'

export type CurrencyUse = 'wallet' | 'card'

/** The currency codes offered for a kind of transfer (b2w: wallet, b2c: card). */
export async function listCurrencies(q: Queryable, use: CurrencyUse): Promise<string[]> {
  const column = use === 'wallet' ? 'wallet_enabled' : 'card_enabled'
  const rows = await q.query<{ code: string }>(`select code from currencies where ${column} order by code`)
  return rows.map((r) => r.code)
}

const byFrenchName = new Intl.Collator('fr', { sensitivity: 'base' })

/** Sorted by French name in code: the database's collation may not know French accents. */
export async function listCountries(q: Queryable): Promise<{ code: string; name: string }[]> {
  const rows = await q.query<{ code: string; name: string }>('select code, name from countries')
  return rows.sort((a, b) => byFrenchName.compare(a.name, b.name))
}

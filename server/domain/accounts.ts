/** Accounts and their holders. Transfers are in transfers.ts; balances and statements come with later issues. */
import type { Queryable } from '../db/db.ts'

export interface CustomerAccount {
  id: string
  number: string
  currency: string
}

/** The customer's own accounts, optionally of one currency; never anyone else's. */
export async function listCustomerAccounts(q: Queryable, customerId: string, currency?: string): Promise<CustomerAccount[]> {
  const rows = await q.query<{ id: string; number: string; currency: string }>(
    `select id::text, number, currency from accounts
      where kind = 'customer' and customer_id = $1 and ($2::text is null or currency = $2)
      order by currency, number`,
    [customerId, currency || null],
  )
  return rows
}

/** The holder label of a customer or payee account (details), undefined when there is none. */
export async function findHolder(q: Queryable, number: string): Promise<string | undefined> {
  const [row] = await q.query<{ holder_label: string }>(
    "select holder_label from accounts where number = $1 and kind in ('customer', 'external')",
    [number],
  )
  return row?.holder_label
}

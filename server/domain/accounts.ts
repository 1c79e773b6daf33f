/** Accounts, their holders and balances. Transfers are in transfer-ask.ts, transfer-confirm.ts and transfer-cancel.ts; statements in statements.ts. */
import type { Queryable } from '../db/db.ts'

export interface CustomerAccount {
  id: string
  number: string
  currency: string
  /** Numeric text, 2 decimals; only for a customer granted the balance service. */
  balance?: string
}

/** The customer's own accounts, optionally of one currency; never anyone else's. */
export async function listCustomerAccounts(q: Queryable, customerId: string, currency?: string): Promise<CustomerAccount[]> {
  const rows = await q.query<{ id: string; number: string; currency: string; balance: string; sees_balance: boolean }>(
    `select a.id::text, a.number, a.currency, a.balance::text as balance,
            exists (select 1 from customer_modules m where m.customer_id = a.customer_id and m.module = 'solde') as sees_balance
       from accounts a
      where a.kind = 'customer' and a.customer_id = $1 and ($2::text is null or a.currency = $2)
      order by a.currency, a.number`,
    [customerId, currency || null],
  )
  // The balance only for a customer granted the balance service (spec §3 `solde`, REQ-ACCESS-03): the list must
  // not show what the balance screen would refuse.
  return rows.map(({ sees_balance, balance, ...account }) => (sees_balance ? { ...account, balance } : account))
}

/** The holder label of a customer or payee account (details), undefined when there is none. */
export async function findHolder(q: Queryable, number: string): Promise<string | undefined> {
  const [row] = await q.query<{ holder_label: string }>("select holder_label from accounts where number = $1 and kind in ('customer', 'external')", [number])
  return row?.holder_label
}

/** The balance of one of the customer's own accounts (numeric text, 2 decimals); undefined for any other account. */
export async function findOwnBalance(
  q: Queryable,
  customerId: string,
  number: string,
): Promise<{ number: string; currency: string; balance: string } | undefined> {
  const [row] = await q.query<{ number: string; currency: string; balance: string }>(
    `select number, currency, balance::text as balance from accounts
      where kind = 'customer' and customer_id = $1 and number = $2`,
    [customerId, number],
  )
  return row
}

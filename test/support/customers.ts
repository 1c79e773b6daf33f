/**
 * Many customers for the concurrency suite and the PostgreSQL benchmark: each with the demo main
 * customer's PIN, every module, a phone and an e-mail of her own and one USD account opened with
 * money from the bank's USD cash account (an opening ledger transaction, so that every balance is
 * still the sum of its account's entries and every running balance follows).
 */
import type { Db } from '../../server/db/db.ts'
import { internalAccountNumber, mainCustomer } from '../../server/demo/demo-data.ts'
import { centsToDecimal, decimalToCents } from '../../server/domain/money.ts'

export interface LoadCustomer {
  kcode: string
  pin: string
  usd: string
}

const MODULES = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa']

/** `count` customers K7000000…, each with `openingUsd` (a decimal text) on her USD account. */
export async function addCustomers(db: Db, count: number, openingUsd: string, at = new Date()): Promise<LoadCustomer[]> {
  const opening = decimalToCents(openingUsd)
  return db.transaction(async (tx) => {
    const [main] = await tx.query<{ pin_hash: string }>('select pin_hash from customers where kcode = $1', [mainCustomer.kcode])
    const [cash] = await tx.query<{ id: string; balance: string }>('select id::text, balance::text from accounts where number = $1 for update', [
      internalAccountNumber('1'),
    ])
    let cashCents = decimalToCents(cash!.balance)
    const made: LoadCustomer[] = []
    for (let i = 0; i < count; i++) {
      const n = String(i).padStart(6, '0')
      const kcode = `K7${n}`
      const usd = `0001707000${n}00001`
      const [customer] = await tx.query<{ id: string }>(
        `insert into customers (kcode, name, pin_hash, web_blocked, email, phone, address, country)
         values ($1, $2, $3, false, $4, $5, 'Kinshasa', 'CD') returning id::text`,
        [kcode, `Client de charge ${i + 1}`, main!.pin_hash, `charge${n}@example.com`, `089${n.slice(-7).padStart(7, '0')}`],
      )
      await tx.query('insert into customer_modules (customer_id, module) select $1, unnest($2::text[])', [customer!.id, MODULES])
      const [account] = await tx.query<{ id: string }>(
        `insert into accounts (number, currency, kind, customer_id, holder_label, balance) values ($1, '1', 'customer', $2, $3, $4) returning id::text`,
        [usd, customer!.id, `Client de charge ${i + 1}`, centsToDecimal(opening)],
      )
      cashCents -= opening
      const [trx] = await tx.query<{ id: string }>(
        "insert into ledger_transactions (reference, kind, description, booked_at) values ($1, 'deposit', 'Versement initial', $2) returning id::text",
        [`OPEN${kcode}`, at],
      )
      await tx.query(
        `insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
         values ($1, $2, $3, $3, $4, 'Versement initial'), ($1, $5, -$3::numeric, $6, $4, 'Versement initial')`,
        [trx!.id, account!.id, centsToDecimal(opening), at, cash!.id, centsToDecimal(cashCents)],
      )
      made.push({ kcode, pin: mainCustomer.pin, usd })
    }
    await tx.query('update accounts set balance = $2 where id = $1', [cash!.id, centsToDecimal(cashCents)])
    return made
  })
}

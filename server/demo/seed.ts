/**
 * Loads the demo data (rulings §5) on the first start in demo mode, once: a marker in app_state
 * and an advisory lock make it idempotent, also when two servers start together.
 */
import type { Db, Queryable } from '../db/db.ts'
import {
  bankAccounts,
  demoCustomers,
  demoExchangeRates,
  demoMovements,
  internalAccountNumber,
  payeeAccounts,
  type CurrencyCode,
  type DemoAccount,
} from './demo-data.ts'
import { centsToDecimal, decimalToCents } from '../domain/money.ts'
import { hashPin } from '../domain/pins.ts'

const SEED_LOCK = 724_302
const SEED_MARKER = 'demo_seeded_at'
const DAY_MS = 24 * 60 * 60 * 1000

/** Answers true when it loaded the data, false when it was already there. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if ((await db.query('select 1 from app_state where key = $1', [SEED_MARKER])).length > 0) return false
  // Hashing is slow on purpose: done before the transaction, which then only writes.
  const pinHashes = new Map<string, string>()
  for (const customer of demoCustomers) pinHashes.set(customer.kcode, await hashPin(customer.pin))

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK])
    // Checked again under the lock: another server may have seeded meanwhile.
    const done = await tx.query('select 1 from app_state where key = $1', [SEED_MARKER])
    if (done.length > 0) return false

    const seedDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const bankAccountIds = new Map<string, string>()
    for (const acc of bankAccounts) {
      bankAccountIds.set(acc.number, await insertAccount(tx, { ...acc, customerId: null }))
    }
    for (const acc of payeeAccounts) {
      await insertAccount(tx, { number: acc.number, currency: acc.currency, kind: 'external', network: null, holder: acc.holder, customerId: null })
    }
    for (const rate of demoExchangeRates) {
      await tx.query('insert into exchange_rates (from_currency, to_currency, rate, valid_from) values ($1, $2, $3, $4)', [
        rate.from,
        rate.to,
        rate.rate,
        new Date(seedDay.getTime() - 90 * DAY_MS),
      ])
    }

    for (const customer of demoCustomers) {
      const { contact } = customer
      const [row] = await tx.query<{ id: string }>(
        `insert into customers (kcode, name, pin_hash, web_blocked, email, phone, address, country)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text`,
        [customer.kcode, customer.name, pinHashes.get(customer.kcode), customer.webBlocked, contact.email, contact.phone, contact.address, contact.country],
      )
      const customerId = row!.id
      for (const module of customer.modules) {
        await tx.query('insert into customer_modules (customer_id, module) values ($1, $2)', [customerId, module])
      }
      for (const acc of Object.values(customer.accounts)) {
        const accountId = await insertAccount(tx, {
          number: acc.number,
          currency: acc.currency,
          kind: 'customer',
          network: null,
          holder: customer.name,
          customerId,
        })
        const bankId = bankAccountIds.get(internalAccountNumber(acc.currency))!
        await bookMovements(tx, acc, accountId, bankId, seedDay)
      }
      for (const n of customer.notifications) {
        const createdAt = new Date(seedDay.getTime() - n.daysAgo * DAY_MS + 9 * 60 * 60 * 1000)
        await tx.query('insert into notifications (customer_id, title, content, created_at, seen_at) values ($1, $2, $3, $4, $5)', [
          customerId,
          n.title,
          n.content,
          createdAt,
          n.seen ? new Date(createdAt.getTime() + 60 * 60 * 1000) : null,
        ])
      }
    }
    await tx.query('insert into app_state (key, value) values ($1, $2)', [SEED_MARKER, now.toISOString()])
    return true
  })
}

async function insertAccount(
  tx: Queryable,
  acc: { number: string; currency: CurrencyCode; kind: string; network: string | null; holder: string; customerId: string | null },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into accounts (number, currency, kind, customer_id, holder_label, network)
     values ($1, $2, $3, $4, $5, $6) returning id::text`,
    [acc.number, acc.currency, acc.kind, acc.customerId, acc.holder, acc.network],
  )
  return row!.id
}

/**
 * Books an account's demo movements as double entries against the bank's own account, with the
 * running balance of both sides, then sets both balances: the ledger and the balances agree.
 */
async function bookMovements(tx: Queryable, acc: DemoAccount, accountId: string, bankId: string, seedDay: Date): Promise<void> {
  let balance = 0n
  const [bank] = await tx.query<{ balance: string }>('select balance::text from accounts where id = $1', [bankId])
  let bankBalance = decimalToCents(bank!.balance)
  for (const [index, m] of demoMovements(acc).entries()) {
    const bookedAt = new Date(seedDay.getTime() - m.daysAgo * DAY_MS + (8 * 60 + m.minute) * 60 * 1000)
    balance += m.cents
    bankBalance -= m.cents
    const [trx] = await tx.query<{ id: string }>(
      'insert into ledger_transactions (reference, kind, description, booked_at) values ($1, $2, $3, $4) returning id::text',
      [`DEMO${acc.number.slice(-6)}${String(index).padStart(3, '0')}`, m.kind, m.description, bookedAt],
    )
    await tx.query(
      `insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
       values ($1, $2, $3, $4, $6), ($1, $5, $7, $8, $6)`,
      [trx!.id, accountId, centsToDecimal(m.cents), centsToDecimal(balance), bankId, bookedAt, centsToDecimal(-m.cents), centsToDecimal(bankBalance)],
    )
  }
  await tx.query('update accounts set balance = $2 where id = $1', [accountId, centsToDecimal(balance)])
  await tx.query('update accounts set balance = $2 where id = $1', [bankId, centsToDecimal(bankBalance)])
}

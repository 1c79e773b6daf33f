/**
 * Loads the demo data (rulings §5) on the first start in demo mode, once: a marker in app_state
 * and an advisory lock make it idempotent, also when two servers start together.
 *
 * Written in bulk: every row is computed here first (ids aside), then each table is filled by one
 * `insert … select from unnest(…)` of parallel arrays, in one transaction — a fixed, small number
 * of round trips whatever the number of movements (a row at a time cost ~430 round trips, most of
 * a fresh demo start after PGlite's own initialisation). Rows that point to others find them by
 * their natural keys (kcode, account number, transaction reference), so no id comes back to
 * JavaScript. `with ordinality … order by` keeps the ids in the order a row-by-row load gave.
 */
import type { Db, Queryable } from '../db/db.ts'
import { bankAccounts, demoCustomers, demoExchangeRates, demoMovements, internalAccountNumber, payeeAccounts, type CurrencyCode } from './demo-data.ts'
import { centsToDecimal, decimalToCents } from '../domain/money.ts'
import { hashPin } from '../domain/pins.ts'

const SEED_LOCK = 724_302
const SEED_MARKER = 'demo_seeded_at'
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The demo customers' PIN hashes, in their order. Hashing is slow on purpose (scrypt): a start
 * on fresh data begins it before opening the database, so that it runs on libuv's thread pool
 * while PGlite starts, and hands the promise to seedDemo.
 */
export const hashDemoPins = (): Promise<string[]> => Promise.all(demoCustomers.map((customer) => hashPin(customer.pin)))

/** Answers true when it loaded the data, false when it was already there. */
export async function seedDemo(db: Db, now: Date = new Date(), pinHashesAhead?: Promise<string[]>): Promise<boolean> {
  if ((await db.query('select 1 from app_state where key = $1', [SEED_MARKER])).length > 0) return false
  // done before the transaction, which then only writes
  const pinHashes = await (pinHashesAhead ?? hashDemoPins())
  const rows = demoRows(now, pinHashes)

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK])
    // Checked again under the lock: another server may have seeded meanwhile.
    const done = await tx.query('select 1 from app_state where key = $1', [SEED_MARKER])
    if (done.length > 0) return false
    await writeRows(tx, rows)
    await tx.query('insert into app_state (key, value) values ($1, $2)', [SEED_MARKER, now.toISOString()])
    return true
  })
}

/** One array per column: the shape `unnest` reads. */
type Columns<K extends string> = Record<K, unknown[]>

function columns<K extends string>(...names: K[]): Columns<K> {
  return Object.fromEntries(names.map((name) => [name, []])) as unknown as Columns<K>
}

function push<K extends string>(target: Columns<K>, row: Record<K, unknown>): void {
  for (const name of Object.keys(target) as K[]) target[name].push(row[name])
}

/**
 * The bank's accounts are the other side of every customer's movements, which were made one
 * customer after the other: their lines' running balances are set again in the order statements
 * read them (booked_at, then the order of insertion, which is the ids' order).
 */
function bankRunningBalances(entries: DemoRows['entries'], bankNumbers: ReadonlySet<string>): void {
  const order = entries.account
    .map((account, i) => ({ account: account as string, at: entries.bookedAt[i] as string, i }))
    .filter((e) => bankNumbers.has(e.account))
    .sort((a, b) => a.account.localeCompare(b.account) || a.at.localeCompare(b.at) || a.i - b.i)
  let running = 0n
  order.forEach((e, n) => {
    if (n === 0 || order[n - 1]!.account !== e.account) running = 0n
    running += decimalToCents(entries.amount[e.i] as string)
    entries.balanceAfter[e.i] = centsToDecimal(running)
  })
}

interface DemoRows {
  customers: Columns<'kcode' | 'name' | 'pinHash' | 'webBlocked' | 'email' | 'phone' | 'address' | 'country'>
  modules: Columns<'kcode' | 'module'>
  accounts: Columns<'number' | 'currency' | 'kind' | 'kcode' | 'holder' | 'network' | 'balance'>
  rates: Columns<'from' | 'to' | 'rate' | 'validFrom'>
  notifications: Columns<'kcode' | 'title' | 'content' | 'createdAt' | 'seenAt'>
  transactions: Columns<'reference' | 'kind' | 'description' | 'bookedAt'>
  entries: Columns<'reference' | 'account' | 'amount' | 'balanceAfter' | 'bookedAt'>
}

/**
 * Every row of the demo data, in the order a row-by-row load wrote them. Each movement is a double
 * entry against the bank's own account of its currency, with the running balance of both sides;
 * the final balances go straight into the accounts rows, so ledger and balances agree.
 */
function demoRows(now: Date, pinHashes: readonly string[]): DemoRows {
  const seedDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const rows: DemoRows = {
    customers: columns('kcode', 'name', 'pinHash', 'webBlocked', 'email', 'phone', 'address', 'country'),
    modules: columns('kcode', 'module'),
    accounts: columns('number', 'currency', 'kind', 'kcode', 'holder', 'network', 'balance'),
    rates: columns('from', 'to', 'rate', 'validFrom'),
    notifications: columns('kcode', 'title', 'content', 'createdAt', 'seenAt'),
    transactions: columns('reference', 'kind', 'description', 'bookedAt'),
    entries: columns('reference', 'account', 'amount', 'balanceAfter', 'bookedAt'),
  }

  // The bank's side of every movement: its balance per currency, set once all are booked.
  const bankBalances = new Map<CurrencyCode, bigint>()
  const customerAccounts: DemoRows['accounts'] = columns('number', 'currency', 'kind', 'kcode', 'holder', 'network', 'balance')

  for (const rate of demoExchangeRates) {
    push(rows.rates, { from: rate.from, to: rate.to, rate: rate.rate, validFrom: new Date(seedDay.getTime() - 90 * DAY_MS).toISOString() })
  }
  demoCustomers.forEach((customer, index) => {
    const { kcode, contact } = customer
    push(rows.customers, { kcode, name: customer.name, pinHash: pinHashes[index], webBlocked: customer.webBlocked, ...contact })
    for (const module of customer.modules) push(rows.modules, { kcode, module })
    for (const acc of Object.values(customer.accounts)) {
      const bankNumber = internalAccountNumber(acc.currency)
      let balance = 0n
      let bankBalance = bankBalances.get(acc.currency) ?? 0n
      for (const [i, m] of demoMovements(acc).entries()) {
        const bookedAt = new Date(seedDay.getTime() - m.daysAgo * DAY_MS + (8 * 60 + m.minute) * 60 * 1000).toISOString()
        const reference = `DEMO${acc.number.slice(-6)}${String(i).padStart(3, '0')}`
        balance += m.cents
        bankBalance -= m.cents
        push(rows.transactions, { reference, kind: m.kind, description: m.description, bookedAt })
        push(rows.entries, { reference, account: acc.number, amount: centsToDecimal(m.cents), balanceAfter: centsToDecimal(balance), bookedAt })
        push(rows.entries, { reference, account: bankNumber, amount: centsToDecimal(-m.cents), balanceAfter: centsToDecimal(bankBalance), bookedAt })
      }
      bankBalances.set(acc.currency, bankBalance)
      push(customerAccounts, {
        number: acc.number,
        currency: acc.currency,
        kind: 'customer',
        kcode,
        holder: customer.name,
        network: null,
        balance: centsToDecimal(balance),
      })
    }
    for (const n of customer.notifications) {
      const createdAt = new Date(seedDay.getTime() - n.daysAgo * DAY_MS + 9 * 60 * 60 * 1000)
      push(rows.notifications, {
        kcode,
        title: n.title,
        content: n.content,
        createdAt: createdAt.toISOString(),
        seenAt: n.seen ? new Date(createdAt.getTime() + 60 * 60 * 1000).toISOString() : null,
      })
    }
  })
  bankRunningBalances(rows.entries, new Set([...bankBalances.keys()].map((currency) => internalAccountNumber(currency))))

  // Accounts in the order of a row-by-row load: the bank's, the payees', then the customers'.
  for (const acc of bankAccounts) {
    const balance = acc.kind === 'internal' ? (bankBalances.get(acc.currency) ?? 0n) : 0n
    push(rows.accounts, { ...acc, kcode: null, balance: centsToDecimal(balance) })
  }
  for (const acc of payeeAccounts) {
    push(rows.accounts, {
      number: acc.number,
      currency: acc.currency,
      kind: 'external',
      kcode: null,
      holder: acc.holder,
      network: null,
      balance: centsToDecimal(0n),
    })
  }
  for (const name of Object.keys(customerAccounts) as (keyof typeof customerAccounts)[]) rows.accounts[name].push(...customerAccounts[name])
  return rows
}

/** Seven statements, whatever the number of rows. */
async function writeRows(tx: Queryable, rows: DemoRows): Promise<void> {
  const { customers, modules, accounts, rates, notifications, transactions, entries } = rows
  await tx.query(
    `insert into customers (kcode, name, pin_hash, web_blocked, email, phone, address, country)
     select kcode, name, pin_hash, web_blocked, email, phone, address, country
       from unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[])
            with ordinality as r (kcode, name, pin_hash, web_blocked, email, phone, address, country, ord)
      order by ord`,
    [customers.kcode, customers.name, customers.pinHash, customers.webBlocked, customers.email, customers.phone, customers.address, customers.country],
  )
  await tx.query(
    `insert into customer_modules (customer_id, module)
     select c.id, r.module from unnest($1::text[], $2::text[]) with ordinality as r (kcode, module, ord)
       join customers c on c.kcode = r.kcode order by r.ord`,
    [modules.kcode, modules.module],
  )
  await tx.query(
    `insert into accounts (number, currency, kind, customer_id, holder_label, network, balance)
     select r.number, r.currency, r.kind, c.id, r.holder, r.network, r.balance
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[])
            with ordinality as r (number, currency, kind, kcode, holder, network, balance, ord)
       left join customers c on c.kcode = r.kcode
      order by r.ord`,
    [accounts.number, accounts.currency, accounts.kind, accounts.kcode, accounts.holder, accounts.network, accounts.balance],
  )
  await tx.query(
    `insert into exchange_rates (from_currency, to_currency, rate, valid_from)
     select from_currency, to_currency, rate, valid_from
       from unnest($1::text[], $2::text[], $3::numeric[], $4::timestamptz[]) with ordinality as r (from_currency, to_currency, rate, valid_from, ord)
      order by ord`,
    [rates.from, rates.to, rates.rate, rates.validFrom],
  )
  await tx.query(
    `insert into notifications (customer_id, title, content, created_at, seen_at)
     select c.id, r.title, r.content, r.created_at, r.seen_at
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[]) with ordinality as r (kcode, title, content, created_at, seen_at, ord)
       join customers c on c.kcode = r.kcode
      order by r.ord`,
    [notifications.kcode, notifications.title, notifications.content, notifications.createdAt, notifications.seenAt],
  )
  await tx.query(
    `insert into ledger_transactions (reference, kind, description, booked_at)
     select reference, kind, description, booked_at
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) with ordinality as r (reference, kind, description, booked_at, ord)
      order by ord`,
    [transactions.reference, transactions.kind, transactions.description, transactions.bookedAt],
  )
  await tx.query(
    `insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
     select t.id, a.id, r.amount, r.balance_after, r.booked_at
       from unnest($1::text[], $2::text[], $3::numeric[], $4::numeric[], $5::timestamptz[]) with ordinality as r (reference, account, amount, balance_after, booked_at, ord)
       join ledger_transactions t on t.reference = r.reference
       join accounts a on a.number = r.account
      order by r.ord`,
    [entries.reference, entries.account, entries.amount, entries.balanceAfter, entries.bookedAt],
  )
}

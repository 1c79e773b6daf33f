/**
 * Loads the demo data (rulings §5, REQ-DEMO-01) on the first start in demo mode, once: a marker in app_state
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
import { api } from '../../kernel/messages.ts'
import {
  bankAccounts,
  demoCustomers,
  demoExchangeRates,
  demoMovements,
  internalAccountNumber,
  namedCards,
  namedWallets,
  payeeAccounts,
  settlementAccountNumber,
  settlementNetworks,
  type CurrencyCode,
} from './demo-data.ts'
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
  holders: Columns<'kind' | 'key' | 'holder'>
  /** K1234567's executed mobile-money transfers (demo-data.ts DEMO_WALLET_TRANSFERS), with their ledger lines. */
  transfers: Columns<'reference' | 'kcode' | 'debit' | 'credit' | 'payee' | 'amount' | 'description' | 'createdAt' | 'bookedAt' | 'balanceAfter'>
  customers: Columns<'kcode' | 'name' | 'pinHash' | 'webBlocked' | 'email' | 'phone' | 'address' | 'country'>
  modules: Columns<'kcode' | 'module'>
  accounts: Columns<'number' | 'currency' | 'kind' | 'kcode' | 'holder' | 'network' | 'balance'>
  rates: Columns<'from' | 'to' | 'rate' | 'validFrom'>
  notifications: Columns<'kcode' | 'title' | 'content' | 'createdAt' | 'seenAt'>
  transactions: Columns<'reference' | 'kind' | 'description' | 'bookedAt'>
  entries: Columns<'reference' | 'account' | 'amount' | 'balanceAfter' | 'bookedAt' | 'description'>
}

/**
 * Every row of the demo data, in the order a row-by-row load wrote them. Each movement is a double
 * entry against the bank's own account of its currency, with the running balance of both sides;
 * the final balances go straight into the accounts rows, so ledger and balances agree.
 */
function demoRows(now: Date, pinHashes: readonly string[]): DemoRows {
  const seedDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const rows: DemoRows = {
    holders: columns('kind', 'key', 'holder'),
    transfers: columns('reference', 'kcode', 'debit', 'credit', 'payee', 'amount', 'description', 'createdAt', 'bookedAt', 'balanceAfter'),
    customers: columns('kcode', 'name', 'pinHash', 'webBlocked', 'email', 'phone', 'address', 'country'),
    modules: columns('kcode', 'module'),
    accounts: columns('number', 'currency', 'kind', 'kcode', 'holder', 'network', 'balance'),
    rates: columns('from', 'to', 'rate', 'validFrom'),
    notifications: columns('kcode', 'title', 'content', 'createdAt', 'seenAt'),
    transactions: columns('reference', 'kind', 'description', 'bookedAt'),
    entries: columns('reference', 'account', 'amount', 'balanceAfter', 'bookedAt', 'description'),
  }
  for (const w of namedWallets) push(rows.holders, { kind: 'momo', key: w.phone, holder: w.holder })
  for (const c of namedCards) push(rows.holders, { kind: 'card', key: `${c.accountId}/${c.lastFour}`, holder: c.holder })

  // The bank's side of every movement: its balance per currency, set once all are booked.
  const bankBalances = new Map<CurrencyCode, bigint>()
  // The settlement accounts credited by the demo's mobile-money transfers, by number.
  const settlementBalances = new Map<string, bigint>()
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
        balance += m.cents
        if (m.transfer) {
          // An executed mobile-money transfer, as a confirm writes it: the ledger lines in each
          // side's words, the network's settlement account credited, the transfer's row.
          const reference = `MOBDEMO${acc.number.slice(-6)}${String(i).padStart(3, '0')}`
          const { wallet, description } = m.transfer
          const network = settlementNetworks.find((n) => n.network === wallet.network)!
          const credit = settlementAccountNumber(network.code, acc.currency)
          const credited = (settlementBalances.get(credit) ?? 0n) - m.cents
          settlementBalances.set(credit, credited)
          push(rows.transactions, { reference, kind: 'momo', description, bookedAt })
          push(rows.entries, {
            reference,
            account: acc.number,
            amount: centsToDecimal(m.cents),
            balanceAfter: centsToDecimal(balance),
            bookedAt,
            description: m.description,
          })
          const creditLine = api.transfer.creditLine(customer.name, description)
          push(rows.entries, {
            reference,
            account: credit,
            amount: centsToDecimal(-m.cents),
            balanceAfter: centsToDecimal(credited),
            bookedAt,
            description: creditLine,
          })
          push(rows.transfers, {
            reference,
            kcode,
            debit: acc.number,
            credit,
            payee: wallet.phone,
            amount: centsToDecimal(-m.cents),
            description,
            createdAt: new Date(new Date(bookedAt).getTime() - 60_000).toISOString(),
            bookedAt,
            balanceAfter: centsToDecimal(balance),
          })
          continue
        }
        const reference = `DEMO${acc.number.slice(-6)}${String(i).padStart(3, '0')}`
        bankBalance -= m.cents
        push(rows.transactions, { reference, kind: m.kind, description: m.description, bookedAt })
        push(rows.entries, {
          reference,
          account: acc.number,
          amount: centsToDecimal(m.cents),
          balanceAfter: centsToDecimal(balance),
          bookedAt,
          description: null,
        })
        push(rows.entries, {
          reference,
          account: bankNumber,
          amount: centsToDecimal(-m.cents),
          balanceAfter: centsToDecimal(bankBalance),
          bookedAt,
          description: null,
        })
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
  bankRunningBalances(rows.entries, new Set([...[...bankBalances.keys()].map((currency) => internalAccountNumber(currency)), ...settlementBalances.keys()]))

  // Accounts in the order of a row-by-row load: the bank's, the payees', then the customers'.
  for (const acc of bankAccounts) {
    const balance = acc.kind === 'internal' ? (bankBalances.get(acc.currency) ?? 0n) : (settlementBalances.get(acc.number) ?? 0n)
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

/** Seven statements, whatever the number of rows (the named payees and the demo's transfers ride along with two of them). */
async function writeRows(tx: Queryable, rows: DemoRows): Promise<void> {
  const { holders, transfers, customers, modules, accounts, rates, notifications, transactions, entries } = rows
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
  // The named wallets and cards ride along with the rates (one round trip: a statement may hold several writes).
  await tx.query(
    `with holders as (
       insert into payee_holders (kind, payee_key, holder) select * from unnest($5::text[], $6::text[], $7::text[])
     )
     insert into exchange_rates (from_currency, to_currency, rate, valid_from)
     select from_currency, to_currency, rate, valid_from
       from unnest($1::text[], $2::text[], $3::numeric[], $4::timestamptz[]) with ordinality as r (from_currency, to_currency, rate, valid_from, ord)
      order by ord`,
    [rates.from, rates.to, rates.rate, rates.validFrom, holders.kind, holders.key, holders.holder],
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
  // The executed transfers ride along with the ledger entries (their ledger transactions are written above).
  await tx.query(
    `with transfers as (
       insert into pending_transfers (reference, customer_id, kind, debit_account_id, credit_account_id, payee, payee_key, amount, currency_sent,
                                      debit_amount, description, code_hash, tries_left, state, created_at, expires_at, executed_at,
                                      ledger_transaction_id, balance_after)
       select r.reference, c.id, 'momo', d.id, cr.id, r.payee, r.payee, r.amount, d.currency, r.amount, r.description, repeat('0', 64), 3,
              'executed', r.created_at, r.created_at + interval '5 minutes', r.booked_at, t.id, r.balance_after
         from unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::numeric[], $13::text[], $14::timestamptz[], $15::timestamptz[], $16::numeric[])
              with ordinality as r (reference, kcode, debit, credit, payee, amount, description, created_at, booked_at, balance_after, ord)
         join customers c on c.kcode = r.kcode
         join accounts d on d.number = r.debit
         join accounts cr on cr.number = r.credit
         join ledger_transactions t on t.reference = r.reference
        order by r.ord
     )
     insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
     select t.id, a.id, r.amount, r.balance_after, r.booked_at, r.description
       from unnest($1::text[], $2::text[], $3::numeric[], $4::numeric[], $5::timestamptz[], $6::text[])
            with ordinality as r (reference, account, amount, balance_after, booked_at, description, ord)
       join ledger_transactions t on t.reference = r.reference
       join accounts a on a.number = r.account
      order by r.ord`,
    [
      entries.reference,
      entries.account,
      entries.amount,
      entries.balanceAfter,
      entries.bookedAt,
      entries.description,
      transfers.reference,
      transfers.kcode,
      transfers.debit,
      transfers.credit,
      transfers.payee,
      transfers.amount,
      transfers.description,
      transfers.createdAt,
      transfers.bookedAt,
      transfers.balanceAfter,
    ],
  )
}

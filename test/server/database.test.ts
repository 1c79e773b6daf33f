import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import {
  demoBalanceCents,
  demoCustomers,
  mainCustomer,
  SETTLEMENT_SHARDS,
  payeeAccounts,
  statementOnlyCustomer,
  unknownAccountNumber,
  webBlockedCustomer,
} from '../../server/demo/demo-data.ts'
import { listMigrations, migrate } from '../../server/db/migrate.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { centsToDecimal, decimalToCents } from '../../server/domain/money.ts'

let db: Db
const seedDay = new Date('2026-06-15T12:00:00Z')

beforeAll(async () => {
  db = await openDb({})
})
afterAll(() => db?.close())

describe('migrations', () => {
  it('apply every file once, in order, and a second run changes nothing', async () => {
    const versions = listMigrations().map((m) => m.version)
    expect(versions.length).toBeGreaterThanOrEqual(2)
    expect(versions).toEqual([...versions].sort())
    expect(await migrate(db)).toEqual(versions)
    expect(await migrate(db)).toEqual([])
    const rows = await db.query<{ version: string }>('select version from schema_migrations order by version')
    expect(rows.map((r) => r.version)).toEqual(versions)
  })

  it('keep money in numeric(18,2) columns', async () => {
    const rows = await db.query<{ table_name: string; column_name: string; data_type: string; numeric_precision: number; numeric_scale: number }>(
      `select table_name, column_name, data_type, numeric_precision, numeric_scale from information_schema.columns
        where (table_name, column_name) in (('accounts', 'balance'), ('ledger_entries', 'amount'), ('ledger_entries', 'balance_after'))`,
    )
    expect(rows).toHaveLength(3)
    for (const r of rows) expect(r).toMatchObject({ data_type: 'numeric', numeric_precision: 18, numeric_scale: 2 })
  })

  it('roll a failing migration back entirely', async () => {
    const broken = [{ version: '999', name: 'broken', sql: 'create table never_kept (id int); select * from no_such_table;' }]
    await expect(migrate(db, broken)).rejects.toThrow()
    expect(await db.query("select 1 from information_schema.tables where table_name = 'never_kept'")).toHaveLength(0)
    expect(await db.query("select 1 from schema_migrations where version = '999'")).toHaveLength(0)
  })
})

describe('demo data', () => {
  it('loads once: a second seed changes nothing', async () => {
    expect(await seedDemo(db, seedDay)).toBe(true)
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from ledger_entries'))[0]!.n
    const before = await count()
    expect(await seedDemo(db, seedDay)).toBe(false)
    expect(await count()).toBe(before)
    expect((await db.query('select 1 from customers')).length).toBe(demoCustomers.length)
  })

  it('has the identities of rulings §5', async () => {
    const rows = await db.query<{ kcode: string; web_blocked: boolean; modules: string[]; accounts: number }>(
      `select c.kcode, c.web_blocked,
              array(select m.module from customer_modules m where m.customer_id = c.id order by m.module) as modules,
              (select count(*)::int from accounts a where a.customer_id = c.id) as accounts
         from customers c order by c.kcode`,
    )
    const byCode = Object.fromEntries(rows.map((r) => [r.kcode, r]))
    expect(byCode[mainCustomer.kcode]).toMatchObject({ web_blocked: false, accounts: 3 })
    expect(byCode[mainCustomer.kcode]!.modules).toHaveLength(5)
    expect(byCode[statementOnlyCustomer.kcode]).toMatchObject({ web_blocked: false, accounts: 1, modules: ['solde', 'statement'] })
    expect(byCode[webBlockedCustomer.kcode]).toMatchObject({ web_blocked: true })
    expect(byCode[webBlockedCustomer.kcode]!.modules).toHaveLength(5)
  })

  it('gives the main customer USD, CDF and EUR accounts with 3 months of movements each', async () => {
    const rows = await db.query<{ number: string; currency: string; first: Date; last: Date; n: number }>(
      `select a.number, a.currency, min(e.booked_at) as first, max(e.booked_at) as last, count(*)::int as n
         from accounts a join ledger_entries e on e.account_id = a.id join customers c on c.id = a.customer_id
        where c.kcode = $1 group by a.number, a.currency order by a.currency`,
      [mainCustomer.kcode],
    )
    expect(rows.map((r) => r.currency)).toEqual(['1', '2', '3'])
    const DAY = 86_400_000
    for (const r of rows) {
      expect(r.number).toMatch(/^[0-9A-Z]{21}$/)
      expect(r.n).toBeGreaterThanOrEqual(30)
      expect((seedDay.getTime() - r.first.getTime()) / DAY).toBeGreaterThanOrEqual(89)
      expect(r.last.getTime()).toBeLessThan(seedDay.getTime())
    }
  })

  it('keeps balances and ledger consistent: balance = sum of entries = last running balance, never negative', async () => {
    const rows = await db.query<{ number: string; kind: string; balance: string; total: string; last_after: string; min_after: string }>(
      `select a.number, a.kind, a.balance::text,
              coalesce(sum(e.amount), 0)::numeric(18,2)::text as total,
              coalesce((select e2.balance_after from ledger_entries e2 where e2.account_id = a.id order by e2.booked_at desc, e2.id desc limit 1), 0)::numeric(18,2)::text as last_after,
              coalesce(min(e.balance_after), 0)::text as min_after
         from accounts a left join ledger_entries e on e.account_id = a.id group by a.id`,
    )
    for (const r of rows) {
      expect(r.total, r.number).toBe(r.balance)
      expect(r.last_after, r.number).toBe(r.balance)
      if (r.kind === 'customer') expect(decimalToCents(r.min_after), r.number).toBeGreaterThan(0n)
    }
    for (const customer of demoCustomers) {
      for (const acc of Object.values(customer.accounts)) {
        const row = rows.find((r) => r.number === acc.number)
        expect(row?.balance, acc.number).toBe(centsToDecimal(demoBalanceCents(acc)))
      }
    }
    // double entry: every movement sums to zero
    const unbalanced = await db.query('select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0')
    expect(unbalanced).toHaveLength(0)
  })

  it('gives the main customer at least 12 notifications, some seen and some not, and contact data', async () => {
    const [row] = await db.query<{ total: number; unseen: number; email: string; phone: string; address: string; country: string }>(
      `select (select count(*)::int from notifications n where n.customer_id = c.id) as total,
              (select count(*)::int from notifications n where n.customer_id = c.id and n.seen_at is null) as unseen,
              c.email, c.phone, c.address, c.country
         from customers c where c.kcode = $1`,
      [mainCustomer.kcode],
    )
    expect(row!.total).toBeGreaterThanOrEqual(12)
    expect(row!.unseen).toBeGreaterThan(0)
    expect(row!.unseen).toBeLessThan(row!.total)
    expect(row!.phone).toMatch(/^[0-9]{6,10}$/)
    expect(row!.email).toMatch(/@/)
    expect(row!.address.length).toBeGreaterThanOrEqual(5)
    expect(row!.country).toBe('CD')
  })

  it('has other holders’ accounts to credit, in each currency, and none with the unknown number', async () => {
    const rows = await db.query<{ number: string; currency: string; holder_label: string }>(
      "select number, currency, holder_label from accounts where kind = 'external' order by number",
    )
    expect(rows.map((r) => r.number)).toEqual(payeeAccounts.map((p) => p.number).sort())
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['1', '2', '3']))
    for (const r of rows) expect(r.number).toMatch(/^[0-9A-Z]{21}$/)
    expect(await db.query('select 1 from accounts where number = $1', [unknownAccountNumber])).toHaveLength(0)
  })

  it('has settlement accounts per network and currency, and exchange rates', async () => {
    const [row] = await db.query<{ settlement: number; rates: number }>(
      "select (select count(*)::int from accounts where kind = 'settlement') as settlement, (select count(*)::int from exchange_rates) as rates",
    )
    expect(row!.settlement).toBe(15 * SETTLEMENT_SHARDS) // 5 networks × 3 currencies, each in several rows (migration 018)
    expect(row!.rates).toBe(6)
  })
})

describe('money helpers', () => {
  it('convert exactly between cents and decimal strings', () => {
    expect(centsToDecimal(123456n)).toBe('1234.56')
    expect(centsToDecimal(-5n)).toBe('-0.05')
    expect(centsToDecimal(0n)).toBe('0.00')
    expect(decimalToCents('1234.5')).toBe(123450n)
    expect(decimalToCents('-0.05')).toBe(-5n)
    expect(decimalToCents('9999999999999.99')).toBe(999999999999999n)
    expect(() => decimalToCents('1.234')).toThrow()
    expect(() => decimalToCents('1e3')).toThrow()
  })
})

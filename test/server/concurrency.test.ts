/**
 * Money under concurrency on a real PostgreSQL (issue of the PostgreSQL money paths; docs/server.md
 * "Lock order"): two production server processes on one database, real SMS and e-mail delivery,
 * many customers at once and one customer with many transfers in flight, all three kinds, with
 * asks, confirms, wrong codes, cancellations by the third wrong code, expiries, a confirm sent
 * twice at once through both processes, transfers the balance cannot all pay and PIN resets' asks
 * (which share the throttles' locks). Then:
 * - no answer was a 5xx, and PostgreSQL counted no deadlock in the database;
 * - every currency's total is unchanged and every balance is the sum of its account's entries;
 * - no transfer moved money twice, and each executed one moved exactly its debit;
 * - every account's lines, in the statements' order (booked_at, id), carry a running balance that
 *   follows from the one before and ends at the balance, so statements agree with the balances.
 *
 * It needs a PostgreSQL server: TEST_DATABASE_URL (set by .ci/run's PostgreSQL leg), on which it
 * makes a database of its own. Without it the file is skipped and says why.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { payeeAccounts } from '../../server/demo/demo-data.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { decimalToCents, formatMoney } from '../../server/domain/money.ts'
import { addCustomers, type LoadCustomer } from '../support/customers.ts'
import { productionEnv, startServerProcess, type ServerProcess } from './processes.ts'
import { startSmsGateway, startSmtpReceiver, type SmsGateway, type SmtpReceiver } from './receivers.ts'
import { CODE_IN_TEXT } from './transfers-helpers.ts'

const baseUrl = process.env.TEST_DATABASE_URL
if (!baseUrl) console.info('concurrency.test.ts skipped: it needs a PostgreSQL server (TEST_DATABASE_URL, as .ci/run sets it).')

const API = '/api/rest/customer/v1'
/** Seconds a code lives: short, so that some transfers expire during the run. */
const LIFETIME = 8
const CUSTOMERS = 12
const OPENING = '500.00'

type Answer = { status: number; body: Record<string, any> }
async function post(base: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> }
}

const kinds = ['account', 'momo', 'card'] as const
type Kind = (typeof kinds)[number]
const askPath: Record<Kind, string> = { account: '/transfer/ask', momo: '/transfer/ask-wallet', card: '/transfer/ask-card' }
const confirmPath: Record<Kind, string> = { account: '/transfer/confirm', momo: '/transfer/confirm-wallet', card: '/transfer/confirm-card' }

/** What the customer does with the code of one transfer. */
type Style = 'right' | 'wrongThenRight' | 'threeWrong' | 'expire' | 'twiceAtOnce'
const styles: Style[] = ['right', 'wrongThenRight', 'right', 'twiceAtOnce', 'threeWrong', 'right', 'expire', 'right']

describe.skipIf(!baseUrl)('money under concurrency: two processes on one PostgreSQL', { timeout: 300_000 }, () => {
  let admin: pg.Client
  let dbName: string
  let db: Db
  let smtp: SmtpReceiver
  let gateway: SmsGateway
  let customers: LoadCustomer[]
  const servers: ServerProcess[] = []
  /** Every answer of the run, to find any 5xx. */
  const answers: { path: string; status: number; body: Record<string, any> }[] = []

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    dbName = `concurrency_${process.pid}_${Date.now()}`
    await admin.query(`create database ${dbName}`)
    const url = new URL(baseUrl!)
    url.pathname = `/${dbName}`
    db = await openDb({ databaseUrl: url.toString() })
    await migrate(db)
    await seedDemo(db)
    customers = await addCustomers(db, CUSTOMERS, OPENING)
    smtp = await startSmtpReceiver()
    gateway = await startSmsGateway()
    const env = productionEnv(
      url.toString(),
      { smtpUrl: smtp.url, smsGatewayUrl: gateway.url },
      {
        OUTBOX_POLL_MS: '50',
        CODE_LIFETIME_SECONDS: String(LIFETIME),
        TRANSFER_ASK_LIMIT: '1000',
        SIGNIN_ADDRESS_LIMIT: '1000',
        PIN_RESET_ASK_ADDRESS_LIMIT: '1000',
      },
    )
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
  }, 300_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db?.close()
    await smtp?.close()
    await gateway?.close()
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined)
      await admin.end()
    }
  })

  const call = async (base: string, path: string, body: unknown, token?: string) => {
    const answer = await post(base, API + path, body, token)
    answers.push({ path, status: answer.status, body: answer.body })
    return answer
  }
  const server = (i: number) => servers[i % servers.length]!.url

  /** Distinct amounts (in cents) tell each transfer's SMS apart. */
  let nextCents = 101
  const uniqueAmount = (base = 0n) => {
    const cents = base + BigInt(nextCents++)
    return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
  }

  async function codeFor(amount: string): Promise<string> {
    const said = `Transfert de ${formatMoney(decimalToCents(amount), '1')} `
    for (let waited = 0; waited < 30_000; waited += 25) {
      const sms = gateway.accepted.filter((m) => m.text.includes(said))
      if (sms.length > 1) throw new Error(`two SMS for ${amount}`)
      const code = sms[0] && CODE_IN_TEXT.exec(sms[0].text)?.[1]
      if (code) return code
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`no SMS for ${amount}`)
  }

  const body = (kind: Kind, debitAccount: string, amount: string, i: number) =>
    kind === 'account'
      ? { debitAccount, creditAccount: payeeAccounts.find((p) => p.currency === '1')!.number, description: `Virement ${i}`, currency: '1', amount }
      : kind === 'momo'
        ? { debitAccount, phone: `2438100${String(i).padStart(5, '0')}`, description: `Argent ${i}`, currency: '1', amount, currencySent: '1' }
        : { debitAccount, accountId: '12345678', lastFour: '4321', description: `Carte ${i}`, currency: '1', amount, currencySent: '1' }

  /** One transfer, asked through one process and confirmed through the other as `style` says. */
  async function transfer(customer: LoadCustomer, token: string, kind: Kind, style: Style, i: number, amount = uniqueAmount()): Promise<void> {
    const asker = server(i)
    const confirmer = server(i + 1)
    const ask = await call(asker, askPath[kind], body(kind, customer.usd, amount, i), token)
    if (ask.body.status !== '0') return // refused (e.g. the balance no longer pays it): nothing stored
    const code = await codeFor(amount)
    const wrong = code === '00000000' ? '11111111' : '00000000'
    const confirm = (base: string, token_: string) => call(base, confirmPath[kind], { code: ask.body.code, token: token_ }, token)
    switch (style) {
      case 'right':
        await confirm(confirmer, code)
        return
      case 'wrongThenRight':
        await confirm(confirmer, wrong)
        await confirm(asker, code)
        return
      case 'threeWrong':
        for (let n = 0; n < 3; n++) await confirm(n % 2 ? asker : confirmer, wrong)
        await confirm(confirmer, code) // cancelled: moves nothing
        return
      case 'expire':
        await new Promise((r) => setTimeout(r, (LIFETIME + 1) * 1000))
        await confirm(confirmer, code)
        return
      case 'twiceAtOnce':
        await Promise.all([confirm(asker, code), confirm(confirmer, code)])
        return
    }
  }

  const signIn = async (customer: LoadCustomer, i: number) => {
    const res = await post(server(i), '/auth/login', { username: customer.kcode, password: customer.pin })
    answers.push({ path: '/auth/login', status: res.status, body: res.body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.token as string
  }

  it('keeps the books exact with 0 × 5xx and no deadlock', async () => {
    const totalsBefore = await db.query('select currency, sum(balance)::text as total from accounts group by currency order by currency')
    const [{ deadlocks: deadlocksBefore }] = (await admin.query('select deadlocks::int from pg_stat_database where datname = $1', [dbName])).rows

    const tokens = await Promise.all(customers.map((c, i) => signIn(c, i)))
    const [busy, ...others] = customers
    const busyToken = tokens[0]!

    await Promise.all([
      // One customer with 8 transfers in flight at a time, three waves, every kind and style, and
      // two large ones her balance cannot both pay (each passes its ask, at most one its confirm).
      (async () => {
        for (let wave = 0; wave < 3; wave++) {
          await Promise.all(styles.map((style, j) => transfer(busy!, busyToken, kinds[(wave + j) % 3]!, style, wave * 8 + j)))
        }
        // Then 8 in flight without a pause, each ask sent while others confirm (where an ask's
        // foreign-key lock met a confirm's account lock, PostgreSQL found deadlocks).
        await Promise.all(
          Array.from({ length: 8 }, async (_, worker) => {
            for (let n = 0; n < 6; n++) await transfer(busy!, busyToken, kinds[(worker + n) % 3]!, 'right', 30 + worker * 6 + n)
          }),
        )
        const large = () => uniqueAmount(decimalToCents('300.00'))
        await Promise.all([transfer(busy!, busyToken, 'momo', 'right', 100, large()), transfer(busy!, busyToken, 'card', 'right', 101, large())])
      })(),
      // Many customers at once, each a few transfers one after the other.
      ...others.map(async (customer, c) => {
        for (let n = 0; n < 4; n++) {
          // A PIN reset's ask now and then, which shares the throttles' locks with the transfers' asks.
          const pinReset = n === 1 ? post(server(c + 1), '/auth/v1/password/ask', { compte: customer.kcode }) : undefined
          await transfer(customer, tokens[c + 1]!, kinds[(c + n) % 3]!, styles[(c + n) % styles.length]!, 200 + c * 10 + n)
          if (pinReset) answers.push({ path: '/auth/v1/password/ask', ...(await pinReset) })
        }
      }),
    ])

    expect(answers.filter((a) => a.path === '/auth/v1/password/ask' && a.body.status === '0')).toHaveLength(others.length)
    const failures = answers.filter((a) => a.status >= 500)
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([])
    const [{ deadlocks }] = (await admin.query('select deadlocks::int from pg_stat_database where datname = $1', [dbName])).rows
    expect(deadlocks - deadlocksBefore).toBe(0)

    // Every currency's total unchanged: money moved between accounts, none made or lost.
    expect(await db.query('select currency, sum(balance)::text as total from accounts group by currency order by currency')).toEqual(totalsBefore)
    expect(await db.query("select number from accounts where kind = 'customer' and balance < 0")).toEqual([])

    // Every balance is its entries' sum, and every running balance follows from the line before,
    // in the statements' order, ending at the balance.
    const books = await db.query<{ number: string; balance: string; total: string; broken: number; last_after: string | null }>(
      `select a.number, a.balance::text, coalesce(sum(e.amount), 0)::numeric(18, 2)::text as total,
              coalesce(sum(case when e.prev_after is not null and e.balance_after <> e.prev_after + e.amount then 1 else 0 end), 0)::int as broken,
              (select x.balance_after::text from ledger_entries x where x.account_id = a.id order by x.booked_at desc, x.id desc limit 1) as last_after
         from accounts a
         left join (select account_id, amount, balance_after,
                           lag(balance_after) over (partition by account_id order by booked_at, id) as prev_after
                      from ledger_entries) e on e.account_id = a.id
        group by a.id`,
    )
    for (const row of books) {
      expect(row.total, row.number).toBe(row.balance)
      expect(row.broken, row.number).toBe(0)
      if (row.last_after !== null) expect(row.last_after, row.number).toBe(row.balance)
    }

    // No transfer moved money twice; each executed one moved its debit from its account.
    const [moved] = await db.query<{ executed: number; ledger: number; doubled: number; stray: number }>(
      `select (select count(*)::int from pending_transfers where state = 'executed') as executed,
              (select count(*)::int from ledger_transactions t join pending_transfers p on p.reference = t.reference) as ledger,
              (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having count(*) <> 2) d
                 join ledger_transactions t on t.id = d.transaction_id join pending_transfers p on p.reference = t.reference) as doubled,
              (select count(*)::int from ledger_transactions t join pending_transfers p on p.reference = t.reference where p.state <> 'executed') as stray`,
    )
    expect(moved!.ledger).toBe(moved!.executed)
    expect(moved!.doubled).toBe(0)
    expect(moved!.stray).toBe(0)
    const perCustomer = await db.query<{ number: string; opening: string; balance: string; debited: string }>(
      `select a.number, $1::numeric(18, 2)::text as opening, a.balance::text,
              coalesce((select sum(p.debit_amount) from pending_transfers p where p.debit_account_id = a.id and p.state = 'executed'), 0)::numeric(18, 2)::text as debited
         from accounts a join customers c on c.id = a.customer_id where c.kcode like 'K70%'`,
      [OPENING],
    )
    for (const row of perCustomer) expect(decimalToCents(row.opening) - decimalToCents(row.debited), row.number).toBe(decimalToCents(row.balance))

    // The run did what it says: every kind executed, some cancelled by wrong codes, some expired,
    // and the two large transfers did not both pass.
    const states = await db.query<{ kind: string; state: string; reason: string | null; n: number }>(
      'select kind, state, cancel_reason as reason, count(*)::int as n from pending_transfers group by 1, 2, 3',
    )
    const count = (f: (r: (typeof states)[number]) => boolean) => states.filter(f).reduce((sum, r) => sum + r.n, 0)
    for (const kind of kinds)
      expect(
        count((r) => r.kind === kind && r.state === 'executed'),
        kind,
      ).toBeGreaterThan(0)
    expect(count((r) => r.reason === 'wrong_code')).toBeGreaterThan(0)
    expect(count((r) => r.reason === 'expired')).toBeGreaterThan(0)
    const [busyBalance] = await db.query<{ balance: string }>('select balance::text from accounts where number = $1', [busy!.usd])
    expect(decimalToCents(busyBalance!.balance)).toBeGreaterThanOrEqual(0n)
  })
})

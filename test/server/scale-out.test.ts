/**
 * Scale-out (rulings §7: several processes need PostgreSQL): two production server processes on
 * one PostgreSQL, with real delivery (SMTP receiver and SMS gateway of this test). Concurrent
 * transfers go through both at random — asked through one, confirmed through the other, confirmed
 * twice at once through both, a wrong code first, a retry after an unanswered confirm, two asks
 * that together exceed the balance — and then: every currency's total is unchanged, no transfer
 * was debited twice, no customer balance is negative (the bank's own accounts are the other side of the books), each executed transfer's debit is in the balance.
 * Sessions, codes, throttles and the outbox are the database's, so either process serves any call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { decimalToCents, formatMoney } from '../../server/domain/money.ts'
import { findPostgres, startPostgres, type Postgres } from './postgres.ts'
import { productionEnv, startServerProcess, type ServerProcess } from './processes.ts'
import { startSmsGateway, startSmtpReceiver, type SmsGateway, type SmtpReceiver } from './receivers.ts'
import { CODE_IN_TEXT } from './transfers-helpers.ts'

const bin = findPostgres()
if (!bin) console.info('scale-out.test.ts skipped: no PostgreSQL binaries (PG_BIN or /usr/lib/postgresql/*/bin).')

const CUSTOMER = '/api/rest/customer/v1'
const post = async (base: string, path: string, body: unknown, token?: string) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any> }
}

describe.skipIf(!bin)('two server processes on one PostgreSQL', { timeout: 300_000 }, () => {
  let postgres: Postgres
  let db: Db
  let smtp: SmtpReceiver
  let gateway: SmsGateway
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    postgres = await startPostgres(bin!)
    const url = await postgres.createDatabase('portal')
    db = await openDb({ databaseUrl: url })
    await migrate(db)
    await seedDemo(db) // the customers; the production processes load no demo data themselves
    smtp = await startSmtpReceiver()
    gateway = await startSmsGateway()
    const env = productionEnv(url, { smtpUrl: smtp.url, smsGatewayUrl: gateway.url }, { OUTBOX_POLL_MS: '50', TRANSFER_ASK_LIMIT: '1000' })
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])))
  }, 300_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await db?.close()
    await smtp?.close()
    await gateway?.close()
    await postgres?.destroy()
  })

  const pick = () => servers[Math.floor(Math.random() * servers.length)]!.url
  const other = (url: string) => servers.find((s) => s.url !== url)!.url

  /** The code the gateway received for the transfer of this amount (one SMS per transfer). */
  async function codeFor(amount: string): Promise<string> {
    const said = `Transfert de ${formatMoney(decimalToCents(amount), '1')} `
    for (;;) {
      const sms = gateway.accepted.filter((m) => m.text.includes(said))
      if (sms.length > 1) throw new Error(`two SMS for ${amount}`)
      const code = sms[0] && CODE_IN_TEXT.exec(sms[0].text)?.[1]
      if (code) return code
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  const totals = () =>
    db.query<{ currency: string; total: string }>('select currency, sum(balance)::text as total from accounts group by currency order by currency')

  it('random concurrent transfers through both keep the books right', async () => {
    const before = await totals()
    const login = await post(pick(), '/auth/login', { username: mainCustomer.kcode, password: mainCustomer.pin })
    expect(login.status).toBe(200)
    const token = login.body.token as string
    const usd = mainCustomer.accounts.usd.number
    const [{ balance }] = (await db.query<{ balance: string }>('select balance::text from accounts where number = $1', [usd])) as [{ balance: string }]

    // Small transfers with distinct amounts (their SMS tell them apart), and two large ones that
    // the balance cannot both pay: each passes the ask, only one can pass the confirm.
    const amounts = Array.from({ length: 10 }, (_, i) => `1.${String(11 + i)}`)
    const large = ((Number(balance) * 0.6) | 0).toFixed(2)
    const plans = [
      ...amounts.map((amount) => ({ amount, large: false })),
      { amount: large, large: true },
      { amount: (Number(large) + 0.01).toFixed(2), large: true },
    ]

    const results = await Promise.all(
      plans.map(async ({ amount }, i) => {
        const asker = pick()
        const ask = await post(
          asker,
          `${CUSTOMER}/transfer/ask`,
          { debitAccount: usd, creditAccount: payeeAccounts[0]!.number, description: `Virement ${i}`, currency: '1', amount },
          token,
        )
        if (ask.body?.status !== '0') return { amount, asked: false, why: JSON.stringify(ask) }
        const code = await codeFor(amount)
        const confirmer = other(asker)
        const style = i % 4
        if (style === 1) {
          // A wrong code first (refused with tries left: 422 by rulings §6.1), then the right one.
          const wrong = await post(
            confirmer,
            `${CUSTOMER}/transfer/confirm`,
            { code: ask.body.code, token: code === '00000000' ? '11111111' : '00000000' },
            token,
          )
          expect([200, 422]).toContain(wrong.status)
          expect(wrong.body.status ?? wrong.body.code).toBe('1')
        }
        // Each confirm's answer is kept: when the books disagree, the failure says what was answered.
        const answers: unknown[] = []
        if (style === 2) {
          // The same confirm twice at once, one through each process.
          answers.push(...(await Promise.all(servers.map((s) => post(s.url, `${CUSTOMER}/transfer/confirm`, { code: ask.body.code, token: code }, token)))))
        } else {
          answers.push(await post(confirmer, `${CUSTOMER}/transfer/confirm`, { code: ask.body.code, token: code }, token))
        }
        if (style === 3) {
          // A retry (the customer's browser resends after an answer it did not get).
          answers.push(await post(asker, `${CUSTOMER}/transfer/confirm`, { code: ask.body.code, token: code }, token))
        }
        return { amount, asked: true, reference: ask.body.code as string, answers }
      }),
    )
    expect(results.filter((r) => r.asked).length, JSON.stringify(results)).toBeGreaterThanOrEqual(11)

    expect(await totals()).toEqual(before)
    const [negative] = await db.query<{ n: number }>("select count(*)::int as n from accounts where kind = 'customer' and balance < 0")
    expect(negative!.n).toBe(0)
    const [books] = await db.query<{ executed: number; ledger: number; debited: string; moved: string }>(
      // (not the demo's own transfers, MOBDEMO…: K1234567's history)
      `select (select count(*)::int from pending_transfers where state = 'executed' and reference not like 'MOBDEMO%') as executed,
              (select count(*)::int from ledger_transactions where kind = 'account') as ledger,
              (select coalesce(sum(debit_amount), 0)::text from pending_transfers where state = 'executed' and reference not like 'MOBDEMO%') as debited,
              ($1::numeric - (select balance from accounts where number = $2))::text as moved`,
      [balance, usd],
    )
    expect(books!.ledger).toBe(books!.executed)
    expect(books!.moved).toBe(books!.debited)
    // Every small transfer executed once; of the two large ones exactly one.
    const executed = await db.query<{ amount: string }>("select amount::text from pending_transfers where state = 'executed' and reference not like 'MOBDEMO%'")
    expect(executed.map((r) => r.amount).sort(), JSON.stringify(results)).toEqual(expect.arrayContaining(amounts))
    expect(executed.length).toBe(amounts.length + 1)
    // One SMS and one e-mail per asked transfer, each sent once, through whichever process.
    expect(gateway.accepted.length).toBe(new Set(gateway.accepted.map((m) => m.idempotencyKey)).size)
  })
})

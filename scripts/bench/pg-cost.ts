/**
 * PostgreSQL's own CPU for one complete transfer, measured alone (a diagnostic beside the figures,
 * not a figure): one client, one connection, complete mobile-money transfers (ask, then confirm
 * with the code the ask's SMS carries) through the domain functions the routes call, with the
 * session checked as a customer call checks it; the backend's CPU (utime + stime, /proc) over
 * rounds of PG_COST_TRANSFERS transfers. With one connection and nothing else waiting, it does not
 * move with the machine's load the way the rate of the bench's 10 clients does, so a change to a
 * transfer's statements is judged here first (docs/performance.md, "PostgreSQL").
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres npx tsx scripts/bench/pg-cost.ts
 *
 * PG_COST_SESSION=apart checks the session in a statement of its own before each call, as before
 * migration 059. PG_COST_TRY_SQL runs statements on the schema before the rounds (an index or a
 * constraint dropped, say), to weigh a change before its migration is written. The database is made for the run and dropped after; PostgreSQL must run on this
 * machine (its backend's /proc is read).
 */
import { createSecretKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { openDb } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { openSession, resumeSession, sessionWindow, type Caller } from '../../server/domain/sessions.ts'
import { askTransfer } from '../../server/domain/transfer-ask.ts'
import { confirmTransfer } from '../../server/domain/transfer-confirm.ts'
import type { TransferSettings } from '../../server/domain/transfers.ts'
import { addCustomers } from '../../test/support/customers.ts'

const url = process.env.BENCH_DATABASE_URL
if (!url) throw new Error('BENCH_DATABASE_URL: a PostgreSQL on this machine')
const TRANSFERS = Number(process.env.PG_COST_TRANSFERS ?? 2000)
const ROUNDS = 3
const CUSTOMERS = 50
const sessionApart = process.env.PG_COST_SESSION === 'apart'
const CODE = /Code de validation : (\d{8})/

/** utime + stime of a process in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const admin = new pg.Client({ connectionString: url })
await admin.connect()
const name = `pg_cost_${process.pid}`
await admin.query(`create database ${name}`)
const dbUrl = new URL(url)
dbUrl.pathname = `/${name}`
try {
  // Set up on connections of their own: the measured one plans its statements on a database as the servers find it.
  const setup = await openDb({ databaseUrl: dbUrl.toString() })
  await migrate(setup)
  await seedDemo(setup)
  const customers = await addCustomers(setup, CUSTOMERS, '1000000.00')
  const ids = await Promise.all(
    customers.map(async (c) => (await setup.query<{ id: string }>('select id::text from customers where kcode = $1', [c.kcode]))[0]!.id),
  )
  // PG_COST_TRY_SQL: statements run once the schema is made, to weigh a change of it before writing its migration.
  if (process.env.PG_COST_TRY_SQL) await setup.exec(process.env.PG_COST_TRY_SQL)
  await setup.exec('analyze')
  const tokens = await Promise.all(ids.map((id) => openSession(setup, id, new Date())))
  await setup.close()

  const db = await openDb({ databaseUrl: dbUrl.toString(), pool: { max: 1, statementTimeoutMs: 15_000, idleTimeoutMs: 30_000, connectTimeoutMs: 5_000 } })
  const [{ pid }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }]
  // Limits that no round reaches: every call finds its session live and fresh.
  const limits = { idleMs: 3_600_000, maxMs: 86_400_000, touchMs: 3_600_000 }
  const settings: TransferSettings = {
    now: new Date(),
    lifetimeSeconds: 300,
    bankName: 'Banque',
    timeZone: 'Africa/Kinshasa',
    codeKey: createSecretKey(Buffer.alloc(32, 7)),
    askLimit: { max: 1_000_000_000, windowMs: 3_600_000 },
    lease: { channels: ['sms', 'email'], seconds: 60 },
  }
  const callerOf = async (k: number): Promise<Caller> => {
    const token = tokens[k]!
    if (sessionApart) return (await resumeSession(db, token, settings.now, limits))!.customerId
    return { window: sessionWindow(token, settings.now, limits)!, resume: () => resumeSession(db, token, settings.now, limits), found: () => undefined }
  }
  const transfer = async (i: number) => {
    const k = i % CUSTOMERS
    settings.now = new Date()
    const input = {
      kind: 'momo' as const,
      debitAccount: customers[k]!.usd,
      phone: '243810000001',
      description: 'Charge',
      currency: '1',
      amount: '1.00',
      currencySent: '1',
    }
    const asked = await askTransfer(db, await callerOf(k), input, settings)
    if (!('ok' in asked) || !asked.ok) throw new Error(`ask: ${JSON.stringify(asked)}`)
    const code = CODE.exec(asked.leased.find((m) => m.channel === 'sms')!.body)![1]!
    const confirmed = await confirmTransfer(db, await callerOf(k), 'momo', asked.reference, code, settings)
    if (!('ok' in confirmed) || !confirmed.ok) throw new Error(`confirm: ${JSON.stringify(confirmed)}`)
  }
  // Warm: the connection's plans made, the JIT of this process done.
  for (let i = 0; i < 300; i++) await transfer(i)
  for (let round = 1; round <= ROUNDS; round++) {
    const cpu = cpuMs(pid)
    const started = performance.now()
    for (let i = 0; i < TRANSFERS; i++) await transfer(i)
    const perTransfer = (cpuMs(pid) - cpu) / TRANSFERS
    const wall = (performance.now() - started) / TRANSFERS
    console.log(
      `round ${round}: PostgreSQL ${perTransfer.toFixed(3)} ms of CPU a complete transfer, ${wall.toFixed(3)} ms of wall time (session ${sessionApart ? 'apart' : 'in the statement'})`,
    )
  }
  await db.close()
} finally {
  await admin.query(`drop database if exists ${name}`)
  await admin.end()
}

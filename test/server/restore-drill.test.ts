/**
 * The restore drill on PostgreSQL (docs/operations.md, "Back up and restore"), as a bank rehearses
 * it: a portal database with customers, an executed and a pending transfer is dumped with
 * `pg_dump -Fc` while its server runs, restored with `pg_restore` into a fresh database, and a
 * production server process started on the copy (migrations checked, not applied) answers
 * /readyz; the balances, the transfers and the ledger are the original's, and a customer signs in
 * on the copy and reads the same balance.
 *
 * Needs TEST_DATABASE_URL (CI's PostgreSQL leg sets it) and PostgreSQL's client programs (PG_BIN
 * or Debian's); skipped otherwise, saying why.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { findPostgres } from './postgres.ts'
import { startServerProcess, type ServerProcess } from './processes.ts'
import { transferHelpers } from './transfers-helpers.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const bin = findPostgres()
const why = !serverUrl ? 'TEST_DATABASE_URL is not set' : !bin ? 'no PostgreSQL client programs (PG_BIN or /usr/lib/postgresql)' : undefined
if (why) process.stdout.write(`restore-drill.test.ts skipped: ${why}\n`)

const run = promisify(execFile)
const folder = mkdtempSync(join(tmpdir(), 'portal-drill-'))
const restoredName = `portal_drill_${randomBytes(6).toString('hex')}`
let original: TestServer
let restored: ServerProcess | undefined

async function admin<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

/** The URL of a database of the test's server, reading the given schema. */
function databaseUrl(database: string, schema: string): string {
  const url = new URL(serverUrl!)
  url.pathname = `/${database}`
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

/** Balances, transfers and the ledger, as text, in a fixed order. */
const BOOKS = `select (select string_agg(number || '=' || balance::text, ',' order by id) from accounts) as accounts,
                      (select coalesce(string_agg(reference || ':' || state || ':' || amount::text, ',' order by id), '') from pending_transfers) as transfers,
                      (select count(*)::int from ledger_entries) as entries,
                      (select max(version)::text from schema_migrations) as version`

describe.skipIf(why !== undefined)('restore drill (PostgreSQL)', () => {
  beforeAll(async () => {
    original = await startTestServer()
  }, 180_000)
  afterAll(async () => {
    await restored?.stop()
    await original?.close()
    if (serverUrl) await admin(serverUrl, `drop database if exists ${restoredName} with (force)`).catch(() => {})
    rmSync(folder, { recursive: true, force: true })
  })

  it('pg_dump, pg_restore into a fresh database, a server on it: ready, same balances and pending transfers', async () => {
    const h = transferHelpers(() => original)
    const body = (amount: string) => ({
      debitAccount: mainCustomer.accounts.usd.number,
      creditAccount: payeeAccounts[0]!.number,
      description: 'Exercice de restauration',
      currency: '1',
      amount,
    })
    const token = await original.signIn()
    const executed = await h.ask('account', token, body('21.00'))
    expect(executed.body.status, executed.body.message).toBe('0')
    expect((await h.confirm('account', token, executed.body.code, await h.codeSentTo(mainCustomer))).status).toBe(200)
    const pending = await h.ask('account', token, body('7.25'))
    expect(pending.body.status, pending.body.message).toBe('0')

    const [{ schema, database }] = (await original.db.query<{ schema: string; database: string }>(
      'select current_schema() as schema, current_database() as database',
    )) as [{ schema: string; database: string }]
    const source = databaseUrl(database, schema)
    const [books] = await admin(source, BOOKS)
    expect(books!.transfers).toMatch(/:executed:21\.00,.*:pending:7\.25$/)

    // The backup, taken while the server runs (as docs/operations.md says: pg_dump -Fc).
    const dump = join(folder, 'portal.dump')
    const plain = new URL(source)
    plain.search = ''
    await run(join(bin!, 'pg_dump'), ['-Fc', '--no-owner', `--schema=${schema}`, '-f', dump, plain.toString()])
    // The restore, into a fresh database.
    await admin(serverUrl!, `create database ${restoredName}`)
    const target = new URL(serverUrl!)
    target.pathname = `/${restoredName}`
    await run(join(bin!, 'pg_restore'), ['--no-owner', '--exit-on-error', '-d', target.toString(), dump])
    const copy = databaseUrl(restoredName, schema)
    expect((await admin(copy, BOOKS))[0]).toEqual(books)

    // A production server on the copy: migrations checked (all applied), ready, the same balance.
    restored = await startServerProcess({
      DATABASE_URL: copy,
      MIGRATE_ON_START: 'false',
      CODE_SECRET: 'restore-drill-secret-of-at-least-32-characters',
      BANK_NAME: 'Banque de l’exercice',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'drill@example.org',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
    })
    const ready = await fetch(`${restored.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' })
    const balance = async (url: string) => {
      const login = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: mainCustomer.kcode, password: mainCustomer.pin }),
      })
      expect(login.status).toBe(200)
      const { token: session } = (await login.json()) as { token: string }
      const res = await fetch(url + customerPath('balance'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
        body: JSON.stringify({ code: mainCustomer.accounts.usd.number, currency: '1' }),
      })
      expect(res.status).toBe(200)
      return res.json()
    }
    expect(await balance(restored.url)).toEqual(await balance(original.url))
    // The pending transfer is still pending on the copy (sign-ins write sessions, not transfers).
    expect((await admin(copy, BOOKS))[0]!.transfers).toBe(books!.transfers)
  })
})

/**
 * The operations listener (OPS_PORT, rulings §9.8): /metrics, /livez, /readyz answer there and
 * the public port answers 404 for them; without OPS_PORT they answer on the public port as before.
 * The embedded database's online backup is taken on that listener while the server runs (a
 * pending and an executed transfer in it), by the operator command too, and a restore of it holds
 * the same balances and transfers.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { backup, restore } from '../../server/backup-command.ts'
import type { Queryable } from '../../server/db/db.ts'
import { openPgliteDb } from '../../server/db/pglite.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

let withOps: TestServer
let without: TestServer
let opsUrl: string
const folder = mkdtempSync(join(tmpdir(), 'portal-backup-'))
beforeAll(async () => {
  withOps = await startTestServer({ config: { opsPort: 0 } })
  without = await startTestServer({ seed: false })
  opsUrl = `http://127.0.0.1:${(withOps.app.ops!.server.address() as AddressInfo).port}`
}, 180_000)
afterAll(async () => {
  await withOps?.close()
  await without?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('OPS_PORT', () => {
  it('serves /metrics, /livez and /readyz on the operations listener; the public port answers 404 for them', async () => {
    const live = await fetch(`${opsUrl}/livez`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${opsUrl}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' })
    const metrics = await fetch(`${opsUrl}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('portal_http_request_duration_seconds')
    for (const path of ['/livez', '/readyz', '/metrics']) {
      const res = await withOps.call(path)
      expect(res.status, path).toBe(404)
      expect(res.body).toEqual({ message: api.notFound })
    }
    // The customers' routes are not on the operations listener.
    expect((await fetch(`${opsUrl}/auth/v1/countries`)).status).toBe(404)
    expect((await withOps.call('/auth/v1/countries')).status).toBe(200)
  })

  it('without OPS_PORT they answer on the public port, and no second listener opens', async () => {
    expect(without.app.ops).toBeNull()
    expect((await without.call('/livez')).status).toBe(200)
    expect((await without.call('/readyz')).status).toBe(200)
    expect((await without.call('/metrics')).status).toBe(200) // demo mode: open (metrics.test.ts)
    expect((await without.call('/backup', { method: 'POST' })).status).toBe(404)
  })
})

// The server suite's PostgreSQL leg (TEST_DATABASE_URL) has no embedded database to back up:
// there, restore-drill.test.ts rehearses pg_dump and pg_restore.
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('online backup of the embedded database', () => {
  const h = transferHelpers(() => withOps)
  const body = (amount: string) => ({
    debitAccount: mainCustomer.accounts.usd.number,
    creditAccount: payeeAccounts[0]!.number,
    description: 'Sauvegarde',
    currency: '1',
    amount,
  })

  /** Balances and transfers, as text, in a fixed order. */
  async function books(db: Queryable) {
    const [row] = await db.query<{ accounts: string; transfers: string; entries: number }>(
      `select (select string_agg(number || '=' || balance::text, ',' order by id) from accounts) as accounts,
              (select coalesce(string_agg(reference || ':' || state || ':' || amount::text, ',' order by id), '') from pending_transfers) as transfers,
              (select count(*)::int from ledger_entries) as entries`,
    )
    return row!
  }

  it('is taken while the server runs, by the operator command too, and restores to the same books', async () => {
    const token = await withOps.signIn()
    const executed = await h.ask('account', token, body('12.34'))
    expect(executed.body.status, executed.body.message).toBe('0')
    const confirmed = await h.confirm('account', token, executed.body.code, await h.codeSentTo(mainCustomer))
    expect(confirmed.status).toBe(200)
    const pending = await h.ask('account', token, body('5.00'))
    expect(pending.body.status, pending.body.message).toBe('0')
    const original = await books(withOps.db)
    expect(original.transfers).toMatch(/:executed:12\.34,.*:pending:5\.00$/)

    // The public port has no backup; the operations listener has, for this machine only.
    expect((await withOps.call('/backup', { method: 'POST' })).status).toBe(404)
    const online = await fetch(`${opsUrl}/backup`, { method: 'POST' })
    expect(online.status).toBe(200)
    expect(online.headers.get('content-type')).toBe('application/gzip')
    const file = join(folder, 'online.tar.gz')
    writeFileSync(file, new Uint8Array(await online.arrayBuffer()))
    // The server kept serving: the books did not move.
    expect((await fetch(`${opsUrl}/readyz`)).status).toBe(200)
    expect((await withOps.call('/auth/v1/countries')).status).toBe(200)

    // The operator command, as `npm run backup -- <file>` runs it, asks the running server.
    const port = String((withOps.app.ops!.server.address() as AddressInfo).port)
    expect(await backup(join(folder, 'command.tar.gz'), { OPS_PORT: port, DATA_DIR: join(folder, 'unused') })).toBe('online')
    expect(existsSync(join(folder, 'unused'))).toBe(false)

    for (const name of ['online', 'command']) {
      const dataDir = join(folder, `restored-${name}`)
      await restore(join(folder, `${name}.tar.gz`), dataDir)
      const restored = await openPgliteDb(dataDir)
      try {
        expect(await books(restored)).toEqual(original)
      } finally {
        await restored.close()
      }
    }
    // A restore never overwrites a folder in use.
    await expect(restore(file, join(folder, 'restored-online'))).rejects.toThrow(/not empty/)
  })

  it('npm run backup works with the server stopped, and says what PostgreSQL needs', async () => {
    const dataDir = join(folder, 'restored-online')
    const run = promisify(execFile)
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/backup-command.ts', 'backup', join(folder, 'offline.tar.gz')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    })
    expect(stdout).toContain('server stopped')
    await restore(join(folder, 'offline.tar.gz'), join(folder, 'restored-offline'))
    const restored = await openPgliteDb(join(folder, 'restored-offline'))
    try {
      expect((await books(restored)).transfers).toMatch(/:pending:5\.00$/)
    } finally {
      await restored.close()
    }
    await expect(backup(join(folder, 'x.tar.gz'), { DATABASE_URL: 'postgres://nobody@127.0.0.1/none' })).rejects.toThrow(/pg_dump/)
  })
})

/**
 * Throttles of the asks that send a code by SMS and e-mail (server/domain/throttles.ts): PIN-reset
 * asks per user code (PIN_RESET_ASK_LIMIT, default 3 per 15 minutes) and transfer asks per
 * customer, the three kinds together (TRANSFER_ASK_LIMIT, default 20 per 15 minutes). Beyond: the
 * contract's refusal with the catalogue's words, nothing stored, nothing sent. The window slides
 * with the server's clock; the count is in the database, so it holds across a restart and across
 * two servers on one database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { openDb } from '../../server/db/db.ts'
import { mainCustomer, payeeAccounts, statementOnlyCustomer, webBlockedCustomer } from '../../server/demo/demo-data.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { createClock, startTestServer, type TestServer } from './harness.ts'
import { CODE_IN_TEXT, transferHelpers, type Kind } from './transfers-helpers.ts'

/** The exact words of the refusal (also `api.tooManyAsks`). */
const TOO_MANY = 'Trop de demandes. Veuillez réessayer dans quelques minutes.'
const REFUSED = { status: '1', message: TOO_MANY }
const MINUTE = 60_000

let server: TestServer
const h = transferHelpers(() => server)

beforeAll(async () => {
  // The default limits; sessions long enough for the clock to pass a window.
  server = await startTestServer({ config: { sessionIdleMinutes: 6000, sessionMaxMinutes: 60000 } })
})
afterAll(() => server?.close())

const askReset = (compte: string) => server.call('/auth/v1/password/ask', { body: { compte } })
const confirmReset = (code: string, token: string) => server.call('/auth/v1/password/confirm', { body: { code, token } })

/** What a refused ask must leave as it was: the asks, the throttle's rows, the outbox, the notifications. */
async function counts() {
  const [row] = await server.db.query<{ resets: number; pending: number; throttle: number; outbox: number; notifications: number }>(
    `select (select count(*)::int from pin_resets) as resets,
            (select count(*)::int from pending_transfers) as pending,
            (select count(*)::int from ask_throttle) as throttle,
            (select count(*)::int from outbox) as outbox,
            (select count(*)::int from notifications) as notifications`,
  )
  return row!
}

async function newestCodeTo(phone: string): Promise<string> {
  const [row] = await server.db.query<{ body: string }>("select body from outbox where channel = 'sms' and recipient = $1 order by id desc limit 1", [phone])
  return CODE_IN_TEXT.exec(row!.body)![1]!
}

describe('the settings by default', () => {
  it('are 3 PIN-reset asks per user code and 20 transfer asks per customer, per 15 minutes', () => {
    expect(server.config).toMatchObject({ pinResetAskLimit: 3, pinResetAskWindowMinutes: 15, transferAskLimit: 20, transferAskWindowMinutes: 15 })
    expect(api.tooManyAsks).toBe(TOO_MANY)
  })
})

describe('PIN-reset asks (password/ask), per user code', () => {
  it('let 3 asks through; the 4th is refused with the exact message, stores nothing and sends nothing', async () => {
    const asked = []
    for (let i = 0; i < 3; i++) {
      const res = await askReset(mainCustomer.kcode)
      expect(res.body.status, res.body.message).toBe('0')
      asked.push(res.body.code as string)
    }
    const before = await counts()
    const refused = await askReset(mainCustomer.kcode)
    expect(refused.status).toBe(200)
    expect(refused.body).toEqual(REFUSED)
    // the same user code written otherwise is the same target
    expect((await askReset(` ${mainCustomer.kcode.toLowerCase()} `)).body).toEqual(REFUSED)
    expect(await counts()).toEqual(before)

    // nothing replaced either: the pending reset is still the one of the 3rd ask
    const [pending] = await server.db.query<{ reference: string }>(
      "select reference from pin_resets where status = 'pending' and customer_id = (select id from customers where kcode = $1)",
      [mainCustomer.kcode],
    )
    expect(pending!.reference).toBe(asked[2])
  })

  it('answers an unknown user code the same way, at the same count', async () => {
    for (let i = 0; i < 3; i++) expect((await askReset('K0000001')).body.status).toBe('0')
    const before = await counts()
    expect((await askReset('K0000001')).body).toEqual(REFUSED)
    expect(await counts()).toEqual(before)
  })

  it('leaves another user code alone, and the refused one still confirms its last code', async () => {
    expect((await askReset(mainCustomer.kcode)).body).toEqual(REFUSED)
    const res = await askReset(statementOnlyCustomer.kcode)
    expect(res.body.status).toBe('0')
    const code = await newestCodeTo(statementOnlyCustomer.contact.phone)
    // the throttle is on asks only: a confirm is not counted
    expect((await confirmReset(res.body.code, code)).body).toEqual({ status: '0', message: api.pinReset.done })
  })

  it('slides: an ask passes again once the oldest ask is out of the 15 minutes, then only as the others leave', async () => {
    // a fresh user code, asks at 0, 5 and 10 minutes
    const kcode = 'K0000002'
    for (let i = 0; i < 3; i++) {
      if (i > 0) server.clock.advance(5 * MINUTE)
      expect((await askReset(kcode)).body.status).toBe('0')
    }
    server.clock.advance(5 * MINUTE - 1) // 14:59.999 after the first
    expect((await askReset(kcode)).body).toEqual(REFUSED)
    server.clock.advance(1) // 15:00 after the first: it leaves the window
    expect((await askReset(kcode)).body.status).toBe('0')
    expect((await askReset(kcode)).body).toEqual(REFUSED)
    server.clock.advance(5 * MINUTE) // the ask at 5 minutes leaves
    expect((await askReset(kcode)).body.status).toBe('0')
    // and the user codes throttled earlier pass again too
    expect((await askReset(mainCustomer.kcode)).body.status).toBe('0')
    expect((await askReset('K0000001')).body.status).toBe('0')
  })

  it('keeps no row that no window counts any more', async () => {
    server.clock.advance(16 * MINUTE)
    await askReset('K0000003')
    const [row] = await server.db.query<{ old: number }>("select count(*)::int as old from ask_throttle where scope = 'pin_reset' and asked_at <= $1", [
      new Date(server.clock.now().getTime() - 15 * MINUTE),
    ])
    expect(row!.old).toBe(0)
  })
})

describe('transfer asks (transfer/ask, ask-wallet, ask-card), per customer, the three kinds together', () => {
  let token: string
  let paul: string
  const usd = mainCustomer.accounts.usd
  const bodies: Record<Kind, Record<string, unknown>> = {
    account: { debitAccount: usd.number, creditAccount: payeeAccounts[0].number, description: 'Loyer de mars', currency: '1', amount: '1.00' },
    momo: { debitAccount: usd.number, phone: '243812345678', description: 'Argent de poche', currency: '1', amount: '1.00', currencySent: '1' },
    card: {
      debitAccount: usd.number,
      accountId: '12345678',
      lastFour: '4321',
      description: 'Recharge carte',
      currency: '1',
      amount: '1.00',
      currencySent: '1',
    },
  }
  const kinds: Kind[] = ['account', 'momo', 'card']

  beforeAll(async () => {
    server.clock.advance(16 * MINUTE) // away from the asks of the tests above
    token = await server.signIn(mainCustomer)
    // a second customer with the transfer modules: the demo's blocked one, unblocked here
    await server.db.query('update customers set web_blocked = false where kcode = $1', [webBlockedCustomer.kcode])
    paul = await server.signIn(webBlockedCustomer)
  })

  it('do not count an ask refused for another reason (it sends nothing)', async () => {
    const before = await counts()
    expect((await h.ask('account', token, { ...bodies.account, amount: '99999999.00' })).body.message).toMatch(/^Solde insuffisant/)
    expect((await h.ask('momo', token, { ...bodies.momo, phone: '243701234567' })).body.message).toBe(api.transfer.unknownNetwork)
    expect(await counts()).toEqual(before)
  })

  it('let 20 asks of any kind through; the 21st of each kind is refused with the exact message, stores nothing and sends nothing', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await h.ask(kinds[i % 3]!, token, bodies[kinds[i % 3]!])
      expect(res.body.status, `ask ${i + 1}: ${res.body.message}`).toBe('0')
    }
    const before = await counts()
    for (const kind of kinds) {
      const res = await h.ask(kind, token, bodies[kind])
      expect(res.status).toBe(200)
      expect(res.body).toEqual(REFUSED)
    }
    expect(await counts()).toEqual(before)
    // the other checks still come first: an ask that would send nothing gets its own refusal
    expect((await h.ask('account', token, { ...bodies.account, amount: '99999999.00' })).body.message).toMatch(/^Solde insuffisant/)
  })

  it('leave another customer alone, and a pending transfer can still be confirmed', async () => {
    const res = await h.ask('account', paul, { ...bodies.account, debitAccount: webBlockedCustomer.accounts.usd.number })
    expect(res.body.status, res.body.message).toBe('0')
    const code = await newestCodeTo(webBlockedCustomer.contact.phone)
    // Jean's last ask is still pending and confirmable while his asks are refused
    const [last] = await server.db.query<{ reference: string; kind: Kind }>(
      `select reference, kind from pending_transfers
        where customer_id = (select id from customers where kcode = $1) and state = 'pending' order by id desc limit 1`,
      [mainCustomer.kcode],
    )
    const jeanCode = await newestCodeTo(mainCustomer.contact.phone)
    const confirmed = await h.confirm(last!.kind, token, last!.reference, jeanCode)
    expect(confirmed.body.status, confirmed.body.description).toBe('0')
    expect((await h.confirm('account', paul, res.body.code, code)).body.status).toBe('0')
    expect((await h.ask('account', token, bodies.account)).body).toEqual(REFUSED)
  })

  it('slide: after 15 minutes the asks pass again', async () => {
    server.clock.advance(15 * MINUTE)
    for (const kind of kinds) expect((await h.ask(kind, token, bodies[kind])).body.status).toBe('0')
  })

  it('hold for asks made in parallel: exactly the limit passes', async () => {
    server.clock.advance(15 * MINUTE)
    const before = await counts()
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => h.ask(kinds[i % 3]!, token, bodies[kinds[i % 3]!])))
    expect(answers.filter((a) => a.body.status === '0')).toHaveLength(20)
    expect(answers.filter((a) => a.body.status === '1').map((a) => a.body)).toEqual(Array(10).fill(REFUSED))
    const after = await counts()
    expect(after.pending - before.pending).toBe(20)
  })
})

describe('the count is in the database', () => {
  it('a second server on the same database refuses the same user code', async () => {
    server.clock.advance(16 * MINUTE)
    for (let i = 0; i < 3; i++) expect((await askReset('K0000004')).body.status).toBe('0')
    const other = await buildApp({ config: server.config, db: server.db, now: server.clock.now, logStream: { write: () => {} } })
    try {
      const res = await other.inject({ method: 'POST', url: '/auth/v1/password/ask', payload: { compte: 'K0000004' } })
      expect(res.json()).toEqual(REFUSED)
    } finally {
      await other.close()
    }
  })

  it('survives a restart (PGlite on disk), with the limits of the settings', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-throttle-'))
    const clock = createClock()
    const config = {
      ...loadConfig({ DEMO_MODE: 'true', PIN_RESET_ASK_LIMIT: '2', PIN_RESET_ASK_WINDOW_MINUTES: '1', LOG_LEVEL: 'silent' }),
      port: 0,
      distDir: '/nonexistent/portal-dist',
    }
    const start = async () => {
      const db = await openDb({ dataDir })
      await migrate(db)
      await seedDemo(db, clock.now())
      const app: FastifyInstance = await buildApp({ config, db, now: clock.now })
      const ask = async () => (await app.inject({ method: 'POST', url: '/auth/v1/password/ask', payload: { compte: mainCustomer.kcode } })).json()
      return { ask, close: async () => (await app.close(), await db.close()) }
    }
    try {
      const first = await start()
      expect((await first.ask()).status).toBe('0')
      expect((await first.ask()).status).toBe('0')
      expect(await first.ask()).toEqual(REFUSED)
      await first.close()

      const second = await start()
      try {
        expect(await second.ask()).toEqual(REFUSED)
        clock.advance(MINUTE) // the window of the settings: 1 minute
        expect((await second.ask()).status).toBe('0')
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

/**
 * My transfers (rulings §9.1): the customer's own transfers of every kind and state, newest first,
 * in keyset pages, filtered by state and kind; the cancellation of a pending one by the customer;
 * the receipt of any executed one; nobody else's transfer, ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, namedCards, namedWallets, payeeAccounts, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { otherCode, transferHelpers, type Kind } from './transfers-helpers.ts'

const t = api.transfer
const LIFETIME = 300
let server: TestServer
let token: string
let esther: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({
    config: { sessionIdleMinutes: 600, sessionMaxMinutes: 6000, transferAskLimit: 1000, codeLifetimeSeconds: LIFETIME },
  })
  token = await server.signIn(mainCustomer)
  esther = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const usd = mainCustomer.accounts.usd
const eur = mainCustomer.accounts.eur
const [grace] = payeeAccounts

const bodies: Record<Kind, Record<string, unknown>> = {
  account: { debitAccount: usd.number, creditAccount: grace.number, description: 'Loyer de mars', currency: '1', amount: '12.50' },
  momo: { debitAccount: usd.number, phone: '243812345678', description: 'Argent de poche', currency: '1', amount: '10000.00', currencySent: '3' },
  card: { debitAccount: eur.number, accountId: '12345678', lastFour: '4321', description: 'Recharge carte', currency: '2', amount: '5.00', currencySent: '2' },
}

/** Asks a transfer of the kind (a second apart from the previous one): its reference and code. */
async function ask(kind: Kind): Promise<{ reference: string; code: string }> {
  server.clock.advance(1000)
  const res = await h.ask(kind, token, bodies[kind])
  expect(res.body.status, res.body.message).toBe('0')
  return { reference: res.body.code as string, code: await h.codeSentTo(mainCustomer) }
}

const list = (query = '', as = token) => server.call(customerPath(`transfers${query}`), { token: as })
const cancel = (reference: string, as = token) => server.call(customerPath('transfer/cancel'), { token: as, body: { code: reference } })

type Item = { reference: string; state: string; kind: string; cancelReason?: string; createdAt: string }

/** Every transfer of the customer, walked page by page with `before`. */
async function walk(query: string, size: number, as = token): Promise<Item[]> {
  const all: Item[] = []
  let before: string | undefined
  for (let pages = 0; pages < 1000; pages++) {
    const res = await list(`?size=${size}${query}${before ? `&before=${before}` : ''}`, as)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    expect(res.body.transfers.length).toBeLessThanOrEqual(size)
    all.push(...res.body.transfers)
    before = res.body.nextCursor
    if (!before) return all
    expect(before).toBe(res.body.transfers.at(-1).reference)
  }
  throw new Error('no last page')
}

describe('GET transfers: one of each state and kind', () => {
  const refs: Record<string, string> = {}

  beforeAll(async () => {
    // executed (account), then another executed (momo, converted) so the first is not the latest
    const account = await ask('account')
    expect((await h.confirm('account', token, account.reference, account.code)).body.status).toBe('0')
    refs.executedOlder = account.reference
    const momo = await ask('momo')
    expect((await h.confirm('momo', token, momo.reference, momo.code)).body.status).toBe('0')
    refs.executed = momo.reference
    // cancelled by three wrong codes
    const wrong = await ask('card')
    for (let i = 0; i < 3; i++) await h.confirm('card', token, wrong.reference, otherCode(wrong.code))
    refs.wrongCode = wrong.reference
    // expired: still pending in the table (expiry is lazy), past its expiry
    refs.expired = (await ask('account')).reference
    server.clock.advance((LIFETIME + 1) * 1000)
    // pending, its code still valid
    refs.pending = (await ask('card')).reference
  })

  it('lists them newest first with their states as the rulings name them, every field of the contract', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    const [pending, expired, wrongCode, executed, executedOlder] = res.body.transfers
    expect([pending, expired, wrongCode, executed, executedOlder].map((x: Item) => x.reference)).toEqual([
      refs.pending,
      refs.expired,
      refs.wrongCode,
      refs.executed,
      refs.executedOlder,
    ])
    expect(pending).toEqual({
      reference: refs.pending,
      kind: 'card',
      state: 'pending',
      payee: 'carte 12345678 ****4321',
      // a card the bank can name (rulings §9.2, the demo's named cards)
      payeeName: namedCards[0].holder,
      debitAccount: eur.number,
      amount: '5.00',
      currencySent: '2',
      debitAmount: '5.00',
      currency: '2',
      description: 'Recharge carte',
      createdAt: server.clock.now().toISOString(),
      expiresAt: new Date(server.clock.now().getTime() + LIFETIME * 1000).toISOString(),
      triesLeft: 3,
    })
    expect(expired).toMatchObject({ kind: 'account', state: 'expired', cancelReason: 'expired', creditAccount: grace.number, payee: grace.holder })
    expect(expired.triesLeft).toBeUndefined()
    expect(wrongCode).toMatchObject({ kind: 'card', state: 'cancelled', cancelReason: 'wrong_code', cancelledAt: expect.any(String) })
    expect(executed).toMatchObject({
      kind: 'momo',
      state: 'executed',
      payee: '243812345678',
      amount: '10000.00',
      currencySent: '3',
      debitAmount: '3.51',
      currency: '1',
      rate: '0.00035088',
      executedAt: expect.any(String),
      payeeName: namedWallets[0].holder,
    })
    expect(executed.cancelReason).toBeUndefined()
    expect(executedOlder).toMatchObject({ kind: 'account', state: 'executed', amount: '12.50', debitAmount: '12.50', currency: '1' })
    expect(executedOlder.rate).toBeUndefined()
  })

  it('an expired transfer stays "expired" once swept (cancelled as expired by the next ask)', async () => {
    const other = await ask('account')
    await cancel(other.reference)
    const [row] = await server.db.query<{ state: string; cancel_reason: string }>('select state, cancel_reason from pending_transfers where reference = $1', [
      refs.expired,
    ])
    expect(row).toEqual({ state: 'cancelled', cancel_reason: 'expired' })
    const found = (await walk('', 50)).find((x) => x.reference === refs.expired)
    expect(found).toMatchObject({ state: 'expired', cancelReason: 'expired' })
  })

  it('serves the receipt of any executed transfer of the customer, not only the latest', async () => {
    for (const reference of [refs.executedOlder, refs.executed]) {
      const res = await fetch(`${server.url}${customerPath(`transfer/receipt/${reference}`)}`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
    }
    for (const reference of [refs.pending, refs.wrongCode, refs.expired]) {
      expect((await server.call(customerPath(`transfer/receipt/${reference}`), { token })).status).toBe(404)
    }
    expect((await server.call(customerPath(`transfer/receipt/${refs.executed}`), { token: esther })).status).toBe(404)
  })
})

describe('GET transfers: pages and filters', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) await ask((['account', 'momo', 'card'] as const)[i % 3]!)
  })

  it('walks every transfer once with before, newest first, whatever the page size', async () => {
    const one = await walk('', 1)
    const three = await walk('', 3)
    const fifty = await walk('', 50)
    expect(one.map((x) => x.reference)).toEqual(fifty.map((x) => x.reference))
    expect(three.map((x) => x.reference)).toEqual(fifty.map((x) => x.reference))
    expect(new Set(fifty.map((x) => x.reference)).size).toBe(fifty.length)
    const times = fifty.map((x) => x.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    // the count in the table, every state of every kind
    const [row] = await server.db.query<{ n: number }>(
      "select count(*)::int as n from pending_transfers p join customers c on c.id = p.customer_id where c.kcode = 'K1234567'",
    )
    expect(fifty).toHaveLength(row!.n)
  })

  it('pages of 20 when the size is not given; no nextCursor on the last page', async () => {
    const all = await walk('', 50)
    const res = await list()
    expect(res.body.transfers).toHaveLength(Math.min(20, all.length))
    const last = await list(`?size=50`)
    expect(last.body.nextCursor).toBeUndefined()
  })

  it('filters by state and by kind, the same walk narrowed', async () => {
    const all = await walk('', 50)
    for (const state of ['pending', 'executed', 'cancelled', 'expired']) {
      const filtered = await walk(`&state=${state}`, 2)
      expect(filtered.map((x) => x.reference)).toEqual(all.filter((x) => x.state === state).map((x) => x.reference))
    }
    for (const kind of ['account', 'momo', 'card']) {
      const filtered = await walk(`&kind=${kind}`, 2)
      expect(filtered.map((x) => x.reference)).toEqual(all.filter((x) => x.kind === kind).map((x) => x.reference))
    }
    const both = await walk('&kind=card&state=pending', 2)
    expect(both.map((x) => x.reference)).toEqual(all.filter((x) => x.kind === 'card' && x.state === 'pending').map((x) => x.reference))
    expect(both.length).toBeGreaterThan(0)
  })

  it('reads a page on the index of migration 050, not by sorting the customer’s history', async () => {
    // A few dozen rows: the planner would rightly read the table whole; without that choice, the
    // page must come from the index in its order (no Sort), the cursor as its bound.
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off')
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from pending_transfers where customer_id = 1 and (created_at, id) < ('2030-01-01', 999999) order by created_at desc, id desc limit 21`,
      )
    })
    const text = plan.map((r) => r['QUERY PLAN']).join('\n')
    expect(text).toContain('pending_transfers_customer_created')
    expect(text).not.toMatch(/Sort/)
  })
})

describe('GET transfers: only the customer’s own', () => {
  it('another customer sees none of them, and a cursor of another customer’s is 404', async () => {
    const mine = await walk('', 50)
    expect(mine.length).toBeGreaterThan(0)
    expect(await walk('', 50, esther)).toEqual([])
    const res = await list(`?before=${mine[0]!.reference}`, esther)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: api.notFound })
    expect((await list('?before=VIR00000000000000000000')).status).toBe(404)
  })

  it('refuses a malformed query with a French 400, and a call without session with 403', async () => {
    for (const query of ['?size=0', '?size=51', '?size=abc', '?state=annule', '?kind=wallet', '?before=abc', '?before=vir123456789']) {
      const res = await list(query)
      expect(res.status, query).toBe(400)
      expect(res.body.message).toBe(api.badRequest)
    }
    expect((await server.call(customerPath('transfers'))).status).toBe(403)
  })
})

describe('POST transfer/cancel', () => {
  it('cancels a pending transfer: state cancelled by_customer, notification, a later confirm refused, nothing debited', async () => {
    const balance = await h.balanceOf(usd.number)
    const { reference, code } = await ask('account')
    const res = await cancel(reference)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: '0', description: t.cancelledByCustomer, state: 'cancelled' })
    const [item] = (await list('?size=1')).body.transfers
    expect(item).toMatchObject({ reference, state: 'cancelled', cancelReason: 'by_customer', cancelledAt: server.clock.now().toISOString() })
    const [notice] = await server.db.query<{ title: string; content: string }>(
      "select title, content from notifications n join customers c on c.id = n.customer_id where c.kcode = 'K1234567' order by n.id desc limit 1",
    )
    expect(notice).toEqual({
      title: t.cancelledTitle,
      content: t.cancelledContent({ amount: '12,50 USD', payee: grace.holder, reason: t.reasons.by_customer }),
    })
    const confirm = await h.confirm('account', token, reference, code)
    expect(confirm.body).toEqual({ status: '1', description: t.cancelledByCustomer })
    expect(await h.balanceOf(usd.number)).toBe(balance)
  })

  it('leaves a transfer that is over as it is: executed, cancelled, expired (a pending one past its expiry is cancelled as expired)', async () => {
    const done = await ask('momo')
    expect((await h.confirm('momo', token, done.reference, done.code)).body.status).toBe('0')
    const before = await h.snapshot()
    expect((await cancel(done.reference)).body).toEqual({ status: '1', description: t.cannotCancelExecuted, state: 'executed' })

    const first = await ask('card')
    expect((await cancel(first.reference)).body.status).toBe('0')
    const snap = await h.snapshot()
    expect((await cancel(first.reference)).body).toEqual({ status: '1', description: t.cancelledByCustomer, state: 'cancelled' })
    expect(await h.snapshot()).toEqual(snap)
    expect(before.entries).toBe(snap.entries)

    const late = await ask('account')
    server.clock.advance((LIFETIME + 1) * 1000)
    // still pending in the table (nothing swept it yet), shown expired
    expect((await list('?size=1')).body.transfers[0]).toMatchObject({ reference: late.reference, state: 'expired', cancelReason: 'expired' })
    expect((await cancel(late.reference)).body).toEqual({ status: '1', description: t.expired, state: 'expired' })
    const [row] = await server.db.query<{ state: string; cancel_reason: string }>('select state, cancel_reason from pending_transfers where reference = $1', [
      late.reference,
    ])
    expect(row).toEqual({ state: 'cancelled', cancel_reason: 'expired' })
  })

  it('another customer’s transfer or an unknown reference: 404, nothing changed; a malformed one 400', async () => {
    const { reference } = await ask('account')
    const snap = await h.snapshot()
    for (const [ref, as] of [
      [reference, esther],
      ['VIR00000000000000000000', token],
    ] as const) {
      const res = await cancel(ref, as)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: api.notFound })
    }
    const bad = await server.call(customerPath('transfer/cancel'), { token, body: { code: 'vir-1' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(api.badRequest)
    expect((await server.call(customerPath('transfer/cancel'), { token, body: { code: reference, extra: 1 } })).status).toBe(400)
    expect(await h.snapshot()).toEqual(snap)
    expect((await list('?size=1')).body.transfers[0]).toMatchObject({ reference, state: 'pending' })
  })

  it('a cancel and a confirm of the same transfer at once: one wins, never both', async () => {
    for (let i = 0; i < 5; i++) {
      const { reference, code } = await ask('account')
      const [cancelled, confirmed] = await Promise.all([cancel(reference), h.confirm('account', token, reference, code)])
      expect([cancelled.body.status, confirmed.body.status].sort()).toEqual(['0', '1'])
      const [row] = await server.db.query<{ state: string; ledger: number }>(
        'select state, (select count(*)::int from ledger_transactions where reference = $1) as ledger from pending_transfers where reference = $1',
        [reference],
      )
      expect(row!.state).toBe(confirmed.body.status === '0' ? 'executed' : 'cancelled')
      expect(row!.ledger).toBe(confirmed.body.status === '0' ? 1 : 0)
    }
  })
})

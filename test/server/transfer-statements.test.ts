/**
 * SQL statements of one complete transfer (ask + confirm), counted through a wrapper of the
 * database (each `query`, and BEGIN and COMMIT of each transaction), not timed: a change that adds
 * round trips to the transfer path makes this fail, and must then say why here. The rules the
 * statements keep (rulings §4: row locks, balance checked again, one transaction, outbox in it)
 * are checked by transfers*.test.ts; this file checks only that the money moved as asked.
 */
import { createSecretKey } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db, type Queryable } from '../../server/db/db.ts'
import { migrate } from '../../server/db/migrate.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { seedDemo } from '../../server/demo/seed.ts'
import { hashCode } from '../../server/domain/codes.ts'
import { openSession, resumeSession, sessionWindow, type Session, type UncheckedCaller } from '../../server/domain/sessions.ts'
import { askTransfer } from '../../server/domain/transfer-ask.ts'
import { confirmTransfer } from '../../server/domain/transfer-confirm.ts'
import type { TransferSettings } from '../../server/domain/transfers.ts'
import { CODE_IN_TEXT } from './transfers-helpers.ts'

/** The same database, counting every statement sent, BEGIN and COMMIT included. */
function counting(db: Db): { db: Db; count: () => number; reset: () => void } {
  let sent = 0
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      sent += 1
      return target.query(sql, params)
    },
    exec: (sql) => {
      sent += 1
      return target.exec(sql)
    },
  })
  const wrapped: Db = {
    ...db,
    ...wrap(db),
    transaction: (fn) => {
      sent += 2
      return db.transaction((tx) => fn(wrap(tx)))
    },
  }
  return { db: wrapped, count: () => sent, reset: () => (sent = 0) }
}

let db: Db
let customerId: string
const settings: TransferSettings = {
  now: new Date(),
  lifetimeSeconds: 300,
  bankName: 'Banque',
  timeZone: 'Africa/Kinshasa',
  codeKey: createSecretKey(Buffer.alloc(32, 7)),
  askLimit: { max: 20, windowMs: 3_600_000 },
}

beforeAll(async () => {
  db = await openDb({})
  await migrate(db)
  await seedDemo(db)
  const [row] = await db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])
  customerId = row!.id
})
afterAll(() => db?.close())

/**
 * The statements of the ask and of the confirm as they are today, BEGIN and COMMIT included (they
 * were 14 each before they were merged, then 8 and 7, then 4 and 5): the ask is two calls of the
 * transfer functions (migration 014), the confirm a transaction of two; raise them only for a
 * reason. The ask cancels expired transfers in a transaction of its own only when it finds some,
 * which a fresh customer has none of.
 */
const ASK_STATEMENTS = 1
const CONFIRM_STATEMENTS = 4

describe('statements of a complete account transfer', { timeout: 120_000 }, () => {
  it(`ask: at most ${ASK_STATEMENTS}; confirm: at most ${CONFIRM_STATEMENTS}; and the money moved`, async () => {
    const usd = mainCustomer.accounts.usd
    const payee = payeeAccounts[0]!
    const balance = async (number: string) => (await db.query<{ b: string }>('select balance::text as b from accounts where number = $1', [number]))[0]!.b
    const before = [await balance(usd.number), await balance(payee.number)]
    const counted = counting(db)

    const asked = await askTransfer(
      counted.db,
      customerId,
      { kind: 'account', debitAccount: usd.number, creditAccount: payee.number, currency: usd.currency, amount: '10.00', description: 'Loyer de mars' },
      settings,
    )
    if (!asked.ok) throw new Error(asked.message)
    const asking = counted.count()

    const [sms] = await db.query<{ body: string }>("select body from outbox where channel = 'sms' order by id desc limit 1")
    const code = CODE_IN_TEXT.exec(sms!.body)![1]!
    const [pending] = await db.query<{ code_hash: string }>('select code_hash from pending_transfers where reference = $1', [asked.reference])
    expect(pending!.code_hash).toBe(hashCode(settings.codeKey, asked.reference, code))

    counted.reset()
    const confirmed = await confirmTransfer(counted.db, customerId, 'account', asked.reference, code, settings)
    const confirming = counted.count()
    expect(confirmed.ok).toBe(true)

    expect(Number(await balance(usd.number))).toBeCloseTo(Number(before[0]) - 10, 2)
    expect(Number(await balance(payee.number))).toBeCloseTo(Number(before[1]) + 10, 2)
    expect(asking).toBeLessThanOrEqual(ASK_STATEMENTS)
    expect(confirming).toBeLessThanOrEqual(CONFIRM_STATEMENTS)
  })
})

/**
 * A customer call of the ask and the confirm (http/auth.ts SESSION_IN_STATEMENT): the session is
 * checked in the same statements (migration 059), so the whole transfer, sessions included, is
 * three statements — five when each call checked its session in a statement of its own.
 */
const SIGNED_TRANSFER_STATEMENTS = 2

describe('statements of a complete transfer as a customer calls it, the session checks included', { timeout: 120_000 }, () => {
  it(`at most ${SIGNED_TRANSFER_STATEMENTS}, and the money moved`, async () => {
    const limits = { idleMs: 300_000, maxMs: 3_600_000, touchMs: 60_000 }
    const token = await openSession(db, customerId, settings.now)
    const counted = counting(db)
    const found: Session[] = []
    const caller = (): UncheckedCaller => ({
      window: sessionWindow(token, settings.now, limits)!,
      resume: () => resumeSession(counted.db, token, settings.now, limits),
      found: (session) => void found.push(session),
    })
    const usd = mainCustomer.accounts.usd
    const payee = payeeAccounts[0]!
    const asked = await askTransfer(
      counted.db,
      caller(),
      { kind: 'account', debitAccount: usd.number, creditAccount: payee.number, currency: usd.currency, amount: '3.00', description: 'Loyer de mars' },
      settings,
    )
    if (!('ok' in asked) || !asked.ok) throw new Error(JSON.stringify(asked))
    const [sms] = await db.query<{ body: string }>("select body from outbox where channel = 'sms' order by id desc limit 1")
    const code = CODE_IN_TEXT.exec(sms!.body)![1]!
    const confirmed = await confirmTransfer(counted.db, caller(), 'account', asked.reference, code, settings)
    expect(confirmed).toMatchObject({ ok: true })
    expect(found.map((s) => s.customerId)).toEqual([customerId, customerId])
    expect(counted.count()).toBeLessThanOrEqual(SIGNED_TRANSFER_STATEMENTS)
  })
})

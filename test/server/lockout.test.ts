/**
 * The sign-in lock-out (rulings §4, §8, §9.6; docs/security.md): 5 consecutive wrong PINs block, but a
 * stranger's failures never make the customer wait at an address where she signed in before; her
 * own failures there count; blocking the access everywhere takes 10 failures, several addresses and
 * a growing wait; the customer is told by SMS and e-mail; a PIN reset lifts every block;
 * simultaneous guesses are counted exactly (the 6th is never checked) while simultaneous sign-ins
 * with the right PIN all succeed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { hashPin } from '../../server/domain/pins.ts'
import { userCodeTag } from '../../server/http/security-log.ts'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
const PIN = '24680'
let pinHash: string
let n = 0
/** A fresh customer per test, with a phone and an e-mail, so that the tests do not disturb each other. */
let kcode: string

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true } })
  pinHash = await hashPin(PIN)
})
afterAll(() => server?.close())
beforeEach(async () => {
  kcode = `K77700${String(++n).padStart(2, '0')}`
  await server.db.query(`insert into customers (kcode, name, pin_hash, phone, email) values ($1, 'Client Test', $2, $3, $4)`, [
    kcode,
    pinHash,
    `08100000${String(n).padStart(2, '0')}`,
    `client${n}@exemple.cd`,
  ])
})

const login = (address: string, password: string, code = kcode) =>
  server.call('/auth/login', { body: { username: code, password }, headers: { 'x-forwarded-for': address } })
const CUSTOMER_HOME = '198.51.100.1'
const blocked = { code: '1', message: api.pinBlocked }

async function messagesTo(code: string) {
  return server.db.query<{ channel: string; body: string }>(
    `select o.channel, o.body from outbox o join customers c on o.recipient in (c.phone, c.email) where c.kcode = $1 order by o.id`,
    [code],
  )
}

describe('a lock-out attempt by a stranger fails', () => {
  it("5 wrong PINs from the stranger's address block that address only; the customer signs in from theirs and is told", async () => {
    const stranger = '203.0.113.50'
    for (let i = 0; i < 4; i++) expect((await login(stranger, '11111')).status).toBe(403)
    const fifth = await login(stranger, '11111')
    expect(fifth).toMatchObject({ status: 401, body: blocked })
    // Blocked from there, even with the right PIN.
    expect(await login(stranger, PIN)).toMatchObject({ status: 401, body: blocked })
    // Told by SMS and e-mail (rulings §8), once.
    const told = (await messagesTo(kcode)).filter((m) => m.body.includes('bloqué'))
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms'])
    // The customer's own address is open.
    server.clock.advance(60_000)
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    expect(server.logs()).toMatch(new RegExp(`"security":"lockout.address","address":"${stranger}","kcode":"${userCodeTag(kcode)}"`))
  })

  it('blocking everywhere takes many addresses and half an hour: tries too soon wait (429), never checked', async () => {
    for (let i = 0; i < 5; i++) await login('203.0.113.60', '11111')
    // The 6th failure from anywhere must wait a minute after the 5th.
    const early = await login('203.0.113.61', '11111')
    expect(early.status).toBe(429)
    expect(early.body).toEqual({ code: '1', message: api.tooManyTries(1) })
    expect(early.headers.get('retry-after')).toBe('60')
    const [{ failed_attempts: counted }] = (await server.db.query<{ failed_attempts: number }>('select failed_attempts from customers where kcode = $1', [
      kcode,
    ])) as [{ failed_attempts: number }]
    expect(counted).toBe(5)
    // The stranger waits each time: 1, 2, 4, 8, 16 minutes.
    let waited = 0
    for (let i = 0; i < 5; i++) {
      const wait = 60_000 * 2 ** i
      server.clock.advance(wait)
      waited += wait
      const res = await login(`203.0.113.${70 + i}`, '11111')
      expect(res.status).toBe(i < 4 ? 403 : 401)
    }
    expect(waited).toBe(31 * 60_000)
    // Now blocked everywhere, the customer's address too; told again; a notification is written.
    expect(await login(CUSTOMER_HOME, PIN)).toMatchObject({ status: 401, body: blocked })
    const [row] = await server.db.query<{ pin_blocked_at: Date | null }>('select pin_blocked_at from customers where kcode = $1', [kcode])
    expect(row!.pin_blocked_at).not.toBeNull()
    expect((await messagesTo(kcode)).filter((m) => m.body.includes('bloqué'))).toHaveLength(4)
  })

  it('a PIN reset lifts every block of the code, at every address', async () => {
    for (let i = 0; i < 5; i++) await login(CUSTOMER_HOME, '11111')
    expect(await login(CUSTOMER_HOME, PIN)).toMatchObject({ status: 401, body: blocked })
    const asked = await server.call('/auth/v1/password/ask', { body: { compte: kcode } })
    const sms = (await messagesTo(kcode)).reverse().find((m) => /Code de validation : (\d{8})/.test(m.body))!
    const code = /Code de validation : (\d{8})/.exec(sms.body)![1]!
    expect((await server.call('/auth/v1/password/confirm', { body: { code: asked.body.code, token: code } })).body.status).toBe('0')
    const newPin = /Votre nouveau code pin : (\d{5})/.exec((await messagesTo(kcode)).reverse().find((m) => m.body.includes('nouveau code pin'))!.body)![1]!
    expect((await login(CUSTOMER_HOME, newPin)).status).toBe(200)
    const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from signin_failures where kcode = $1 and failures > 0', [kcode])
    expect(row!.n).toBe(0)
  })

  it('an unknown user code behaves alike (blocked at the 5th), so the lock tells nobody which codes exist', async () => {
    for (let i = 0; i < 4; i++) expect((await login('203.0.113.90', '11111', 'K0999999')).status).toBe(403)
    expect(await login('203.0.113.90', '11111', 'K0999999')).toMatchObject({ status: 401, body: blocked })
  })
})

describe('simultaneous wrong PINs are counted exactly: the 6th is never checked', () => {
  it('30 at once from one address: 4 refused, the 5th blocks, 25 answered blocked unchecked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('203.0.113.100', '11111')))
    expect(answers.filter((a) => a.status === 403)).toHaveLength(4)
    expect(answers.filter((a) => a.status === 401)).toHaveLength(26)
    const [row] = await server.db.query<{ failed_attempts: number }>('select failed_attempts from customers where kcode = $1', [kcode])
    expect(row!.failed_attempts).toBe(5)
    // Only the try that blocked logged the block; the others were refused before any check.
    expect(server.logs().match(new RegExp(`"security":"lockout.address","address":"203.0.113.100","kcode":"${userCodeTag(kcode)}"`, 'g'))).toHaveLength(1)
  })

  it('30 at once from 30 addresses: 5 checked, the others told to wait', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`203.0.114.${i + 1}`, '11111')))
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25)
    const [row] = await server.db.query<{ failed_attempts: number }>('select failed_attempts from customers where kcode = $1', [kcode])
    expect(row!.failed_attempts).toBe(5)
  })
})

const failedAttempts = async (code = kcode) =>
  (await server.db.query<{ failed_attempts: number }>('select failed_attempts from customers where kcode = $1', [code]))[0]!.failed_attempts
const alerts = async () => (await messagesTo(kcode)).filter((m) => m.body.includes('bloqué'))

describe('no lock-out by a stranger (rulings §9.6)', () => {
  const stranger = '203.0.113.150'

  it('failures from another address never make the customer wait where she signed in before; elsewhere the wait holds', async () => {
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login(stranger, '11111')).status).toBe(403)
    expect(await login(stranger, '11111')).toMatchObject({ status: 401, body: blocked })
    expect((await alerts()).map((m) => m.channel).sort()).toEqual(['email', 'sms'])
    // At once, no minute waited: her usual address lets her in (it answered 429, Retry-After 60).
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    // One more failure from a third address, a minute later: still nothing for her at home.
    server.clock.advance(60_000)
    expect((await login('203.0.113.151', '11111')).status).toBe(403)
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    // Her successes did not wipe the stranger's failures: his address stays blocked, and an address
    // she never signed in from must wait 2 minutes after the 6th failure.
    expect(await login(stranger, PIN)).toMatchObject({ status: 401, body: blocked })
    const cafe = await login('198.51.100.77', PIN)
    expect(cafe.status).toBe(429)
    expect(cafe.headers.get('retry-after')).toBe('120')
    const [{ failures }] = (await server.db.query<{ failures: number }>("select failures from signin_failures where kcode = $1 and address = '*'", [
      kcode,
    ])) as [{ failures: number }]
    expect(failures).toBe(6)
  })

  it('her own failures at her known address still count: 5 block it, and she is told', async () => {
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    // A success there clears what she mistyped before it.
    for (let i = 0; i < 4; i++) expect((await login(CUSTOMER_HOME, '11111')).status).toBe(403)
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    expect(await failedAttempts()).toBe(0)
    for (let i = 0; i < 4; i++) expect((await login(CUSTOMER_HOME, '11111')).status).toBe(403)
    expect(await login(CUSTOMER_HOME, '11111')).toMatchObject({ status: 401, body: blocked })
    expect(await login(CUSTOMER_HOME, PIN)).toMatchObject({ status: 401, body: blocked })
    expect((await alerts()).map((m) => m.channel).sort()).toEqual(['email', 'sms'])
  })

  it('10 failures from every address together still block her everywhere, her known address too, until a PIN reset', async () => {
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    for (let i = 0; i < 5; i++) await login(stranger, '11111')
    // Two more addresses, the waits of 1, 2, 4 and 8 minutes; she signs in meanwhile, which does not
    // clear the stranger's count.
    for (let i = 0; i < 5; i++) {
      server.clock.advance(60_000 * 2 ** i)
      if (i === 2) expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
      expect((await login(i < 2 ? '203.0.113.152' : '203.0.113.153', '11111')).status).toBe(i < 4 ? 403 : 401)
    }
    expect(await login(CUSTOMER_HOME, PIN)).toMatchObject({ status: 401, body: blocked })
    const [row] = await server.db.query<{ pin_blocked_at: Date | null }>('select pin_blocked_at from customers where kcode = $1', [kcode])
    expect(row!.pin_blocked_at).not.toBeNull()
    // Told at the stranger's address block and at the block everywhere.
    expect(await alerts()).toHaveLength(4)
    // A PIN reset lifts it.
    const asked = await server.call('/auth/v1/password/ask', { body: { compte: kcode } })
    const code = /Code de validation : (\d{8})/.exec((await messagesTo(kcode)).reverse().find((m) => /Code de validation/.test(m.body))!.body)![1]!
    expect((await server.call('/auth/v1/password/confirm', { body: { code: asked.body.code, token: code } })).body.status).toBe('0')
    const newPin = /Votre nouveau code pin : (\d{5})/.exec((await messagesTo(kcode)).reverse().find((m) => m.body.includes('nouveau code pin'))!.body)![1]!
    expect((await login(CUSTOMER_HOME, newPin)).status).toBe(200)
  })
})

describe('simultaneous sign-ins with the right PIN all succeed (a try in flight is not a failure)', () => {
  it('20 at once from one address', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(CUSTOMER_HOME, PIN)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    const [left] = await server.db.query<{ n: number }>('select count(*)::int as n from signin_checks where kcode = $1', [kcode])
    expect(left!.n).toBe(0)
  })

  it('after 4 of her own failures, 10 at once with the right PIN', async () => {
    for (let i = 0; i < 4; i++) expect((await login(CUSTOMER_HOME, '11111')).status).toBe(403)
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(CUSTOMER_HOME, PIN)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await failedAttempts()).toBe(0)
  })

  it('while a stranger sends 30 wrong PINs at once from his address: her 10 all sign in, his 5th blocks, 25 are never checked', async () => {
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    const stranger = '203.0.113.160'
    const [theirs, hers] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, () => login(stranger, '11111'))),
      Promise.all(Array.from({ length: 10 }, () => login(CUSTOMER_HOME, PIN))),
    ])
    expect(hers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(theirs.filter((a) => a.status === 403)).toHaveLength(4)
    expect(theirs.filter((a) => a.status === 401)).toHaveLength(26)
    const [row] = await server.db.query<{ failures: number }>("select failures from signin_failures where kcode = $1 and address = '*'", [kcode])
    expect(row!.failures).toBe(5)
  })

  it('30 wrong PINs at once from her own known address: still 5 checked', async () => {
    expect((await login(CUSTOMER_HOME, PIN)).status).toBe(200)
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(CUSTOMER_HOME, '11111')))
    expect(answers.filter((a) => a.status === 403)).toHaveLength(4)
    expect(answers.filter((a) => a.status === 401)).toHaveLength(26)
    expect(await failedAttempts()).toBe(5)
  })
})

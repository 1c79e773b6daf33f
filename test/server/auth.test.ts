import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { ALL_MODULES, mainCustomer, statementOnlyCustomer, webBlockedCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const login = (username: string, password: string) => server.call('/auth/login', { body: { username, password } })

async function failedAttempts(kcode: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select failed_attempts as n from customers where kcode = $1', [kcode])
  return row!.n
}

describe('POST /auth/login', () => {
  it('signs a customer in with the code, name, kcode and modules of the contract', async () => {
    const res = await login(mainCustomer.kcode, mainCustomer.pin)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: '0',
      message: '',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: mainCustomer.name,
      kcode: mainCustomer.kcode,
      modules: ALL_MODULES.map((code) => ({ code })),
      idleSeconds: server.config.sessionIdleMinutes * 60 - server.config.sessionTouchSeconds,
      timeZone: server.config.timeZone,
      // rulings §9.5: true only for a sign-in with the PIN a reset sent (temporary-pin.test.ts)
      mustChangePin: false,
    })
  })

  it('answers the modules of a customer with fewer of them', async () => {
    const res = await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)
    expect(res.body.modules).toEqual([{ code: 'solde' }, { code: 'statement' }])
  })

  it('writes a "Nouvelle connexion" notification, unread', async () => {
    const before = await server.db.query('select 1 from notifications n join customers c on c.id = n.customer_id where c.kcode = $1', [
      statementOnlyCustomer.kcode,
    ])
    await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)
    const rows = await server.db.query<{ title: string; content: string; seen_at: Date | null }>(
      `select title, content, seen_at from notifications n join customers c on c.id = n.customer_id
        where c.kcode = $1 order by n.id desc`,
      [statementOnlyCustomer.kcode],
    )
    expect(rows.length).toBe(before.length + 1)
    expect(rows[0]).toMatchObject({ title: api.newLoginTitle, seen_at: null })
    expect(rows[0]!.content).toContain(server.config.bankName)
  })

  it('answers 403 with the same body for a wrong PIN and an unknown user code', async () => {
    const wrongPin = await login(statementOnlyCustomer.kcode, '99999')
    const unknown = await login('K0000000', '12345')
    expect(wrongPin.status).toBe(403)
    expect(unknown.status).toBe(403)
    expect(wrongPin.body).toEqual({ message: api.wrongCredentials })
    expect(unknown.body).toEqual(wrongPin.body)
    // a success clears the counter for the next tests
    await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)
  })

  it('answers 401 without a code to a customer whose web banking the bank blocked, and no token', async () => {
    const res = await login(webBlockedCustomer.kcode, webBlockedCustomer.pin)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: api.webBankingBlocked })
    expect(res.body).not.toHaveProperty('code')
  })

  it('does not tell a blocked customer apart without the right PIN', async () => {
    const res = await login(webBlockedCustomer.kcode, '00000')
    expect(res.status).toBe(403)
    await login(webBlockedCustomer.kcode, webBlockedCustomer.pin) // clears the counter
  })

  it('clears the failure counter on a success', async () => {
    const { kcode, pin } = statementOnlyCustomer
    for (let i = 0; i < 4; i++) expect((await login(kcode, '99999')).status).toBe(403)
    expect(await failedAttempts(kcode)).toBe(4)
    expect((await login(kcode, pin)).status).toBe(200)
    expect(await failedAttempts(kcode)).toBe(0)
    // four more wrong PINs do not block: the count started again
    for (let i = 0; i < 4; i++) expect((await login(kcode, '99999')).status).toBe(403)
    expect((await login(kcode, pin)).status).toBe(200)
  })

  it('blocks the access at the 5th consecutive wrong PIN: 401 with a code, even with the right PIN afterwards', async () => {
    // Its own customer, so that the block does not disturb the other tests.
    const kcode = 'K5555555'
    await server.db.query(`insert into customers (kcode, name, pin_hash) select $1, 'Test Blocage', pin_hash from customers where kcode = $2`, [
      kcode,
      statementOnlyCustomer.kcode,
    ])
    const pin = statementOnlyCustomer.pin
    for (let i = 1; i <= 4; i++) expect((await login(kcode, '99999')).status).toBe(403)
    const fifth = await login(kcode, '99999')
    expect(fifth.status).toBe(401)
    expect(fifth.body).toEqual({ code: '1', message: api.pinBlocked })
    const rightPin = await login(kcode, pin)
    expect(rightPin.status).toBe(401)
    expect(rightPin.body).toEqual({ code: '1', message: api.pinBlocked })
    expect(await failedAttempts(kcode)).toBe(5)
    const sessions = await server.db.query('select 1 from sessions s join customers c on c.id = s.customer_id where c.kcode = $1', [kcode])
    expect(sessions).toHaveLength(0)
  })

  it('accepts the user code in lower case and with spaces around it', async () => {
    const res = await login(` ${mainCustomer.kcode.toLowerCase()} `, mainCustomer.pin)
    expect(res.status).toBe(200)
    expect(res.body.kcode).toBe(mainCustomer.kcode)
  })
})

describe('session tokens', () => {
  it('are random and different at each sign-in', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 3; i++) tokens.add(await server.signIn())
    expect(tokens.size).toBe(3)
  })

  it('are stored only as their SHA-256: the raw token is nowhere in the sessions table', async () => {
    const token = await server.signIn()
    const rows = await server.db.query('select * from sessions')
    expect(JSON.stringify(rows)).not.toContain(token)
    const hash = createHash('sha256').update(token).digest('hex')
    const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from sessions where token_hash = $1', [hash])
    expect(row!.n).toBe(1)
  })

  it('open a session that customer calls accept', async () => {
    const token = await server.signIn()
    const res = await server.call(customerPath('notification-size'), { token })
    expect(res.status).toBe(200)
  })

  it('store the PIN as a salted scrypt hash, never in clear', async () => {
    const rows = await server.db.query<{ pin_hash: string }>('select pin_hash from customers where kcode in ($1, $2)', [
      mainCustomer.kcode,
      statementOnlyCustomer.kcode,
    ])
    for (const row of rows) expect(row.pin_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/)
    expect(rows[0]!.pin_hash).not.toContain(mainCustomer.pin)
  })
})

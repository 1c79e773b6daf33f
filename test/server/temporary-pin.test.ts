/**
 * The temporary PIN (rulings §9.5): the PIN a reset sends opens one sign-in only, whose answer says
 * it must be changed; until it is, every customer call but the PIN change, logout and keep-alive is
 * refused with HTTP 403 code '3'; once changed, everything opens. Walked through the outbox, as a
 * customer would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { temporaryPinApi } from '../../kernel/messages/temporaryPin.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

const CODE = /Code de validation : (\d{8})/
const NEW_PIN = /Votre nouveau code pin : (\d{5})/
let server: TestServer

beforeAll(async () => {
  // More PIN-reset asks than the default throttle lets through in a quarter-hour (rate-limits.test.ts checks it).
  server = await startTestServer({ config: { pinResetAskLimit: 100 } })
})
afterAll(() => server?.close())

const login = (username: string, password: string) => server.call('/auth/login', { body: { username, password } })
const lastSms = async (to: string, pattern: RegExp): Promise<string> => {
  const [row] = await server.db.query<{ body: string }>(
    'select body from outbox where channel = $1 and recipient = $2 and body ~ $3 order by id desc limit 1',
    ['sms', to, pattern.source],
  )
  return pattern.exec(row!.body)![1]!
}

/** A PIN reset through the outbox: the new PIN sent. */
async function reset(customer = mainCustomer): Promise<string> {
  const asked = await server.call('/auth/v1/password/ask', { body: { compte: customer.kcode } })
  expect(asked.body.status, asked.body.message).toBe('0')
  const code = await lastSms(customer.contact.phone, CODE)
  const confirmed = await server.call('/auth/v1/password/confirm', { body: { code: asked.body.code, token: code } })
  expect(confirmed.body.status, confirmed.body.message).toBe('0')
  return lastSms(customer.contact.phone, NEW_PIN)
}

const changePin = (token: string, oldPassword: string, password: string) =>
  server.call(customerPath('change-password'), { token, body: { oldPassword, password, password2: password } })

/** Customer calls of every shape: none of them may answer while the PIN must be changed. */
const guarded = (token: string) => [
  server.call(customerPath('account'), { token, body: { code: mainCustomer.kcode, currency: '' } }),
  server.call(customerPath('balance'), { token, body: { code: mainCustomer.accounts.usd.number, currency: '1' } }),
  server.call(customerPath('notification-size'), { token }),
  server.call(customerPath('transfers'), { token }),
  server.call(customerPath('sessions'), { token }),
  server.call(customerPath('get-contact'), { token }),
  server.call(customerPath('transfer/ask'), {
    token,
    body: { debitAccount: mainCustomer.accounts.usd.number, creditAccount: mainCustomer.accounts.cdf.number, description: 'Essai', currency: '1', amount: '1' },
  }),
]

describe('a temporary PIN', () => {
  it('an ordinary sign-in says nothing is to change', async () => {
    const res = await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)
    expect(res.status).toBe(200)
    expect(res.body.mustChangePin).toBe(false)
  })

  it('the PIN a reset sent signs in once, and only the PIN change, logout and keep-alive answer until it is changed', async () => {
    const pin = await reset()
    const res = await login(mainCustomer.kcode, pin)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: '0', mustChangePin: true, kcode: mainCustomer.kcode })
    const token = res.body.token as string

    const before = await server.db.query('select count(*)::int as n from pending_transfers')
    for (const answer of await Promise.all(guarded(token))) {
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ code: '3', message: temporaryPinApi.pinChangeRequired })
    }
    // nothing was done by the refused calls
    expect(await server.db.query('select count(*)::int as n from pending_transfers')).toEqual(before)
    expect((await server.call(customerPath('keep-alive'), { token, method: 'POST' })).body.code).toBe('0')

    // the PIN change follows its own rules: the PIN received is the old one
    expect((await changePin(token, '00000', '24680')).body).toMatchObject({ status: '1', description: api.changePassword.wrongOld })
    expect((await changePin(token, pin, pin)).body).toMatchObject({ status: '1', description: api.changePassword.sameAsOld })
    for (const answer of await Promise.all(guarded(token))) expect(answer.status).toBe(403)
    expect((await changePin(token, pin, '24680')).body.status).toBe('0')

    // everything opens, in the same session
    for (const answer of await Promise.all(guarded(token))) expect(answer.status, answer.text).toBe(200)
    // the customer's own PIN signs in as usual; the one received does not any more
    expect((await login(mainCustomer.kcode, '24680')).body.mustChangePin).toBe(false)
    expect((await login(mainCustomer.kcode, pin)).status).toBe(403)
  })

  it('a second sign-in with the same temporary PIN is refused with a message saying to reset again; a new reset opens again', async () => {
    const pin = await reset()
    const first = await login(mainCustomer.kcode, pin)
    expect(first.body.mustChangePin).toBe(true)
    await server.call(customerPath('logout'), { token: first.body.token, method: 'POST' })

    const second = await login(mainCustomer.kcode, pin)
    expect(second.status).toBe(401)
    expect(second.body).toEqual({ code: '1', message: temporaryPinApi.temporaryPinUsed })
    // a wrong PIN is still a wrong PIN (the answer tells nothing more)
    expect((await login(mainCustomer.kcode, '13579')).status).toBe(403)

    const again = await reset()
    const third = await login(mainCustomer.kcode, again)
    expect(third.body.mustChangePin).toBe(true)
    expect((await changePin(third.body.token, again, '97531')).body.status).toBe('0')
    expect((await login(mainCustomer.kcode, '97531')).body.mustChangePin).toBe(false)
  })

  it('the session opened with it may log out', async () => {
    const pin = await reset()
    const res = await login(mainCustomer.kcode, pin)
    const token = res.body.token as string
    expect((await server.call(customerPath('logout'), { token, method: 'POST' })).body).toEqual({ code: '0' })
    expect((await server.call(customerPath('change-password'), { token, body: { oldPassword: pin, password: '11223', password2: '11223' } })).body.code).toBe(
      '2',
    )
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  // Several asks for one user code within minutes (replace, expiry): above the default throttle,
  // which test/server/rate-limits.test.ts checks.
  server = await startTestServer({ config: { pinResetAskLimit: 100 } })
})
afterAll(() => server?.close())

const CODE = /Code de validation : (\d{8})/
const NEW_PIN = /Votre nouveau code pin : (\d{5})/
const ask = (compte: string) => server.call('/auth/v1/password/ask', { body: { compte } })
const confirm = (code: string, token: string) => server.call('/auth/v1/password/confirm', { body: { code, token } })
const login = (username: string, password: string) => server.call('/auth/login', { body: { username, password } })
const outbox = async () => (await server.call('/__dev/outbox')).body as { channel: string; to: string; text: string }[]

async function codeFor(to: string): Promise<string> {
  const sms = (await outbox()).find((m) => m.to === to && CODE.test(m.text))
  return CODE.exec(sms!.text)![1]!
}

describe('PIN reset end to end', () => {
  it('ask → code from the outbox → confirm → the new PIN signs in, the old one no more, the block is lifted, sessions end', async () => {
    const session = await server.signIn()
    // block the access with 5 wrong PINs
    for (let i = 0; i < 5; i++) await login(mainCustomer.kcode, '99999')
    expect((await login(mainCustomer.kcode, mainCustomer.pin)).status).toBe(401)

    const before = (await outbox()).length
    const asked = await ask(mainCustomer.kcode.toLowerCase())
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({ status: '0', message: api.pinReset.codeSent('5 minutes'), code: expect.stringMatching(/^PIN[0-9A-Z]{20}$/) })
    const sent = (await outbox()).slice(0, (await outbox()).length - before)
    expect(sent.map((m) => [m.channel, m.to]).sort()).toEqual([
      ['email', mainCustomer.contact.email],
      ['sms', mainCustomer.contact.phone],
    ])
    for (const m of sent) expect(m.text).toMatch(CODE)
    const code = await codeFor(mainCustomer.contact.phone)
    // the code is not stored, only its HMAC
    const [row] = await server.db.query<{ code_hash: string }>('select code_hash from pin_resets where reference = $1', [asked.body.code])
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.code_hash).not.toContain(code)

    const done = await confirm(asked.body.code, code)
    expect(done.body).toEqual({ status: '0', message: api.pinReset.done })
    const mails = await outbox()
    const pinSms = mails.find((m) => m.channel === 'sms' && NEW_PIN.test(m.text))!
    const pinMail = mails.find((m) => m.channel === 'email' && NEW_PIN.test(m.text))!
    expect(pinSms.to).toBe(mainCustomer.contact.phone)
    expect(pinMail.to).toBe(mainCustomer.contact.email)
    const pin = NEW_PIN.exec(pinSms.text)![1]!
    expect(NEW_PIN.exec(pinMail.text)![1]).toBe(pin)

    // the session open before the reset is ended
    expect((await server.call(customerPath('notification-size'), { token: session })).status).toBe(403)
    // single use
    expect((await confirm(asked.body.code, code)).body).toEqual({ status: '1', message: api.pinReset.invalid })

    if (pin !== mainCustomer.pin) expect((await login(mainCustomer.kcode, mainCustomer.pin)).status).toBe(403)
    const signed = await login(mainCustomer.kcode, pin)
    expect(signed.status).toBe(200)
    // rulings §9.5: that PIN must be changed before anything else (temporary-pin.test.ts)
    expect(signed.body.mustChangePin).toBe(true)
    const changed = await server.call(customerPath('change-password'), {
      token: signed.body.token,
      body: { oldPassword: pin, password: pin === '54321' ? '12345' : '54321', password2: pin === '54321' ? '12345' : '54321' },
    })
    expect(changed.body.status).toBe('0')
    const list = await server.call(customerPath('notifications?page=0&size=5'), { token: signed.body.token })
    expect(list.body.notifications.map((n: { title: string }) => n.title)).toContain(api.pinReset.title)
    const [c] = await server.db.query<{ failed_attempts: number; pin_blocked_at: Date | null; pin_hash: string }>(
      'select failed_attempts, pin_blocked_at, pin_hash from customers where kcode = $1',
      [mainCustomer.kcode],
    )
    expect(c).toMatchObject({ failed_attempts: 0, pin_blocked_at: null })
    expect(c!.pin_hash.startsWith('scrypt$')).toBe(true)
  })
})

describe('PIN reset refusals', () => {
  it('3 wrong codes cancel the reset; the right code then fails too', async () => {
    const asked = await ask(statementOnlyCustomer.kcode)
    const code = await codeFor(statementOnlyCustomer.contact.phone)
    const wrong = code === '00000000' ? '11111111' : '00000000'
    expect((await confirm(asked.body.code, wrong)).body).toEqual({ status: '1', message: api.pinReset.wrongCode(2) })
    expect((await confirm(asked.body.code, wrong)).body).toEqual({ status: '1', message: api.pinReset.wrongCode(1) })
    expect((await confirm(asked.body.code, wrong)).body).toEqual({ status: '1', message: api.pinReset.cancelledWrongCode })
    expect((await confirm(asked.body.code, code)).body).toEqual({ status: '1', message: api.pinReset.cancelledWrongCode })
    expect((await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)).status).toBe(200)
  })

  it('an expired code is refused', async () => {
    const asked = await ask(statementOnlyCustomer.kcode)
    const code = await codeFor(statementOnlyCustomer.contact.phone)
    server.clock.advance(server.config.codeLifetimeSeconds * 1000)
    expect((await confirm(asked.body.code, code)).body).toEqual({ status: '1', message: api.pinReset.expired })
    expect((await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)).status).toBe(200)
  })

  it('a new ask replaces the previous one', async () => {
    const first = await ask(statementOnlyCustomer.kcode)
    const firstCode = await codeFor(statementOnlyCustomer.contact.phone)
    await ask(statementOnlyCustomer.kcode)
    expect((await confirm(first.body.code, firstCode)).body).toEqual({ status: '1', message: api.pinReset.invalid })
  })

  it('an unknown user code answers like a known one, sends nothing, and can never be confirmed', async () => {
    const before = (await outbox()).length
    const asked = await ask('K0000000')
    expect(asked.body).toEqual({ status: '0', message: api.pinReset.codeSent('5 minutes'), code: expect.stringMatching(/^PIN[0-9A-Z]{20}$/) })
    expect((await outbox()).length).toBe(before)
    expect((await confirm(asked.body.code, '12345678')).body).toEqual({ status: '1', message: api.pinReset.wrongCode(2) })
    expect((await confirm('PINUNKNOWN', '12345678')).body).toEqual({ status: '1', message: api.pinReset.invalid })
  })

  it('the contract refuses a code that is not 8 to 12 digits', async () => {
    expect((await confirm('PINX', '1234')).status).toBe(400)
    expect((await ask('')).status).toBe(400)
  })
})

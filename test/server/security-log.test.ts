/**
 * Logs that mean something (read from the server's own log stream): no error for a successful
 * download (photo, statement, receipt), one line per security event with the request id, and never
 * a secret (PIN, validation code, new PIN, token).
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, withoutLoggerFields, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

let server: TestServer
const t = transferHelpers(() => server)
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

type Line = Record<string, any>
const lines = (): Line[] =>
  server
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
const since = (mark: number) => lines().slice(mark)
const events = (from: Line[], name: string) => from.filter((l) => l.security === name)

describe('downloads log no error', () => {
  it('photo, statement (PDF and CSV) and receipt: answered 200, no warning or error logged', async () => {
    const token = await server.signIn()
    const mark = lines().length
    const form = new FormData()
    form.append(
      'photo',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
              .png()
              .toBuffer(),
          ),
        ],
        { type: 'image/png' },
      ),
      'p.png',
    )
    await fetch(server.url + customerPath('photo/update'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    const photo = (await server.call(customerPath('get-contact'), { token })).body.photo
    const get = (path: string) => fetch(server.url + customerPath(path), { headers: { authorization: `Bearer ${token}` } })
    expect((await get(`photo/show/${photo}`)).status).toBe(200)

    const usd = mainCustomer.accounts.usd
    const day = (n: number) => new Date(server.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10)
    const report = await server.call(customerPath('report/pdf'), {
      token,
      body: { account: usd.number, currency: usd.currency, startDate: day(30), endDate: day(0) },
    })
    expect((await get(`download/pdf/${report.body.filename}.pdf`)).status).toBe(200)
    expect((await get(`download/pdf/${report.body.filename}.csv`)).status).toBe(200)

    const payee = payeeAccounts.find((p) => p.currency === usd.currency)!
    const asked = await t.ask('account', token, {
      debitAccount: usd.number,
      creditAccount: payee.number,
      description: 'Loyer test',
      currency: usd.currency,
      amount: '1.00',
    })
    const confirmed = await t.confirm('account', token, asked.body.code, await t.codeSentTo(mainCustomer))
    expect(confirmed.body.status).toBe('0')
    expect((await get(`transfer/receipt/${confirmed.body.reference}`)).status).toBe(200)

    const logged = since(mark)
    expect(logged.filter((l) => l.level >= 40)).toEqual([])
    // The transfer confirmed is a security event of its own, with the request id.
    const [transfer] = events(logged, 'transfer.confirmed')
    expect(transfer).toMatchObject({ reqId: expect.any(String), reference: confirmed.body.reference, kind: 'account' })
  })
})

describe('one line per security event, with the request id, never a secret', () => {
  it('sign-in failure, block, PIN reset, logout', async () => {
    const kcode = 'K4444001'
    await server.db.query(
      `insert into customers (kcode, name, pin_hash, phone) select $1, 'Journal Test', pin_hash, '0812340001' from customers where kcode = $2`,
      [kcode, mainCustomer.kcode],
    )
    const mark = lines().length
    for (let i = 0; i < 5; i++) await server.call('/auth/login', { body: { username: kcode, password: '97531' } })
    const asked = await server.call('/auth/v1/password/ask', { body: { compte: kcode } })
    const [sms] = await server.db.query<{ body: string }>("select body from outbox where recipient = '0812340001' order by id desc limit 1")
    const code = /Code de validation : (\d{8})/.exec(sms!.body)![1]!
    await server.call('/auth/v1/password/confirm', { body: { code: asked.body.code, token: code } })
    const [pinSms] = await server.db.query<{ body: string }>("select body from outbox where recipient = '0812340001' order by id desc limit 1")
    const newPin = /Votre nouveau code pin : (\d{5})/.exec(pinSms!.body)![1]!
    const signedIn = await server.call('/auth/login', { body: { username: kcode, password: newPin } })
    const token = signedIn.body.token as string
    await server.call(customerPath('logout'), { method: 'POST', token })

    const logged = since(mark)
    expect(events(logged, 'signin.failure')).toHaveLength(4)
    expect(events(logged, 'lockout.address')).toHaveLength(1)
    expect(events(logged, 'pinReset.asked')).toHaveLength(1)
    expect(events(logged, 'pinReset.done')).toHaveLength(1)
    expect(events(logged, 'signin.success')).toHaveLength(1)
    expect(events(logged, 'logout')).toHaveLength(1)
    for (const line of logged.filter((l) => l.security)) {
      expect(line.reqId, line.security).toEqual(expect.any(String))
      expect(line.address).toBe('127.0.0.1')
    }
    // Request ids tie each event to its request line.
    const block = events(logged, 'lockout.address')[0]!
    expect(logged.some((l) => l.reqId === block.reqId && l.res?.statusCode === 401)).toBe(true)
    const text = withoutLoggerFields(logged.map((l) => JSON.stringify(l)).join('\n'))
    for (const secret of ['97531', code, newPin, token, asked.body.code]) expect(text).not.toContain(secret)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = await server.signIn()
})
afterAll(() => server?.close())

const f = api.fieldErrors
const bad = (errors: { field: string; message: string }[]) => ({ code: '400', message: api.badRequest, errors })

async function snapshot() {
  const [row] = await server.db.query<{ sessions: number; attempts: number; notifications: number }>(
    `select (select count(*)::int from sessions) as sessions,
            (select failed_attempts from customers where kcode = $1) as attempts,
            (select count(*)::int from notifications) as notifications`,
    [mainCustomer.kcode],
  )
  return row!
}

describe('a request that does not follow the contract: 400, and nothing changed', () => {
  const login = (body: unknown, headers?: Record<string, string>) => server.call('/auth/login', { body, headers })

  it.each([
    ['a missing field', { username: mainCustomer.kcode }, [{ field: 'password', message: f.required }]],
    [
      'an extra field, even with the right PIN',
      { username: mainCustomer.kcode, password: mainCustomer.pin, remember: true },
      [{ field: 'remember', message: f.unexpected }],
    ],
    ['a PIN under 5 characters', { username: mainCustomer.kcode, password: '1234' }, [{ field: 'password', message: f.tooShort }]],
    ['a PIN sent as a number (no coercion)', { username: mainCustomer.kcode, password: 12345 }, [{ field: 'password', message: f.type }]],
    ['an empty user code', { username: '', password: mainCustomer.pin }, [{ field: 'username', message: f.tooShort }]],
    ['a body that is not an object', [mainCustomer.kcode, mainCustomer.pin], [{ field: 'body', message: f.type }]],
  ])('login with %s', async (_name, body, errors) => {
    const before = await snapshot()
    const res = await login(body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual(bad(errors))
    expect(await snapshot()).toEqual(before)
  })

  it('reports every faulty field at once', async () => {
    const res = await login({ password: '1', other: 1 })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: f.required },
        { field: 'password', message: f.tooShort },
        { field: 'other', message: f.unexpected },
      ]),
    )
  })

  it('login with JSON that does not parse', async () => {
    const before = await snapshot()
    const res = await login('{"username":"K1234567","password":"12345"')
    expect(res.status).toBe(400)
    expect(res.body).toEqual(bad([{ field: 'body', message: f.invalidJson }]))
    expect(await snapshot()).toEqual(before)
  })

  it('login without a body', async () => {
    const res = await server.call('/auth/login', { method: 'POST' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('400')
  })

  it('login sent as a form rather than JSON: 415', async () => {
    const res = await login('username=K1234567&password=12345', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ message: api.unsupportedMediaType })
  })

  it('account with a missing currency or an extra field', async () => {
    const missing = await server.call(customerPath('account'), { token, body: { code: mainCustomer.kcode } })
    expect(missing.body).toEqual(bad([{ field: 'currency', message: f.required }]))
    const extra = await server.call(customerPath('account'), { token, body: { code: mainCustomer.kcode, currency: '', all: true } })
    expect(extra.body).toEqual(bad([{ field: 'all', message: f.unexpected }]))
  })

  it('a body over the size limit: 413', async () => {
    const res = await login({ username: mainCustomer.kcode, password: 'x'.repeat(100_000) })
    expect(res.status).toBe(413)
  })
})

describe('OpenAPI 3.1 features of the document are enforced (before the handler, or the 501 of an operation not built yet)', () => {
  const statement = (startDate: string, endDate = '2026-01-31') =>
    server.call(customerPath('statements'), {
      token,
      body: { startDate, endDate, account: mainCustomer.accounts.usd.number, currency: '1' },
    })

  it('format: date refuses an impossible date, pattern a wrong shape', async () => {
    expect((await statement('2026-02-30')).body).toEqual(bad([{ field: 'startDate', message: f.format }]))
    expect((await statement('01/02/2026')).body).toEqual(bad([{ field: 'startDate', message: f.format }]))
    expect((await statement('2026-01-01')).body).toMatchObject({ code: '0', status: '0' })
  })

  it('format: email', async () => {
    const contact = (email: string) =>
      server.call(customerPath('update-contact'), { token, body: { email, phone: '0812345678', address: '12, avenue du Commerce', country: 'CD' } })
    expect((await contact('jean.mukendi@')).body).toEqual(bad([{ field: 'email', message: f.format }]))
    expect((await contact('jean@example.com')).body).toMatchObject({ code: '0' })
  })

  it('21-character account numbers and amounts with at most 2 decimals', async () => {
    const ask = (creditAccount: string, amount: string) =>
      server.call(customerPath('transfer/ask'), {
        token,
        body: { debitAccount: mainCustomer.accounts.usd.number, creditAccount, description: 'Loyer de mars', currency: '1', amount },
      })
    expect((await ask('12345', '10.00')).body.errors).toEqual([{ field: 'creditAccount', message: f.tooShort }])
    expect((await ask(mainCustomer.accounts.cdf.number, '10.001')).body.errors).toEqual([{ field: 'amount', message: f.format }])
    // valid: the handler answers (here a refusal: the credit account is in CDF)
    expect((await ask(mainCustomer.accounts.cdf.number, '10.5')).body).toEqual({ status: '1', message: api.transfer.creditCurrency })
  })

  it('enum path parameter', async () => {
    expect((await server.call(customerPath('used-freq/3'), { token })).body).toEqual(bad([{ field: 'id', message: f.value }]))
    expect((await server.call(customerPath('used-freq/1'), { token })).body).toEqual({ code: '0', comptes: [], payees: [] })
  })

  it('integer query parameters, with their bounds', async () => {
    const page = (q: string) => server.call(customerPath(`notifications?${q}`), { token })
    expect((await page('page=a&size=5')).body).toEqual(bad([{ field: 'page', message: f.type }]))
    expect((await page('page=0&size=51')).body).toEqual(bad([{ field: 'size', message: f.range }]))
    expect((await page('size=5')).body).toEqual(bad([{ field: 'page', message: f.required }]))
    expect((await page('page=0&size=5')).body).toMatchObject({ code: '0' })
  })

  it('path parameter pattern', async () => {
    expect((await server.call(customerPath('notification/show/abc'), { token })).body).toEqual(bad([{ field: 'id', message: f.format }]))
  })

  it('the validation code of a confirmation: digits only, 8 to 12', async () => {
    const confirm = (t: string) => server.call(customerPath('transfer/confirm'), { token, body: { code: 'ref', token: t } })
    expect((await confirm('1234567')).body.errors).toEqual([{ field: 'token', message: f.format }])
    expect((await confirm('12345678')).body).toEqual({ status: '1', description: api.transfer.notFound })
  })
})

describe('every operation of the contract is built', () => {
  it('none answers 501 any more', () => {
    expect([...server.app.notImplemented]).toEqual([])
  })

  it('customer calls still need a session', async () => {
    expect((await server.call(customerPath('photo/show/abc'))).status).toBe(403)
    expect((await server.call(customerPath('get-contact'))).status).toBe(403)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, validation } from '../../machines/messages.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const login = (username: string, password: string) => server.call('/auth/login', { body: { username, password } })
const change = (token: string, oldPassword: string, password: string, password2 = password) =>
  server.call(customerPath('change-password'), { token, body: { oldPassword, password, password2 } })
const titles = async (token: string) =>
  (await server.call(customerPath('notifications?page=0&size=5'), { token })).body.notifications.map((n: { title: string }) => n.title)

describe('POST change-password', () => {
  it('refuses different new PINs, a wrong old PIN, the same PIN; nothing changes', async () => {
    const token = await server.signIn(statementOnlyCustomer)
    const pin = statementOnlyCustomer.pin
    expect((await change(token, pin, '24680', '24681')).body).toEqual({ status: '1', description: api.changePassword.mismatch })
    expect((await change(token, '00000', '24680')).body).toEqual({ status: '1', description: api.changePassword.wrongOld })
    expect((await change(token, pin, pin)).body).toEqual({ status: '1', description: api.changePassword.sameAsOld })
    expect((await change(token, pin, '1234')).status).toBe(400)
    expect((await login(statementOnlyCustomer.kcode, pin)).status).toBe(200)
  })

  it('changes the PIN: the new one signs in, the old one no more; other sessions end, the current one stays; notification', async () => {
    const other = await server.signIn(statementOnlyCustomer)
    const token = await server.signIn(statementOnlyCustomer)
    const res = await change(token, statementOnlyCustomer.pin, '24680')
    expect(res.body).toEqual({ status: '0', code: '0', description: api.changePassword.done })
    expect((await server.call(customerPath('notification-size'), { token: other })).status).toBe(403)
    expect((await server.call(customerPath('notification-size'), { token })).status).toBe(200)
    expect(await titles(token)).toContain(api.changePassword.title)
    expect((await login(statementOnlyCustomer.kcode, statementOnlyCustomer.pin)).status).toBe(403)
    expect((await login(statementOnlyCustomer.kcode, '24680')).status).toBe(200)
    const [row] = await server.db.query<{ pin_hash: string }>('select pin_hash from customers where kcode = $1', [statementOnlyCustomer.kcode])
    expect(row!.pin_hash).toMatch(/^scrypt\$/)
  })

  it('5 wrong old PINs block the access like sign-in failures and end the sessions', async () => {
    const token = await server.signIn({ kcode: statementOnlyCustomer.kcode, pin: '24680' })
    for (let i = 0; i < 4; i++) expect((await change(token, '00000', '13579')).body.description).toBe(api.changePassword.wrongOld)
    expect((await change(token, '00000', '13579')).body).toEqual({ status: '1', description: api.pinBlocked })
    expect((await server.call(customerPath('notification-size'), { token })).status).toBe(403)
    expect((await login(statementOnlyCustomer.kcode, '24680')).status).toBe(401)
  })
})

describe('get-contact and update-contact', () => {
  let token: string
  beforeAll(async () => {
    token = await server.signIn()
  })
  const update = (body: Record<string, string>) =>
    server.call(customerPath('update-contact'), {
      token,
      body: { phone: '0812345678', email: 'jean@example.com', address: '12, avenue du Commerce', country: 'CD', ...body },
    })

  it('get-contact answers the demo contact data, photo empty', async () => {
    const res = await server.call(customerPath('get-contact'), { token })
    expect(res.body).toEqual({ code: '0', ...mainCustomer.contact, photo: '' })
  })

  it('refuses what the form refuses, and an unknown country; nothing changes', async () => {
    expect((await update({ address: '   abc   ' })).body).toEqual({ code: '1', message: validation.addressTooShort })
    expect((await update({ country: 'ZZ' })).body).toEqual({ code: '1', message: api.contact.unknownCountry })
    expect((await update({ phone: '12345' })).status).toBe(400)
    expect((await update({ email: 'jean@' })).status).toBe(400)
    expect((await server.call(customerPath('get-contact'), { token })).body).toMatchObject(mainCustomer.contact)
  })

  it('updates the data and writes a notification', async () => {
    const res = await update({ phone: '0998877665', email: 'jean.m@example.org', address: '  5, rue de la Paix  ', country: 'BE' })
    expect(res.body).toEqual({ code: '0', message: api.contact.done })
    expect((await server.call(customerPath('get-contact'), { token })).body).toEqual({
      code: '0',
      phone: '0998877665',
      email: 'jean.m@example.org',
      address: '5, rue de la Paix',
      country: 'BE',
      photo: '',
    })
    expect(await titles(token)).toContain(api.contact.title)
  })
})

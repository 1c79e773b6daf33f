import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/db/demo-data.ts'
import { enqueueMessage } from '../../server/domain/outbox.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const addFault = (fault: unknown) => server.call('/__dev/faults', { body: fault })
const countries = () => server.call('/auth/v1/countries')

describe('GET /__dev/outbox', () => {
  it('lists SMS and e-mails, newest first, in the contract shape', async () => {
    const t0 = new Date('2026-03-01T10:00:00Z')
    await enqueueMessage(server.db, { channel: 'sms', to: '243812345678', text: 'Code 12345678 pour 10.00 USD à Grace Mbuyi', createdAt: t0 })
    await enqueueMessage(server.db, {
      channel: 'email',
      to: mainCustomer.contact.email,
      text: 'Votre code : 87654321 <b>gras</b> & "guillemets"',
      createdAt: new Date(t0.getTime() + 1000),
    })
    const res = await server.call('/__dev/outbox')
    expect(res.status).toBe(200)
    expect(res.body.slice(0, 2)).toEqual([
      { channel: 'email', to: mainCustomer.contact.email, text: 'Votre code : 87654321 <b>gras</b> & "guillemets"', createdAt: '2026-03-01T10:00:01.000Z' },
      { channel: 'sms', to: '243812345678', text: 'Code 12345678 pour 10.00 USD à Grace Mbuyi', createdAt: '2026-03-01T10:00:00.000Z' },
    ])
  })

  it('has a readable HTML page, with the texts escaped', async () => {
    const res = await server.call('/__dev/outbox.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.text).toContain(api.devOutbox.title)
    expect(res.text).toContain('Votre code : 87654321 &#60;b&#62;gras&#60;/b&#62; &#38; &#34;guillemets&#34;')
    expect(res.text).not.toContain('<b>gras</b>')
    expect(res.text.indexOf('87654321')).toBeLessThan(res.text.indexOf('12345678')) // newest first
    const css = await server.call('/__dev/outbox.css')
    expect(css.headers.get('content-type')).toMatch(/text\/css/)
  })
})

describe('/__dev/faults', () => {
  afterEach(async () => {
    await server.call('/__dev/faults', { method: 'DELETE' })
  })

  it('answers the chosen status and JSON body, then only `times` times', async () => {
    expect((await addFault({ method: 'GET', path: '/auth/v1/countries', status: 500, body: { message: 'panne' }, times: 2 })).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const res = await countries()
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ message: 'panne' })
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
    expect((await countries()).status).toBe(200)
  })

  it('answers 200 with the body when only a body is given; the status alone gives an empty body', async () => {
    await addFault({ path: '/auth/v1/countries', body: { code: '0', countries: [] }, times: 1 })
    expect(await countries()).toMatchObject({ status: 200, body: { code: '0', countries: [] } })
    await addFault({ path: '/auth/v1/countries', status: 503, times: 1 })
    const res = await countries()
    expect(res.status).toBe(503)
    expect(res.text).toBe('')
  })

  it('applies to every call until cleared when times is absent, and DELETE clears', async () => {
    await addFault({ path: '/auth/v1/countries', status: 502 })
    for (let i = 0; i < 3; i++) expect((await countries()).status).toBe(502)
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: '/auth/v1/countries', status: 502 }])
    const cleared = await server.call('/__dev/faults', { method: 'DELETE' })
    expect(cleared.body).toEqual({ code: '0' })
    expect((await server.call('/__dev/faults')).body).toEqual([])
    expect((await countries()).status).toBe(200)
  })

  it('lists the faults in force with the times left', async () => {
    await addFault({ path: '/auth/v1/countries', status: 500, times: 3 })
    await countries()
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: '/auth/v1/countries', status: 500, times: 2 }])
  })

  it('matches the method when given, and the exact path without the query', async () => {
    await addFault({ method: 'POST', path: '/auth/v1/countries', status: 500 })
    expect((await countries()).status).toBe(200)
    await addFault({ method: 'GET', path: '/auth/v1/countries', status: 418, times: 1 })
    expect((await server.call('/auth/v1/countries?x=1')).status).toBe(418)
    await addFault({ path: '/auth/v1', status: 500 })
    expect((await countries()).status).toBe(200)
  })

  it('delays, then lets the real handler answer when neither status nor body is given', async () => {
    await addFault({ path: '/auth/v1/countries', delayMs: 300, times: 1 })
    const started = Date.now()
    const res = await countries()
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(res.status).toBe(200)
    expect(res.body.countries.length).toBeGreaterThan(10)
  })

  it('acts before the token check and the validation', async () => {
    await addFault({ path: customerPath('account'), status: 500, body: { message: 'panne' }, times: 1 })
    const res = await server.call(customerPath('account'), { body: { not: 'valid' } }) // no token, bad body
    expect(res).toMatchObject({ status: 500, body: { message: 'panne' } })
  })

  it('expireSession ends the caller’s session so that the real expiry answer comes', async () => {
    const token = await server.signIn()
    const other = await server.signIn()
    await addFault({ path: customerPath('notification-size'), expireSession: true, times: 1 })
    const res = await server.call(customerPath('notification-size'), { token })
    expect(res).toMatchObject({ status: 403, body: { code: '2', message: api.sessionExpired } })
    // the session stays ended once the fault is used up; other sessions are untouched
    expect((await server.call(customerPath('notification-size'), { token })).status).toBe(403)
    expect((await server.call(customerPath('notification-size'), { token: other })).status).toBe(200)
  })

  it('never applies to /__dev itself', async () => {
    await addFault({ path: '/__dev/faults', status: 500 })
    expect((await server.call('/__dev/faults')).status).toBe(200)
  })

  it('refuses a fault that does not follow the contract', async () => {
    for (const fault of [{ status: 500 }, { path: 'auth/login' }, { path: '/auth/login', status: 99 }, { path: '/auth/login', color: 'red' }, { path: '/x', method: 'PATCH' }]) {
      const res = await addFault(fault)
      expect(res.status, JSON.stringify(fault)).toBe(400)
      expect(res.body.code).toBe('400')
    }
    expect((await server.call('/__dev/faults')).body).toEqual([])
  })
})

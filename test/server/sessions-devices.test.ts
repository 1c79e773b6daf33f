/**
 * Sessions et appareils (rulings §9.4): the customer's open sessions with the browser and system
 * read from the User-Agent, the address, the times, the caller's own marked; ending one of the
 * others (its next call refused as an expired session) or all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { clientOf } from '../../server/domain/user-agent.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  samsungAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  edgeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80',
  operaAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIpad: 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}

describe('the browser and system read from a User-Agent', () => {
  it('names the browsers and systems of real User-Agent strings, the most specific browser first', () => {
    expect(clientOf(UA.chromeWindows)).toEqual({ browser: 'Chrome 131', system: 'Windows' })
    expect(clientOf(UA.safariIphone)).toEqual({ browser: 'Safari 17', system: 'iOS 17.5' })
    expect(clientOf(UA.samsungAndroid)).toEqual({ browser: 'Samsung Internet 25', system: 'Android 14' })
    expect(clientOf(UA.firefoxLinux)).toEqual({ browser: 'Firefox 128', system: 'Linux' })
    expect(clientOf(UA.edgeMac)).toEqual({ browser: 'Edge 130', system: 'macOS' })
    expect(clientOf(UA.operaAndroid)).toEqual({ browser: 'Opera 85', system: 'Android 10' })
    expect(clientOf(UA.safariMac)).toEqual({ browser: 'Safari 18', system: 'macOS' })
    expect(clientOf(UA.chromeIpad)).toEqual({ browser: 'Chrome 131', system: 'iPadOS 17.1' })
    expect(clientOf(UA.chromebook)).toEqual({ browser: 'Chrome 131', system: 'ChromeOS' })
  })

  it('gives nothing it cannot read', () => {
    expect(clientOf(undefined)).toEqual({})
    expect(clientOf('')).toEqual({})
    expect(clientOf('curl/8.5.0')).toEqual({})
    expect(clientOf('Mozilla/5.0 (compatible; Unknown)')).toEqual({})
  })
})

let server: TestServer
const IDLE_MINUTES = 10

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true, sessionIdleMinutes: IDLE_MINUTES, sessionMaxMinutes: 600 } })
})
afterAll(() => server?.close())

/** Signs in from an address with a User-Agent: the token. */
async function signIn(userAgent: string, address: string, customer: { kcode: string; pin: string } = mainCustomer): Promise<string> {
  const res = await server.call('/auth/login', {
    body: { username: customer.kcode, password: customer.pin },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  })
  expect(res.status, res.text).toBe(200)
  return res.body.token as string
}
const sessions = (token: string) => server.call(customerPath('sessions'), { token })
const end = (token: string, id: unknown) => server.call(customerPath('sessions/end'), { token, body: { id } })
const endOthers = (token: string) => server.call(customerPath('sessions/end-others'), { token, method: 'POST' })
const alive = async (token: string) => (await server.call(customerPath('notification-size'), { token })).status

describe('GET sessions, POST sessions/end and sessions/end-others', () => {
  it('lists the open sessions with browser, system, address and times, the caller’s own marked, latest activity first', async () => {
    const laptop = await signIn(UA.chromeWindows, '197.243.12.4')
    server.clock.advance(60_000)
    const phone = await signIn(UA.safariIphone, '41.243.7.9')
    server.clock.advance(60_000)
    const unknown = await signIn('curl/8.5.0', '10.0.0.7')
    const esther = await signIn(UA.firefoxLinux, '41.243.7.10', statementOnlyCustomer)

    const res = await sessions(phone)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    const list = res.body.sessions as { id: string; address: string; current: boolean; createdAt: string; lastSeenAt: string; browser?: string }[]
    // only this customer's: not Esther's; and those of earlier tests of this file are none
    expect(list.map((s) => s.address)).toEqual(['41.243.7.9', '10.0.0.7', '197.243.12.4'])
    const [mine, curl, pc] = list
    expect(mine).toEqual({
      id: expect.stringMatching(/^\d+$/),
      browser: 'Safari 17',
      system: 'iOS 17.5',
      address: '41.243.7.9',
      createdAt: new Date(server.clock.now().getTime() - 60_000).toISOString(),
      lastSeenAt: server.clock.now().toISOString(),
      current: true,
    })
    expect(curl).toEqual({ id: expect.any(String), address: '10.0.0.7', createdAt: expect.any(String), lastSeenAt: expect.any(String), current: false })
    expect(pc).toMatchObject({ browser: 'Chrome 131', system: 'Windows', current: false })
    expect((await sessions(esther)).body.sessions).toHaveLength(1)
    for (const token of [laptop, phone, unknown, esther]) await server.call(customerPath('logout'), { token, method: 'POST' })
  })

  it('ends one of the others: its next call is refused as an expired session; the caller stays', async () => {
    const a = await signIn(UA.chromeWindows, '197.243.12.4')
    const b = await signIn(UA.samsungAndroid, '41.243.7.11')
    const idOf = async (token: string, current: boolean) =>
      ((await sessions(token)).body.sessions as { id: string; current: boolean }[]).find((s) => s.current === current)!.id
    const bId = await idOf(b, true)
    const res = await end(a, bId)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0', message: api.sessions.ended })
    const refused = await server.call(customerPath('notification-size'), { token: b })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: '2', message: api.sessionExpired })
    expect(await alive(a)).toBe(200)
    expect(((await sessions(a)).body.sessions as { id: string }[]).map((s) => s.id)).not.toContain(bId)
    const [row] = await server.db.query<{ end_reason: string }>('select end_reason from sessions where id = $1', [bId])
    expect(row!.end_reason).toBe('by_customer')
    // again: it is over
    expect((await end(a, bId)).status).toBe(404)
    await server.call(customerPath('logout'), { token: a, method: 'POST' })
  })

  it('never ends the caller’s own session (409, that is logout), nor another customer’s or an unknown one (404); a malformed id is a French 400', async () => {
    const a = await signIn(UA.chromeWindows, '197.243.12.4')
    const esther = await signIn(UA.firefoxLinux, '41.243.7.10', statementOnlyCustomer)
    const aId = ((await sessions(a)).body.sessions as { id: string }[])[0]!.id
    const estherId = ((await sessions(esther)).body.sessions as { id: string }[])[0]!.id
    const own = await end(a, aId)
    expect(own.status).toBe(409)
    expect(own.body).toEqual({ code: '1', message: api.sessions.current })
    expect(await alive(a)).toBe(200)
    for (const id of [estherId, '999999999']) {
      const res = await end(a, id)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: api.notFound })
    }
    expect(await alive(esther)).toBe(200)
    for (const id of ['abc', '', 12, '1'.repeat(19)]) {
      const res = await end(a, id)
      expect(res.status, String(id)).toBe(400)
      expect(res.body.message).toBe(api.badRequest)
    }
    expect((await server.call(customerPath('sessions/end'), { body: { id: aId } })).status).toBe(403)
    for (const token of [a, esther]) await server.call(customerPath('logout'), { token, method: 'POST' })
  })

  it('ends all the others at once, leaves the caller’s and other customers’ sessions open', async () => {
    const a = await signIn(UA.chromeWindows, '197.243.12.4')
    const others = [await signIn(UA.safariIphone, '41.243.7.9'), await signIn(UA.edgeMac, '41.243.7.12')]
    const esther = await signIn(UA.firefoxLinux, '41.243.7.10', statementOnlyCustomer)
    const res = await endOthers(a)
    expect(res.body).toEqual({ code: '0', ended: 2, message: api.sessions.endedOthers(2) })
    for (const token of others) expect(await alive(token)).toBe(403)
    expect(await alive(a)).toBe(200)
    expect(await alive(esther)).toBe(200)
    expect((await endOthers(a)).body).toEqual({ code: '0', ended: 0, message: api.sessions.endedOthers(0) })
    expect(api.sessions.endedOthers(1)).toBe('Une autre session a été fermée.')
    for (const token of [a, esther]) await server.call(customerPath('logout'), { token, method: 'POST' })
  })

  it('does not list a session gone idle, though nothing marked it ended yet', async () => {
    const idle = await signIn(UA.firefoxLinux, '41.243.7.13')
    server.clock.advance(6 * 60_000)
    const active = await signIn(UA.chromeWindows, '197.243.12.4')
    server.clock.advance(5 * 60_000)
    const list = (await sessions(active)).body.sessions as { address: string }[]
    expect(list.map((s) => s.address)).toEqual(['197.243.12.4'])
    const [row] = await server.db.query<{ ended_at: Date | null }>("select ended_at from sessions where address = '41.243.7.13'")
    expect(row!.ended_at).toBeNull()
    expect(await alive(idle)).toBe(403)
  })
})

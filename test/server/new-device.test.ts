/**
 * A sign-in from a new device or a new address is told to the customer (issue 27, rulings §9.4), as
 * a PIN block is: a notification naming the browser and the address, an SMS and an e-mail; a
 * sign-in from a device and an address she has used before writes the usual "Nouvelle connexion"
 * and sends nothing. Her first sign-in on record is the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newDevice } from '../../kernel/messages/newDevice.ts'
import { api } from '../../machines/messages.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { deviceKeyOf } from '../../server/domain/new-device.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

const UA = {
  chromeWindows131: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeWindows132: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
  samsungAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
}
const HOME = '197.243.12.4'
const ELSEWHERE = '41.243.7.9'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: true } })
})
afterAll(() => server?.close())

/** Signs the main customer in; what this sign-in wrote: its notification and its messages. */
async function signIn(userAgent: string, address: string) {
  const [row] = await server.db.query<{ last: number }>('select coalesce(max(id), 0)::int as last from outbox')
  const last = row!.last
  server.clock.advance(60_000)
  const res = await server.call('/auth/login', {
    body: { username: mainCustomer.kcode, password: mainCustomer.pin },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  })
  expect(res.status, res.text).toBe(200)
  const list = await server.call(customerPath('notifications?page=0&size=1'), { token: res.body.token })
  const [notice] = list.body.notifications as { title: string; content: string }[]
  const sent = await server.db.query<{ channel: string; recipient: string; subject: string | null; body: string }>(
    'select channel, recipient, subject, body from outbox where id > $1 order by id',
    [last],
  )
  return { notice: notice!, sent }
}

describe('a sign-in from a new device or address', () => {
  it('reads a device as its browser and system without versions, and nothing from what it cannot read', () => {
    expect(deviceKeyOf(UA.chromeWindows131)).toBe('Chrome|Windows')
    expect(deviceKeyOf(UA.chromeWindows132)).toBe(deviceKeyOf(UA.chromeWindows131))
    expect(deviceKeyOf(UA.samsungAndroid)).toBe('Samsung Internet|Android')
    expect(deviceKeyOf('curl/8.5.0')).toBe('')
    expect(deviceKeyOf(undefined)).toBe('')
  })

  it('the first sign-in on record is the reference: the usual notice, nothing sent', async () => {
    const first = await signIn(UA.chromeWindows131, HOME)
    expect(first.notice.title).toBe(api.newLoginTitle)
    expect(first.sent).toEqual([])
  })

  it('the same device (a newer version) at the same address: the usual notice, nothing sent', async () => {
    const again = await signIn(UA.chromeWindows132, HOME)
    expect(again.notice.title).toBe(api.newLoginTitle)
    expect(again.sent).toEqual([])
  })

  it('a new address: the notice names the browser and the address, and an SMS and an e-mail go out', async () => {
    const { notice, sent } = await signIn(UA.chromeWindows131, ELSEWHERE)
    expect(notice.title).toBe(newDevice.title)
    expect(notice.content).toContain('Chrome 131 sur Windows')
    expect(notice.content).toContain(`(adresse ${ELSEWHERE})`)
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', mainCustomer.contact.phone],
      ['email', mainCustomer.contact.email],
    ])
    expect(sent[0]!.body).toContain('Chrome 131 sur Windows')
    expect(sent[0]!.body).toContain(ELSEWHERE)
    expect(sent[1]!.subject).toBe(newDevice.emailSubject)
    expect(sent[1]!.body).toContain(`(adresse ${ELSEWHERE})`)
  })

  it('that address is known from then on', async () => {
    const known = await signIn(UA.chromeWindows131, ELSEWHERE)
    expect(known.notice.title).toBe(api.newLoginTitle)
    expect(known.sent).toEqual([])
  })

  it('a new device at a known address is told too, naming it', async () => {
    const { notice, sent } = await signIn(UA.samsungAndroid, HOME)
    expect(notice.title).toBe(newDevice.title)
    expect(notice.content).toContain('Samsung Internet 25 sur Android 14')
    expect(notice.content).toContain(`(adresse ${HOME})`)
    expect(sent).toHaveLength(2)
  })

  it('a User-Agent it cannot read at a known address decides nothing', async () => {
    const unread = await signIn('curl/8.5.0', HOME)
    expect(unread.notice.title).toBe(api.newLoginTitle)
    expect(unread.sent).toEqual([])
  })

  it('an unreadable User-Agent at a new address is named as an unknown browser', async () => {
    const { notice } = await signIn('curl/8.5.0', '10.20.30.40')
    expect(notice.title).toBe(newDevice.title)
    expect(notice.content).toContain(`${newDevice.unknownDevice} (adresse 10.20.30.40)`)
  })
})

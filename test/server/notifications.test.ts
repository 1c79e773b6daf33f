import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let token: string
let other: string
beforeAll(async () => {
  server = await startTestServer()
  token = await server.signIn()
  other = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const page = (q: string, t = token) => server.call(customerPath(`notifications?${q}`), { token: t })
const show = (id: string, t = token) => server.call(customerPath(`notification/show/${id}`), { token: t })
const size = async (t = token) => (await server.call(customerPath('notification-size'), { token: t })).body.size as number

async function allIds(customerKcode: string) {
  return server.db.query<{ id: string; created_at: Date }>(
    `select n.id::text, n.created_at from notifications n join customers c on c.id = n.customer_id
      where c.kcode = $1 order by n.created_at desc, n.id desc`,
    [customerKcode],
  )
}

describe('GET notifications?page&size', () => {
  it('page 0 size 5 gives the 5 newest, with the total count', async () => {
    const rows = await allIds(mainCustomer.kcode)
    expect(rows.length).toBeGreaterThanOrEqual(15) // 14 demo + the sign-in
    const res = await page('page=0&size=5')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    expect(res.body.count).toBe(rows.length)
    expect(res.body.notifications.map((n: { id: string }) => n.id)).toEqual(rows.slice(0, 5).map((r) => r.id))
    const first = res.body.notifications[0]
    expect(Object.keys(first).sort()).toEqual(['content', 'createdAt', 'id', 'seen', 'title'])
    expect(first.title).toBe(api.newLoginTitle)
    expect(first.seen).toBe(false)
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt)
  })

  it('pages follow each other without overlap, newest first, up to the total', async () => {
    const rows = await allIds(mainCustomer.kcode)
    const seen: string[] = []
    for (let p = 0; p * 5 < rows.length; p++) {
      const res = await page(`page=${p}&size=5`)
      seen.push(...res.body.notifications.map((n: { id: string }) => n.id))
    }
    expect(seen).toEqual(rows.map((r) => r.id))
    const times = rows.map((r) => r.created_at.getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const beyond = await page('page=99&size=5')
    expect(beyond.body).toEqual({ code: '0', notifications: [], count: rows.length })
  })

  it('a customer sees only their own notifications', async () => {
    const mine = new Set((await allIds(mainCustomer.kcode)).map((r) => r.id))
    const theirs = await page('page=0&size=50', other)
    expect(theirs.body.count).toBe((await allIds(statementOnlyCustomer.kcode)).length)
    for (const n of theirs.body.notifications) expect(mine.has(n.id)).toBe(false)
  })

  it('needs a session', async () => {
    expect((await page('page=0&size=5', 'x'.repeat(43))).status).toBe(403)
  })
})

describe('GET notification/show/{id}', () => {
  it('answers the notification, marks it seen and lowers notification-size', async () => {
    const before = await size()
    const list = await page('page=0&size=50')
    const unread = list.body.notifications.find((n: { seen: boolean }) => !n.seen)
    const res = await show(unread.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0', notification: { ...unread, seen: true } })
    expect(await size()).toBe(before - 1)
    // shown again: still seen, the count does not move
    expect((await show(unread.id)).body.notification.seen).toBe(true)
    expect(await size()).toBe(before - 1)
    const again = await page('page=0&size=50')
    expect(again.body.notifications.find((n: { id: string }) => n.id === unread.id).seen).toBe(true)
  })

  it("another customer's notification answers 404 like an unknown one, and stays unseen", async () => {
    const theirs = await allIds(statementOnlyCustomer.kcode)
    const id = theirs[0]!.id
    const res = await show(id)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: api.notFound })
    expect(await show('999999999999')).toMatchObject({ status: 404, body: { message: api.notFound } })
    const [row] = await server.db.query<{ seen_at: Date | null }>('select seen_at from notifications where id = $1::bigint', [id])
    expect(row!.seen_at).toBeNull()
  })
})

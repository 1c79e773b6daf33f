/**
 * spec §4 Notification, on the reference server: "unseen until "afficher" is clicked; the click
 * shows the full content and tells the server it has been seen". Reading the list, however often,
 * marks nothing; GET notification/show/{id} (what "afficher" calls) marks that one notification
 * only, and answers its full content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

interface Item {
  id: string
  title: string
  content: string
  createdAt: string
  seen: boolean
}

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = await server.signIn(mainCustomer)
})
afterAll(() => server?.close())

const size = async () => (await server.call(customerPath('notification-size'), { token })).body.size as number

/** Every notification of the customer, read through the list pages of `pageSize`. */
async function everyNotification(pageSize: number): Promise<Item[]> {
  const items: Item[] = []
  for (let page = 0; ; page++) {
    const res = await server.call(customerPath(`notifications?page=${page}&size=${pageSize}`), { token })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe('0')
    items.push(...(res.body.notifications as Item[]))
    if (items.length >= res.body.count || res.body.notifications.length === 0) return items
  }
}

const seenAtInDb = async (id: string) =>
  (await server.db.query<{ seen_at: Date | null }>('select seen_at from notifications where id = $1::bigint', [id]))[0]!.seen_at

describe('spec §4 Notification on the server: unseen until "afficher" is clicked', () => {
  it('reading the list pages, again and again, leaves every unseen notification unseen', async () => {
    const before = await everyNotification(5)
    const unseen = before.filter((n) => !n.seen)
    expect(unseen.length).toBeGreaterThan(0)
    expect(before.some((n) => n.seen)).toBe(true)
    const countBefore = await size()
    expect(countBefore).toBe(unseen.length)

    for (const pageSize of [5, 3, 50]) {
      const again = await everyNotification(pageSize)
      expect(again.map((n) => [n.id, n.seen])).toEqual(before.map((n) => [n.id, n.seen]))
    }
    expect(await size()).toBe(countBefore)
    for (const n of unseen) expect(await seenAtInDb(n.id)).toBeNull()
  })

  it('the click (GET notification/show/{id}) answers the full content and marks that notification seen, and no other', async () => {
    const before = await everyNotification(5)
    const target = before.find((n) => !n.seen)!
    const countBefore = await size()

    const res = await server.call(customerPath(`notification/show/${target.id}`), { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0', notification: { ...target, seen: true } })
    expect(res.body.notification.content).toBe(target.content)
    expect(await seenAtInDb(target.id)).not.toBeNull()

    const after = await everyNotification(5)
    expect(after.map((n) => [n.id, n.seen])).toEqual(before.map((n) => [n.id, n.id === target.id ? true : n.seen]))
    expect(await size()).toBe(countBefore - 1)
  })
})

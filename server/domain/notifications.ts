/** The customer's notifications (spec §2 /app/notification); the list comes with a later issue. */
import type { Queryable } from '../db/db.ts'

export async function addNotification(
  q: Queryable,
  customerId: string,
  notification: { title: string; content: string; createdAt: Date },
): Promise<void> {
  await q.query('insert into notifications (customer_id, title, content, created_at) values ($1, $2, $3, $4)', [
    customerId,
    notification.title,
    notification.content,
    notification.createdAt,
  ])
}

export async function unreadCount(q: Queryable, customerId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from notifications where customer_id = $1 and seen_at is null',
    [customerId],
  )
  return row?.n ?? 0
}

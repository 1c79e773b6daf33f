/** The customer's notifications (spec §2 /app/notification; REQ-CHOICE-11): written by security events and transfers, listed by page, shown (and marked seen) one at a time. */
import type { Queryable } from '../db/db.ts'

export async function addNotification(q: Queryable, customerId: string, notification: { title: string; content: string; createdAt: Date }): Promise<void> {
  await q.query('insert into notifications (customer_id, title, content, created_at) values ($1, $2, $3, $4)', [
    customerId,
    notification.title,
    notification.content,
    notification.createdAt,
  ])
}

/** Several notifications in one statement (a transfer's: the sender's and the receiver's), in their order. */
export async function addNotifications(
  q: Queryable,
  notifications: readonly { customerId: string; title: string; content: string; createdAt: Date }[],
): Promise<void> {
  if (notifications.length === 0) return
  await q.query(
    `insert into notifications (customer_id, title, content, created_at)
     select customer_id, title, content, created_at
       from unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[]) with ordinality as n (customer_id, title, content, created_at, ord)
      order by ord`,
    [
      notifications.map((n) => n.customerId),
      notifications.map((n) => n.title),
      notifications.map((n) => n.content),
      notifications.map((n) => n.createdAt.toISOString()),
    ],
  )
}

export async function unreadCount(q: Queryable, customerId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from notifications where customer_id = $1 and seen_at is null', [customerId])
  return row?.n ?? 0
}

export interface NotificationView {
  id: string
  title: string
  content: string
  createdAt: string
  seen: boolean
}

type Row = { id: string; title: string; content: string; created_at: Date; seen: boolean }
const view = (r: Row): NotificationView => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  seen: r.seen,
})

/** One page (zero-based) of the customer's notifications, newest first (ties: newest id first), and the total. */
export async function listNotifications(
  q: Queryable,
  customerId: string,
  page: number,
  size: number,
): Promise<{ notifications: NotificationView[]; count: number }> {
  const rows = await q.query<Row>(
    `select id::text, title, content, created_at, seen_at is not null as seen
       from notifications where customer_id = $1
      order by created_at desc, id desc limit $2 offset $3`,
    [customerId, size, page * size],
  )
  const [total] = await q.query<{ n: number }>('select count(*)::int as n from notifications where customer_id = $1', [customerId])
  return { notifications: rows.map(view), count: total?.n ?? 0 }
}

/**
 * One notification of the customer's, marked seen (REQ-NOTIF-01; the first reading's time is kept). Another
 * customer's id answers null, exactly like an unknown one.
 */
export async function showNotification(q: Queryable, customerId: string, id: string, now: Date): Promise<NotificationView | null> {
  const [row] = await q.query<Row>(
    `update notifications set seen_at = coalesce(seen_at, $3)
      where id = $1::bigint and customer_id = $2
      returning id::text, title, content, created_at, true as seen`,
    [id, customerId, now],
  )
  return row ? view(row) : null
}

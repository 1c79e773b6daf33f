/**
 * SMS and e-mails (rulings §4): written to the outbox in the transaction of the change that
 * causes them, so that a code is never sent for a change that was rolled back (nor lost for one
 * that was committed). A sender delivers them; in demo mode /__dev/outbox shows them instead.
 */
import type { Queryable } from '../db/db.ts'

export type Channel = 'sms' | 'email'

export interface OutboxMessage {
  channel: Channel
  to: string
  text: string
  createdAt: string
}

export async function enqueueMessage(q: Queryable, message: { channel: Channel; to: string; text: string; subject?: string; createdAt?: Date }): Promise<void> {
  await q.query('insert into outbox (channel, recipient, subject, body, created_at) values ($1, $2, $3, $4, coalesce($5, now()))', [
    message.channel,
    message.to,
    message.subject ?? null,
    message.text,
    message.createdAt ?? null,
  ])
}

type NewMessage = { channel: Channel; to: string; text: string; subject?: string; createdAt?: Date }

/** Several messages in one statement (a transfer's SMS and e-mail), in their order. */
export async function enqueueMessages(q: Queryable, messages: readonly NewMessage[]): Promise<void> {
  if (messages.length === 0) return
  await q.query(
    `insert into outbox (channel, recipient, subject, body, created_at)
     select channel, recipient, subject, body, coalesce(created_at, now())
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) with ordinality as m (channel, recipient, subject, body, created_at, ord)
      order by ord`,
    [
      messages.map((m) => m.channel),
      messages.map((m) => m.to),
      messages.map((m) => m.subject ?? null),
      messages.map((m) => m.text),
      // text rather than Date: both drivers pass an array of ISO strings alike
      messages.map((m) => m.createdAt?.toISOString() ?? null),
    ],
  )
}

/** Newest first. */
export async function listOutbox(q: Queryable, limit = 200): Promise<OutboxMessage[]> {
  const rows = await q.query<{ channel: Channel; recipient: string; body: string; created_at: Date }>(
    'select channel, recipient, body, created_at from outbox order by created_at desc, id desc limit $1',
    [limit],
  )
  return rows.map((r) => ({ channel: r.channel, to: r.recipient, text: r.body, createdAt: r.created_at.toISOString() }))
}

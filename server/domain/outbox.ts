/**
 * SMS and e-mails (rulings §4, REQ-SERVER-09): written to the outbox in the transaction of the change that
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

/** A message to write to the outbox: an SMS or an e-mail (with its subject), dated now unless told. */
export interface NewMessage {
  channel: Channel
  to: string
  text: string
  subject?: string
  createdAt?: Date
}

export async function enqueueMessage(q: Queryable, message: NewMessage): Promise<void> {
  await q.query('insert into outbox (channel, recipient, subject, body, created_at) values ($1, $2, $3, $4, coalesce($5, now()))', [
    message.channel,
    message.to,
    message.subject ?? null,
    message.text,
    message.createdAt ?? null,
  ])
}

/** Newest first. */
export async function listOutbox(q: Queryable, limit = 200): Promise<OutboxMessage[]> {
  const rows = await q.query<{ channel: Channel; recipient: string; body: string; created_at: Date }>(
    'select channel, recipient, body, created_at from outbox order by created_at desc, id desc limit $1',
    [limit],
  )
  return rows.map((r) => ({ channel: r.channel, to: r.recipient, text: r.body, createdAt: r.created_at.toISOString() }))
}

/**
 * The channels the writing process delivers itself, and its lease (delivery/sender.ts): a
 * transfer's ask and confirm write their messages of these channels leased to the process
 * (migration 054), which sends them at once, with no claim. No channel: every message is written
 * due, for any sender's poll.
 */
export interface Lease {
  channels: readonly Channel[]
  seconds: number
}

/** A message written leased to this process: what its sender needs to send it. */
export interface LeasedMessage {
  id: string
  channel: Channel
  recipient: string
  subject: string | null
  body: string
  attempts: number
}

/** The messages a transfer function wrote and answered (migrations 055, 060), in their order. */
export type WrittenColumns = {
  channels: Channel[] | null
  recipients: string[] | null
  subjects: (string | null)[] | null
  bodies: string[] | null
}

export const writtenMessages = (row: WrittenColumns): NewMessage[] =>
  (row.channels ?? []).map((channel, i) => ({
    channel,
    to: row.recipients![i]!,
    ...(row.subjects![i] ? { subject: row.subjects![i]! } : {}),
    text: row.bodies![i]!,
  }))

/** The leased ones of `messages`, written in that order with `ids` (outbox_write, migration 054). */
export function leasedMessages(messages: readonly NewMessage[], ids: readonly string[], lease: Lease | undefined): LeasedMessage[] {
  if (!lease) return []
  return messages.flatMap((m, i) =>
    lease.channels.includes(m.channel) ? [{ id: ids[i]!, channel: m.channel, recipient: m.to, subject: m.subject ?? null, body: m.text, attempts: 1 }] : [],
  )
}

/**
 * The outbox sender (rulings §4: "a sender delivers them"; REQ-SERVER-09). Every server process runs one when
 * delivery is configured; they share the work through the database:
 *
 * - a sender claims a few due messages in one statement (`FOR UPDATE SKIP LOCKED`: two
 *   senders never claim the same row) and moves their `next_attempt_at` a lease ahead, so that no
 *   other sender takes them while this one sends — no transaction stays open during the network
 *   call (PGlite has one connection; PostgreSQL row locks should not wait on an SMTP server);
 * - after the sends of a round, the rows sent become 'sent' in one statement (not one per
 *   message: under load a round holds many, and each statement is a round trip to the database);
 *   after a failure a row waits a backoff that doubles per
 *   attempt (OUTBOX_RETRY_BASE_MS × 2^(attempts−1), at most 15 minutes) and, after
 *   OUTBOX_MAX_ATTEMPTS failures, becomes 'dead' with its last error, for the bank to look at.
 *
 * Delivery is at least once: a process killed between a send and its round's 'sent' write leaves the
 * message to be sent again when the lease ends (the e-mail's Message-ID and the SMS's
 * Idempotency-Key carry the outbox id, so a receiver can drop the repeat).
 */
import type { Db } from '../db/db.ts'
import type { Lease, LeasedMessage } from '../domain/outbox.ts'
import type { OutgoingMessage, Send } from './channels.ts'

/** Longer than a send's time limit (channels.ts), so that a lease does not end during its send. */
const LEASE_SECONDS = 60
const MAX_BACKOFF_MS = 15 * 60_000
const BATCH = 10

export interface SenderOptions {
  db: Db
  channels: Partial<Record<OutgoingMessage['channel'], Send>>
  pollMs: number
  maxAttempts: number
  retryBaseMs: number
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void }
  /** Told of each outcome (metrics). */
  onOutcome?: (channel: OutgoingMessage['channel'], outcome: 'sent' | 'failed' | 'dead') => void
}

export interface Sender {
  /** One round: claims and sends what is due; answers how many were handled. */
  drain(): Promise<number>
  /** A message was written: a round now (or right after the one running) instead of at the next poll. */
  wake(): void
  start(): void
  stop(): Promise<void>
}

/** The whole sender: its channel loops, and the messages its own process wrote leased to it. */
export interface OutboxSender extends Sender {
  /**
   * The channels it delivers and its lease, while it runs: the transfer paths write their messages
   * of these channels leased to it (migration 054). Undefined when stopped or without a channel.
   */
  lease(): Lease | undefined
  /**
   * Messages this process wrote leased to itself: sent now, with no claim; the sent ones are
   * marked in one statement with those of the other sends that finished meanwhile; a failure waits
   * its backoff as after a claim. Beyond OWN_SENDS_MAX in flight on a channel, handed to the poll.
   * Stopped, it sends nothing: the leases end and a poll sends them.
   */
  deliver(rows: readonly LeasedMessage[]): void
}

type Claimed = {
  id: string
  channel: OutgoingMessage['channel']
  recipient: string
  subject: string | null
  body: string
  attempts: number
}

export function createSender(options: SenderOptions): OutboxSender {
  // One loop per channel: an SMS (a transfer's code, awaited by a customer) never waits for the
  // round trip of an e-mail claimed in the same round, nor for a slow SMTP server.
  const channels = Object.keys(options.channels) as OutgoingMessage['channel'][]
  const loops = channels.map((channel) => channelLoop(options, channel))
  const send = sendOneOf(options)
  const sent = sentMarks(options)
  const inFlight = new Set<Promise<unknown>>()
  /** The process's own sends (deliver) not ended yet, per channel. */
  const ownSends: Partial<Record<OutgoingMessage['channel'], number>> = {}
  let stopped = true
  const lease: Lease = { channels, seconds: LEASE_SECONDS }
  return {
    lease: () => (stopped || channels.length === 0 ? undefined : lease),
    drain: async () => (await Promise.all(loops.map((l) => l.drain()))).reduce((sum, n) => sum + n, 0),
    wake: () => loops.forEach((l) => l.wake()),
    deliver(rows) {
      if (stopped) return
      const handedBack: LeasedMessage[] = []
      for (const row of rows) {
        if ((ownSends[row.channel] ?? 0) >= OWN_SENDS_MAX) {
          handedBack.push(row)
          continue
        }
        ownSends[row.channel] = (ownSends[row.channel] ?? 0) + 1
        const sending: Promise<unknown> = send(row).then(
          (ok) => ok && sent.add(row),
          // Its failure could not be written (the database gone a moment): the lease ends, and a poll sends it.
          (error: unknown) => options.log.warn({ outboxId: row.id, error: error instanceof Error ? error.message : String(error) }, 'outbox message not sent'),
        )
        inFlight.add(sending)
        void sending.finally(() => {
          inFlight.delete(sending)
          ownSends[row.channel]! -= 1
        })
      }
      if (handedBack.length) void handBack(options, handedBack).then(() => loops.forEach((l) => l.wake()))
    },
    start: () => {
      stopped = false
      loops.forEach((l) => l.start())
    },
    stop: async () => {
      stopped = true
      await Promise.all([...loops.map((l) => l.stop()), ...inFlight])
      await sent.idle()
    },
  }
}

/**
 * A process's own sends (deliver) in flight per channel, at most. Past it, a receiver is slower than
 * the transfers it is given (an SMTP server that takes a second an e-mail, a gateway that hangs):
 * the messages beyond are handed back to the poll, which sends them a round of BATCH at a time as
 * the receiver takes them. Without a bound they queued in the process (its memory, and for SMS a
 * socket each) for as long as the receiver was slow. (That no send starts after its lease ended:
 * an SMS starts at once and has its time limit; an e-mail waits at most smtp-connections.ts's
 * WAIT_LIMIT_MS for a connection.) 500 rather than 100: with the bench's 50 clients a process
 * confirms ~180 transfers a second, 360 e-mails, and their last ones leave ~0.5 s late; 100 in
 * flight would hand to the poll e-mails its five connections were about to send.
 */
export const OWN_SENDS_MAX = 500

/**
 * Messages written leased to this process that it will not send itself: due now, for any
 * sender's poll, their attempt given back (the claim counts it again). Should the write fail (the
 * database gone a moment), their lease ends and a poll sends them then.
 */
async function handBack(options: SenderOptions, rows: readonly LeasedMessage[]): Promise<void> {
  try {
    await options.db.query("update outbox set next_attempt_at = now(), attempts = attempts - 1 where id = any($1::bigint[]) and state = 'pending'", [
      rows.map((r) => r.id),
    ])
    options.log.warn(
      { messages: rows.length, channels: [...new Set(rows.map((r) => r.channel))] },
      'outbox receiver slower than this process’s own messages: handed to the poll',
    )
  } catch (error) {
    options.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'outbox messages not handed back; they go when their lease ends')
  }
}

/**
 * How long the 'sent' marks of a process's own sends wait to share one statement. Nobody waits for
 * a mark (the message is out; the mark only keeps the poll from sending it again once its lease
 * ends, a minute later), so under load one statement marks the sends of many transfers instead
 * of one statement per send (two per ask and two per confirm: the SMS and the e-mail end apart).
 * At 20 ms a process under load still wrote about one mark for every two transfers (issue 23:
 * 0.6 of a complete transfer's round trips to the database); at 250 ms, one for dozens. The price:
 * a process killed meanwhile leaves up to 250 ms of sends to go again once their lease ends (at
 * least once, as after any crash).
 */
const MARK_EVERY_MS = 250

/**
 * The 'sent' marks of the messages a process sent on its own (deliver): one statement for all
 * those whose send ended within MARK_EVERY_MS. Should it fail (the database gone a moment), their
 * leases end and they are sent again: at least once, as after a crash. On stop, written at once.
 */
function sentMarks(options: SenderOptions): { add(row: LeasedMessage): void; idle(): Promise<void> } {
  let queued: LeasedMessage[] = []
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()
  const write = async () => {
    timer = undefined
    const rows = queued
    queued = []
    if (!rows.length) return
    try {
      await markSent(options, rows)
    } catch (error) {
      options.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'outbox sent marks not written; the messages will go again')
    }
  }
  return {
    add(row) {
      queued.push(row)
      timer ??= setTimeout(() => void (writing = writing.then(write)), MARK_EVERY_MS)
    },
    idle() {
      clearTimeout(timer)
      writing = writing.then(write)
      return writing
    },
  }
}

/**
 * Messages sent, marked 'sent' in one statement, and said in one log line (their ids, how many of
 * each channel): one line per statement rather than one per message, which at the product's default
 * level was four of a complete transfer's nine lines (docs/decisions.md, "One log line a call").
 */
async function markSent(options: SenderOptions, rows: readonly { id: string; channel: OutgoingMessage['channel'] }[]): Promise<void> {
  await options.db.query("update outbox set state = 'sent', sent_at = now(), last_error = null where id = any($1::bigint[])", [rows.map((r) => r.id)])
  const channels: Partial<Record<OutgoingMessage['channel'], number>> = {}
  for (const row of rows) {
    options.onOutcome?.(row.channel, 'sent')
    channels[row.channel] = (channels[row.channel] ?? 0) + 1
  }
  options.log.info({ outboxIds: rows.map((r) => r.id), channels }, 'outbox messages sent')
}

/** Sends one claimed (or leased) message; answers whether it was sent (a failure is written here, with its backoff). */
function sendOneOf(options: SenderOptions): (row: Claimed) => Promise<boolean> {
  const { db, maxAttempts, retryBaseMs, log } = options
  return async (row) => {
    const send = options.channels[row.channel]!
    try {
      await send({ id: row.id, channel: row.channel, to: row.recipient, subject: row.subject, text: row.body })
      return true
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (row.attempts >= maxAttempts) {
        await db.query("update outbox set state = 'dead', last_error = $2 where id = $1", [row.id, message.slice(0, 500)])
        options.onOutcome?.(row.channel, 'dead')
        log.error({ outboxId: row.id, channel: row.channel, attempts: row.attempts, error: message }, 'outbox message dead after its last attempt')
      } else {
        const backoffMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS)
        await db.query('update outbox set next_attempt_at = now() + make_interval(secs => $2), last_error = $3 where id = $1', [
          row.id,
          backoffMs / 1000,
          message.slice(0, 500),
        ])
        options.onOutcome?.(row.channel, 'failed')
        log.warn({ outboxId: row.id, channel: row.channel, attempts: row.attempts, error: message }, 'outbox message not sent; will retry')
      }
      return false
    }
  }
}

function channelLoop(options: SenderOptions, channel: OutgoingMessage['channel']): Sender {
  const { db, pollMs, log } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = true
  /** A round is running (a wake then asks for another right after it). */
  let busy = false
  let wokenWhileBusy = false

  // One statement, atomic by itself: no BEGIN and COMMIT around it (two round trips a round).
  const claim = () =>
    db.query<Claimed>(
      `update outbox o set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => $3)
       where o.id in (
         select id from outbox where state = 'pending' and next_attempt_at <= now() and channel = $1
         order by next_attempt_at, id limit $2 for update skip locked)
       returning o.id::text, o.channel, o.recipient, o.subject, o.body, o.attempts`,
      [channel, BATCH, LEASE_SECONDS],
    )

  const sendOne = sendOneOf(options)

  const drain = async () => {
    const rows = await claim()
    const outcomes = await Promise.all(rows.map(sendOne))
    const sent = rows.filter((_, i) => outcomes[i])
    // The round's sent messages in one statement. Should it fail (the database gone a moment),
    // their leases end and they are sent again: at least once, as after a crash.
    if (sent.length) await markSent(options, sent)
    return rows.length
  }

  const tick = () => {
    if (stopped) return
    busy = true
    wokenWhileBusy = false
    running = drain()
      .catch((error: unknown) => log.warn({ error: error instanceof Error ? error.message : String(error) }, 'outbox sender round failed'))
      .then((handled) => {
        busy = false
        if (!stopped) timer = setTimeout(tick, handled === BATCH || wokenWhileBusy ? 0 : pollMs)
      })
  }

  return {
    drain,
    wake() {
      if (stopped) return
      if (busy) wokenWhileBusy = true
      else {
        clearTimeout(timer)
        tick()
      }
    },
    start() {
      if (!stopped) return
      stopped = false
      tick()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

/**
 * The e-mails' SMTP connections, kept open and reused, each e-mail handed to nodemailer's own
 * SMTPConnection (its greeting, EHLO, STARTTLS, AUTH, pipelined envelope, dot-stuffing and
 * terminator) as the bytes email-message.ts composed. nodemailer's pooled transport did the same
 * exchange but first built, for every e-mail, a mail object, a MIME node around the raw bytes, an
 * address parse of the envelope, a message id of five random draws and a chain of streams:
 * measured on the bench's machine (27 November, 1,500 e-mails one after the other to the bench's
 * SMTP receiver in another process) 0.42–0.62 ms of the sender's CPU an e-mail through the
 * transport, 0.15 ms through the connection; two e-mails a complete transfer.
 *
 * Only for a URL of plain settings (smtp: or smtps:, host, port, user and password, the time limits,
 * `tls.*`, `ignoreTLS`, `requireTLS`, `name`); any other (pool=false, a service name, a proxy,
 * OAuth2…) keeps nodemailer's transport (channels.ts), which knows them.
 *
 * At most `max` connections at once; an e-mail waits for a free one, at most WAIT_LIMIT_MS (then
 * it fails unsent, and the outbox sends it later). A connection that fails or
 * that the receiver or its idle time limit (socketTimeout) closes is dropped, and the next e-mail
 * opens a new one. An e-mail whose reused connection turns out closed before it could be sent goes
 * once more over a new connection (as nodemailer's pool requeued it); any other failure is the
 * sender's, which retries the message later (the outbox: at least once).
 */
import type SMTPConnection from 'nodemailer/lib/smtp-connection'

export interface SmtpEnvelope {
  from: string
  to: string[]
}

export interface SmtpConnections {
  send(envelope: SmtpEnvelope, raw: Buffer): Promise<void>
  /** Closes the idle connections (those sending close when done). */
  close(): void
}

/** The settings a plain URL may carry, as nodemailer reads them. */
const PLAIN = new Set(['secure', 'host', 'port', 'auth', 'connectionTimeout', 'greetingTimeout', 'socketTimeout', 'tls', 'ignoreTLS', 'requireTLS', 'name'])

/**
 * The longest an e-mail waits for a free connection before it is given back to the outbox unsent
 * (the sender writes its backoff; a poll sends it later). An e-mail written leased to its process
 * has 60 s (sender.ts, LEASE_SECONDS): one that waited past its lease behind a slow receiver
 * would be sent by another process's poll as well. A third of it leaves a send its time limit
 * (channels.ts, 10 s) and the backoff's write.
 */
const WAIT_LIMIT_MS = 20_000

/** Errors of the connection itself (nothing of the message was refused by the receiver). */
const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EPROTOCOL'])

interface Kept {
  connection: SMTPConnection
  open: boolean
  sent: number
}

/**
 * The connections of one SMTP URL, or undefined when the URL asks for more than this knows
 * (channels.ts then uses nodemailer's transport).
 */
export async function smtpConnections(url: string, max: number, waitLimitMs = WAIT_LIMIT_MS): Promise<SmtpConnections | undefined> {
  const [{ parseConnectionUrl }, { default: Connection }] = await Promise.all([import('nodemailer/lib/shared'), import('nodemailer/lib/smtp-connection')])
  const { pool, maxConnections, ...options } = parseConnectionUrl(url) as SMTPConnection.Options & {
    auth?: { user: string; pass: string }
    pool?: unknown
    maxConnections?: unknown
  }
  if (pool === false || !Object.keys(options).every((key) => PLAIN.has(key))) return undefined
  if (typeof maxConnections === 'number' && maxConnections >= 1) max = Math.floor(maxConnections)
  const auth = options.auth
  const idle: Kept[] = []
  const waiting: ((kept: Promise<Kept>) => void)[] = []
  let count = 0

  const drop = (kept: Kept) => {
    if (!kept.open) return
    kept.open = false
    count--
    const at = idle.indexOf(kept)
    if (at >= 0) idle.splice(at, 1)
    kept.connection.close()
    // A waiting e-mail gets the slot this connection held.
    const next = waiting.shift()
    if (next) {
      count++
      next(connect())
    }
  }

  async function connect(): Promise<Kept> {
    const connection = new Connection(options)
    const kept: Kept = { connection, open: true, sent: 0 }
    try {
      let ready = false
      await new Promise<void>((resolve, reject) => {
        // An error or an end before the connection is ready fails it; after, they drop it (idle
        // time limit, the receiver's close); a send in flight also gets its error by its callback.
        connection.on('error', (error: Error) => (ready ? drop(kept) : reject(error)))
        connection.once('end', () => (ready ? drop(kept) : reject(new Error('SMTP: the connection closed before it was ready'))))
        connection.connect((error?: Error) => {
          if (error) return reject(error)
          if (!auth) {
            ready = true
            return resolve()
          }
          connection.login(auth, (error) => {
            if (error) return reject(error)
            ready = true
            resolve()
          })
        })
      })
    } catch (error) {
      drop(kept)
      throw error
    }
    return kept
  }

  function take(): Promise<Kept> {
    const kept = idle.pop()
    if (kept) return Promise.resolve(kept)
    if (count < max) {
      count++
      return connect()
    }
    return new Promise((resolve) => waiting.push((next) => resolve(next)))
  }

  function give(kept: Kept) {
    if (!kept.open) return
    const next = waiting.shift()
    if (next) next(Promise.resolve(kept))
    else idle.push(kept)
  }

  function sendOn(kept: Kept, envelope: SmtpEnvelope, raw: Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      // An envelope of its own for each send: SMTPConnection keeps the object it is given as the
      // send's state and writes on it (the recipients accepted and refused, the pipelining flag).
      // Two sends on two connections given one object reset each other's accepted list, and a
      // send whose recipient the receiver had accepted failed as "all recipients were rejected"
      // (what took these kept connections out on 27 November, before the cause was found).
      kept.connection.send({ from: envelope.from, to: [...envelope.to] }, raw, (error) => {
        kept.sent++
        if (error) {
          drop(kept)
          return reject(error)
        }
        give(kept)
        resolve()
      }),
    )
  }

  return {
    async send(envelope, raw) {
      const asked = performance.now()
      // Every connection busy: this e-mail waits in line for one (connecting is not waiting).
      const inLine = idle.length === 0 && count >= max
      const kept = await take()
      if (inLine && performance.now() - asked > waitLimitMs) {
        give(kept)
        throw new Error(`SMTP: no connection free within ${waitLimitMs} ms (the receiver is slow); the message waits its turn in the outbox`)
      }
      const reused = kept.sent > 0
      try {
        await sendOn(kept, envelope, raw)
      } catch (error) {
        const code = (error as { code?: string }).code
        // A kept connection the receiver had closed meanwhile: once more on a new one.
        if (!reused || !code || !CONNECTION_ERRORS.has(code)) throw error
        await sendOn(await take(), envelope, raw)
      }
    },
    close() {
      for (const kept of [...idle]) drop(kept)
    },
  }
}

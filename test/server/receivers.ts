/**
 * Real receivers for the delivery tests: an SMTP server (the smtp-server package, in-process on a
 * free port, no TLS) and an SMS gateway (node:http answering the generic JSON POST), each able to
 * refuse the next N deliveries as a failing receiver would.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface SmtpReceiver {
  url: string
  mails: ReceivedMail[]
  refused: number
  /** The next `n` messages are refused with a temporary error (451). */
  refuseNext(n: number): void
  close(): Promise<void>
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  let toRefuse = 0
  const receiver: Omit<SmtpReceiver, 'url' | 'close'> = { mails: [], refused: 0, refuseNext: (n) => void (toRefuse = n) }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1
          receiver.refused += 1
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
        }
        receiver.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpReceiver
}

export interface ReceivedSms {
  to: string
  text: string
  idempotencyKey: string | undefined
  authorization: string | undefined
}

export interface SmsGateway {
  url: string
  accepted: ReceivedSms[]
  refused: number
  /** The next `n` requests answer HTTP 500 (Infinity: every one). */
  refuseNext(n: number): void
  /** Requests received, answered or not. */
  arrived: number
  /** A gateway that hangs: no request is answered until the function given back is called. */
  holdAnswers(): () => void
  close(): Promise<void>
}

export async function startSmsGateway(): Promise<SmsGateway> {
  let toRefuse = 0
  let held: (() => void)[] | undefined
  const gateway: Omit<SmsGateway, 'url' | 'close'> = {
    accepted: [],
    refused: 0,
    refuseNext: (n) => void (toRefuse = n),
    arrived: 0,
    holdAnswers() {
      held = []
      return () => {
        const answers = held ?? []
        held = undefined
        answers.forEach((answer) => answer())
      }
    },
  }
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      gateway.arrived += 1
      if (held) held.push(answer)
      else answer()
    })
    function answer() {
      if (toRefuse > 0) {
        toRefuse -= 1
        gateway.refused += 1
        res.writeHead(500).end('{"error":"gateway down"}')
        return
      }
      const { to, text } = JSON.parse(body) as { to: string; text: string }
      gateway.accepted.push({
        to,
        text,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      })
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(gateway, {
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmsGateway
}

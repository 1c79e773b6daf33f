/**
 * The e-mails' kept SMTP connections (server/delivery/smtp-connections.ts), against a real SMTP
 * receiver (smtp-server) that counts its connections and can refuse a message or close them.
 */
import type { AddressInfo, Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpConnections } from '../../server/delivery/smtp-connections.ts'

const envelope = { from: 'portail@banque.example', to: ['jean@client.example'] }
const message = (n: number) => Buffer.from(`Message-ID: <outbox-${n}@banque.example>\r\nSubject: Code\r\n\r\nCode ${n}\r\n.\r\nfin\r\n`)

let server: SMTPServer
let url: string
let connections = 0
let refuseNext = 0
/** While set, a message's final answer waits until releaseData(): a slow receiver. */
let holdData = false
const held: (() => void)[] = []
const releaseData = () => {
  holdData = false
  held.splice(0).forEach((end) => end())
}
const received: string[] = []
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS lookup of each new connection (~0.1 s here): the bursts below open many.
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      connections++
      callback()
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => (holdData ? held.push(end) : end()))
      function end() {
        if (refuseNext > 0) {
          refuseNext--
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
        }
        received.push(Buffer.concat(chunks).toString('utf8'))
        callback()
      }
    },
  })
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('kept SMTP connections', () => {
  it('carry many e-mails over at most the connections allowed, each message as given (dots stuffed, then undone)', async () => {
    const smtp = (await smtpConnections(url, 2))!
    const before = connections
    received.length = 0
    await Promise.all(Array.from({ length: 20 }, (_, n) => smtp.send(envelope, message(n))))
    expect(received).toHaveLength(20)
    expect(received).toContain(message(7).toString('utf8'))
    expect(connections - before).toBeLessThanOrEqual(2)
    expect(connections - before).toBeGreaterThanOrEqual(1)
    smtp.close()
  })

  it('concurrent sends given one envelope object each get their own: 30 bursts of twenty over two new connections, every e-mail taken', async () => {
    // nodemailer's SMTPConnection writes a send's state on the envelope it is given; shared, two
    // sends starting together on two new connections reset each other's accepted recipients, and
    // one failed as "all recipients were rejected" (about one burst in eight before each send got
    // its own copy).
    for (let burst = 0; burst < 30; burst++) {
      const smtp = (await smtpConnections(url, 2))!
      received.length = 0
      await Promise.all(Array.from({ length: 20 }, (_, n) => smtp.send(envelope, message(burst * 100 + n))))
      expect(received).toHaveLength(20)
      smtp.close()
    }
  })

  it('an e-mail that waited past the limit for a free connection fails unsent (the outbox sends it later); the connection serves the next', async () => {
    const smtp = (await smtpConnections(url, 1, 100))!
    received.length = 0
    holdData = true
    const first = smtp.send(envelope, message(1))
    const second = smtp.send(envelope, message(2)).then(
      () => 'sent',
      (error: Error) => error.message,
    )
    await new Promise((resolve) => setTimeout(resolve, 250))
    releaseData()
    await first
    expect(await second).toMatch(/no connection free within 100 ms/)
    await smtp.send(envelope, message(3))
    expect(received).toEqual([message(1).toString('utf8'), message(3).toString('utf8')])
    smtp.close()
  })

  it('a refused message fails its send alone; the next goes through', async () => {
    const smtp = (await smtpConnections(url, 1))!
    received.length = 0
    refuseNext = 1
    await expect(smtp.send(envelope, message(1))).rejects.toMatchObject({ responseCode: 451 })
    await smtp.send(envelope, message(2))
    expect(received).toEqual([message(2).toString('utf8')])
    smtp.close()
  })

  it('a connection the receiver closed while it was idle is replaced: the e-mail goes out on a new one', async () => {
    const smtp = (await smtpConnections(url, 1))!
    received.length = 0
    await smtp.send(envelope, message(1))
    const before = connections
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    await smtp.send(envelope, message(2))
    expect(received).toEqual([message(1).toString('utf8'), message(2).toString('utf8')])
    expect(connections - before).toBe(1)
    smtp.close()
  })

  it('no receiver: the send fails (the outbox retries it later)', async () => {
    const smtp = (await smtpConnections('smtp://127.0.0.1:1?connectionTimeout=2000', 1))!
    await expect(smtp.send(envelope, message(1))).rejects.toThrow()
  })

  it('leaves a URL of other settings to nodemailer’s transport', async () => {
    expect(await smtpConnections(`${url}?pool=false`, 2)).toBeUndefined()
    expect(await smtpConnections(`${url}?service=gmail`, 2)).toBeUndefined()
    expect(await smtpConnections(`${url}?socketTimeout=5000&tls.rejectUnauthorized=false`, 2)).toBeDefined()
  })
})

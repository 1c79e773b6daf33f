/**
 * The PostgreSQL figures' SMTP receiver: it stands for the bank's mail relay, which runs on a
 * machine of its own, and here shares the 2 cores with the servers and PostgreSQL measured — what
 * it spends is taken from the product. So it is a receiver of its own rather than the smtp-server
 * package the tests use (test/server/receivers.ts): the same SMTP on the wire (RFC 5321 with
 * PIPELINING, RFC 2920: the servers send the envelope and DATA in one write), each message
 * received whole, its dot-stuffing undone and counted, at less than half of smtp-server’s CPU a
 * message (measured 28 November: 0.06–0.07 ms against 0.15, two a transfer). It is not a mail server:
 * no TLS, no AUTH, no size limit, no check of the addresses — the tests' receiver covers what the
 * servers do with those.
 */
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface SinkMail {
  to: string[]
  raw: string
}

export interface SmtpSink {
  url: string
  mails: SinkMail[]
  close(): Promise<void>
}

const EHLO = '250-bench.invalid\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n'
/** The end of a message's data (RFC 5321 §4.1.1.4), and the same at the very start of the data. */
const END = '\r\n.\r\n'

/** One connection: commands line by line; after DATA's 354, bytes up to the lone dot. */
function serve(socket: Socket, mails: SinkMail[]): void {
  // latin1: one char a byte, so that the data's CRLF and dots are found whatever its encoding.
  socket.setEncoding('latin1')
  socket.setNoDelay(true)
  let pending = ''
  let inData = false
  let from: string | undefined
  let to: string[] = []
  socket.on('error', () => socket.destroy())
  socket.on('data', (chunk: string) => {
    pending += chunk
    // The replies to a pipelined batch go out in one write.
    let replies = ''
    for (;;) {
      if (inData) {
        const end = pending.startsWith('.\r\n') ? -2 : pending.indexOf(END)
        if (end === -1) break
        const data = end === -2 ? '' : pending.slice(0, end + 2)
        pending = pending.slice(end + END.length)
        inData = false
        mails.push({ to, raw: Buffer.from(data.replace(/^\.\./gm, '.'), 'latin1').toString('utf8') })
        from = undefined
        to = []
        replies += '250 2.0.0 OK: queued\r\n'
        continue
      }
      const eol = pending.indexOf('\r\n')
      if (eol === -1) break
      const line = pending.slice(0, eol)
      pending = pending.slice(eol + 2)
      const verb = line.slice(0, 4).toUpperCase()
      if (verb === 'EHLO') replies += EHLO
      else if (verb === 'HELO') replies += '250 bench.invalid\r\n'
      else if (verb === 'MAIL') {
        from = line
        to = []
        replies += '250 2.1.0 OK\r\n'
      } else if (verb === 'RCPT') {
        if (from === undefined) replies += '503 5.5.1 MAIL first\r\n'
        else {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          replies += '250 2.1.5 OK\r\n'
        }
      } else if (verb === 'DATA') {
        if (!to.length) replies += '554 5.5.1 No valid recipients\r\n'
        else {
          inData = true
          replies += '354 End data with <CR><LF>.<CR><LF>\r\n'
        }
      } else if (verb === 'RSET') {
        from = undefined
        to = []
        replies += '250 2.0.0 OK\r\n'
      } else if (verb === 'NOOP') replies += '250 2.0.0 OK\r\n'
      else if (verb === 'QUIT') {
        socket.end(`${replies}221 2.0.0 Bye\r\n`)
        return
      } else replies += '502 5.5.2 Command not implemented\r\n'
    }
    if (replies) socket.write(replies)
  })
  socket.write('220 bench.invalid ESMTP\r\n')
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    serve(socket, mails)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy())
        server.close(() => resolve())
      }),
  }
}

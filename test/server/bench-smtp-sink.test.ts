/**
 * The bench's SMTP receiver (scripts/bench/smtp-sink.ts) against the tests' (the smtp-server
 * package): the servers' own SMTP client (delivery/smtp-connections.ts, kept connections,
 * PIPELINING) delivers the same messages to both, and both must hold the same mails — the same
 * recipients and bytes, dot-stuffing undone — so that the PostgreSQL figures count what a real
 * receiver would. And the commands a client may send besides a message get their replies.
 */
import { connect } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { emailMessage } from '../../server/delivery/email-message.ts'
import { smtpConnections } from '../../server/delivery/smtp-connections.ts'
import { startSmtpSink } from '../../scripts/bench/smtp-sink.ts'
import { startSmtpReceiver } from './receivers.ts'

const TEXTS = [
  'Bonjour Jeanne,\n.Une ligne qui commence par un point\n..et deux\n.\nCode : 12345678 — 1 234,56 USD',
  `${'é'.repeat(400)}\n.`,
  'Fin sans saut de ligne',
]

const receivers: { close(): Promise<void> }[] = []
afterAll(() => Promise.all(receivers.map((r) => r.close())))

async function deliver(url: string): Promise<void> {
  const connections = (await smtpConnections(url, 2))!
  try {
    // Several at once on two kept connections, as the servers send under load.
    await Promise.all(
      TEXTS.map(async (text, i) => {
        const raw = await emailMessage(
          { from: 'banque@bank.example', to: `client${i}@example.com`, subject: 'Votre code', text, messageId: `<outbox-${i}@bank.example>` },
          new Date(0),
        )
        await connections.send({ from: 'banque@bank.example', to: [`client${i}@example.com`] }, raw)
      }),
    )
  } finally {
    connections.close()
  }
}

/** Writes `lines` in one write and answers the replies once `count` reply lines have come. */
function exchange(port: number, lines: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let got = ''
    socket.setEncoding('latin1')
    socket.on('error', reject)
    socket.once('data', () => socket.write(lines))
    socket.on('data', (chunk: string) => {
      got += chunk
      const replies = got.split('\r\n').filter((l) => /^\d{3} /.test(l))
      if (replies.length >= count + 1) {
        socket.destroy()
        resolve(replies.slice(1))
      }
    })
  })
}

describe('the bench’s SMTP receiver', () => {
  it('holds the same mails as smtp-server for the servers’ own client', async () => {
    const held: string[] = []
    for (const receiver of [await startSmtpReceiver(), await startSmtpSink()]) {
      receivers.push(receiver)
      await deliver(receiver.url)
      const sorted = [...receiver.mails].sort((a, b) => a.to[0]!.localeCompare(b.to[0]!))
      expect(sorted).toHaveLength(TEXTS.length)
      held.push(JSON.stringify(sorted))
    }
    expect(held[1]).toBe(held[0])
  })

  it('answers a pipelined batch of commands in order, and refuses what it does not know', async () => {
    const sink = await startSmtpSink()
    receivers.push(sink)
    const port = Number(new URL(sink.url).port)
    const replies = await exchange(
      port,
      'HELO client\r\nRCPT TO:<a@example.com>\r\nMAIL FROM:<b@bank.example>\r\nDATA\r\nNOOP\r\nRSET\r\nVRFY x\r\nQUIT\r\n',
      8,
    )
    expect(replies.map((r) => r.slice(0, 3))).toEqual(['250', '503', '250', '554', '250', '250', '502', '221'])
    // An empty message (the lone dot right after 354) is one mail too.
    const empty = await exchange(port, 'EHLO client\r\nMAIL FROM:<b@bank.example>\r\nRCPT TO:<a@example.com>\r\nDATA\r\n.\r\n', 5)
    // EHLO's reply is several lines; its last one ("250 ") counts.
    expect(empty.map((r) => r.slice(0, 3))).toEqual(['250', '250', '250', '354', '250'])
    expect(sink.mails).toEqual([{ to: ['a@example.com'], raw: '' }])
  })
})

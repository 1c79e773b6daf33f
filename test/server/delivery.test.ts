/**
 * Delivery of the outbox to real receivers: a transfer's code reaches the customer by e-mail
 * (SMTP) and by SMS (HTTP gateway) exactly once, also when each receiver refuses the first try;
 * a message no receiver takes ends 'dead' after OUTBOX_MAX_ATTEMPTS; several senders on one
 * database never send a message twice. The state of each message is in the outbox table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels } from '../../server/delivery/channels.ts'
import { createSender, OWN_SENDS_MAX, type SenderOptions } from '../../server/delivery/sender.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { enqueueMessage, leasedMessages, type NewMessage } from '../../server/domain/outbox.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { startSmsGateway, startSmtpReceiver, type SmsGateway, type SmtpReceiver } from './receivers.ts'
import { CODE_IN_TEXT } from './transfers-helpers.ts'

let server: TestServer
let smtp: SmtpReceiver
let gateway: SmsGateway
const MAX_ATTEMPTS = 3

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  gateway = await startSmsGateway()
  server = await startTestServer({
    config: {
      smtpUrl: smtp.url,
      mailFrom: 'portail@banque.example',
      smsGatewayUrl: gateway.url,
      smsGatewayToken: 'gateway-token',
      outboxPollMs: 20,
      outboxRetryBaseMs: 20,
      outboxMaxAttempts: MAX_ATTEMPTS,
    },
  })
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
  await gateway?.close()
})

const states = () =>
  server.db.query<{ id: string; channel: string; state: string; attempts: number; last_error: string | null }>(
    'select id::text, channel, state, attempts, last_error from outbox order by id',
  )

/** Waits (without a time limit of its own: the test's timeout) until no message is pending. */
async function settled() {
  for (;;) {
    const rows = await states()
    if (rows.every((row) => row.state !== 'pending')) return rows
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('the outbox sender', () => {
  it('a transfer’s code arrives by e-mail and by SMS exactly once, although each receiver refused the first try', async () => {
    smtp.refuseNext(1)
    gateway.refuseNext(1)
    const token = await server.signIn(mainCustomer)
    const ask = await server.call(customerPath('transfer/ask'), {
      token,
      body: { debitAccount: mainCustomer.accounts.usd.number, creditAccount: payeeAccounts[0]!.number, description: 'Loyer', currency: '1', amount: '12.00' },
    })
    expect(ask.body.status, ask.text).toBe('0')
    const rows = await settled()
    expect(rows.map((r) => [r.channel, r.state, r.attempts])).toEqual(
      expect.arrayContaining([
        ['sms', 'sent', 2],
        ['email', 'sent', 2],
      ]),
    )
    expect(smtp.refused).toBe(1)
    expect(gateway.refused).toBe(1)
    expect(smtp.mails).toHaveLength(1)
    expect(gateway.accepted).toHaveLength(1)
    const [mail] = smtp.mails
    const [sms] = gateway.accepted
    expect(mail!.to).toEqual([mainCustomer.contact.email])
    expect(sms!.to).toBe(mainCustomer.contact.phone)
    expect(sms!.authorization).toBe('Bearer gateway-token')
    const code = CODE_IN_TEXT.exec(sms!.text)?.[1]
    expect(code).toMatch(/^\d{8}$/)
    // The e-mail carries the same code (quoted-printable may wrap the text, not the digits).
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(code)
    // The code works: the confirm executes the transfer.
    const confirm = await server.call(customerPath('transfer/confirm'), { token, body: { code: ask.body.code, token: code } })
    expect(confirm.body.status, confirm.text).toBe('0')
  })

  it('a message no receiver takes is retried, then left dead with its last error for the bank to see', async () => {
    await settled() // what the confirm above sent is out of the way
    gateway.refuseNext(Infinity)
    const before = gateway.refused
    try {
      await enqueueMessage(server.db, { channel: 'sms', to: '0999999999', text: 'Essai' })
      const rows = await settled()
      expect(rows.filter((r) => r.state === 'dead')).toEqual([
        { id: expect.any(String), channel: 'sms', state: 'dead', attempts: MAX_ATTEMPTS, last_error: 'SMS gateway answered HTTP 500' },
      ])
      expect(gateway.refused - before).toBe(MAX_ATTEMPTS)
    } finally {
      gateway.refuseNext(0)
    }
  })

  it('several senders on one database send each message once', async () => {
    const accepted = gateway.accepted.length
    const ids = new Set<string>()
    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueueMessage(tx, { channel: 'sms', to: `08100000${String(i).padStart(2, '0')}`, text: `Message ${i}` })
    })
    const senders = Array.from({ length: 3 }, () => smsSender(server))
    senders.forEach((s) => s.start())
    await settled()
    await Promise.all(senders.map((s) => s.stop()))
    const fresh = gateway.accepted.slice(accepted)
    for (const sms of fresh) ids.add(sms.idempotencyKey!)
    expect(fresh).toHaveLength(30)
    expect(ids.size).toBe(30)
  })
})

describe('a message leased to the process that wrote it', () => {
  it('goes out by any sender’s poll once the lease ends, should that process not send it (stopped before)', async () => {
    // Written as a transfer's ask writes its messages (migration 054), with a lease that ends at once.
    const [row] = await server.db.query<{ ids: string[] }>(
      "select outbox_write(now(), array['sms'], array['0810000098'], array[null]::text[], array['Bail 1'], array['sms'], 0)::text[] as ids",
    )
    expect(row!.ids).toHaveLength(1)
    for (;;) {
      const [message] = await server.db.query<{ state: string; attempts: number }>('select state, attempts from outbox where id = $1', [row!.ids[0]])
      if (message!.state === 'sent') {
        // The writer's lease counted one attempt, the claim of the server's poll another.
        expect(message!.attempts).toBe(2)
        break
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(gateway.accepted.filter((m) => m.text === 'Bail 1')).toHaveLength(1)
  })
})

describe('a message written by this process', () => {
  it('goes out at once, not at the next poll (a code awaited by the customer; the poll is for other processes’ messages)', async () => {
    const sms = await startSmsGateway()
    const slow = await startTestServer({ config: { smsGatewayUrl: sms.url, outboxPollMs: 600_000 } })
    try {
      const token = await slow.signIn(mainCustomer)
      const ask = await slow.call(customerPath('transfer/ask'), {
        token,
        body: { debitAccount: mainCustomer.accounts.usd.number, creditAccount: payeeAccounts[0]!.number, description: 'Loyer', currency: '1', amount: '13.00' },
      })
      expect(ask.body.status, ask.text).toBe('0')
      const asked = Date.now()
      while (sms.accepted.length === 0 && Date.now() - asked < 10_000) await new Promise((r) => setTimeout(r, 10))
      expect(CODE_IN_TEXT.exec(sms.accepted[0]?.text ?? '')?.[1]).toMatch(/^\d{8}$/)
      // Written leased to this process and sent by it with no claim: one attempt, marked sent.
      const written = () =>
        slow.db.query<{ state: string; attempts: number }>("select state, attempts from outbox where channel = 'sms' and body like '%13,00 USD%'")
      while ((await written()).some((r) => r.state !== 'sent')) await new Promise((r) => setTimeout(r, 10))
      expect(await written()).toEqual([{ state: 'sent', attempts: 1 }])
    } finally {
      await slow.close()
      await sms.close()
    }
  })
})

/**
 * An SMS gateway, a server on it and a sender of the test's own. The server's own sender looks only
 * at its start and then every 10 minutes: the sender made here is alone.
 */
async function senderAlone(log?: SenderOptions['log']) {
  const sms = await startSmsGateway()
  const quiet = await startTestServer({ config: { smsGatewayUrl: sms.url, outboxPollMs: 600_000 } })
  return { sms, quiet, sender: smsSender(quiet, log) }
}

/** A sender of the test's own on a server's database: its SMS channel only, quick polls and retries, quiet unless given a log. */
function smsSender(on: Pick<TestServer, 'db' | 'config'>, log: SenderOptions['log'] = { info: () => {}, warn: () => {}, error: () => {} }) {
  return createSender({
    db: on.db,
    channels: channels({ ...on.config, smtpUrl: undefined }),
    pollMs: 5,
    maxAttempts: 3,
    retryBaseMs: 10,
    log,
  })
}

describe('a receiver slower than the process’s own messages', () => {
  it('gets OWN_SENDS_MAX of them at once; the rest go by the poll, a round at a time, so none waits in the process past its lease; each arrives once', async () => {
    const { sms, quiet, sender } = await senderAlone()
    sender.start()
    const release = sms.holdAnswers()
    try {
      const lease = sender.lease()!
      const messages: NewMessage[] = Array.from({ length: OWN_SENDS_MAX + 25 }, (_, i) => ({ channel: 'sms', to: '0810000097', text: `Flot ${i}` }))
      // Written as a transfer's ask writes them (migration 054): leased to this process, which sends them itself.
      const [row] = await quiet.db.query<{ ids: string[] }>('select outbox_write(now(), $1, $2, $3, $4, $5, $6)::text[] as ids', [
        messages.map((m) => m.channel),
        messages.map((m) => m.to),
        messages.map(() => null),
        messages.map((m) => m.text),
        lease.channels,
        lease.seconds,
      ])
      sender.deliver(leasedMessages(messages, row!.ids, lease))
      // The gateway hangs: the process's own OWN_SENDS_MAX, then one round of the poll (10), and nothing more.
      while (sms.arrived < OWN_SENDS_MAX + 10) await new Promise((r) => setTimeout(r, 10))
      await new Promise((r) => setTimeout(r, 300))
      expect(sms.arrived).toBe(OWN_SENDS_MAX + 10)
      release()
      const states = () => quiet.db.query<{ state: string }>("select state from outbox where body like 'Flot %'")
      while ((await states()).some((r) => r.state !== 'sent')) await new Promise((r) => setTimeout(r, 10))
      expect(sms.accepted.map((m) => m.text).sort()).toEqual(messages.map((m) => m.text).sort())
      expect(sms.arrived).toBe(messages.length)
    } finally {
      release()
      await sender.stop()
      await quiet.close()
      await sms.close()
    }
  })
})

describe('one round of the sender', () => {
  it('marks the messages it sent as sent together, said in one log line; the one refused alone waits and goes again; each is received once', async () => {
    const said: { fields: object; message: string }[] = []
    const { sms, quiet, sender } = await senderAlone({ info: (fields, message) => said.push({ fields, message }), warn: () => {}, error: () => {} })
    try {
      const texts = ['Lot 1', 'Lot 2', 'Lot 3', 'Lot 4']
      await quiet.db.transaction(async (tx) => {
        for (const text of texts) await enqueueMessage(tx, { channel: 'sms', to: '0810000099', text })
      })
      const rows = () =>
        quiet.db.query<{ state: string; attempts: number; last_error: string | null }>(
          `select state, attempts, last_error from outbox where body like 'Lot %' order by id`,
        )
      sms.refuseNext(1)
      // One round claims the four (a round takes up to 10): one is refused, three are sent and written sent by one statement.
      expect(await sender.drain()).toBe(4)
      const after = await rows()
      expect(after.map((r) => r.state).sort()).toEqual(['pending', 'sent', 'sent', 'sent'])
      expect(after.find((r) => r.state === 'pending')!.last_error).toBe('SMS gateway answered HTTP 500')
      const sentLines = said.filter((line) => line.message === 'outbox messages sent')
      expect(sentLines).toHaveLength(1)
      expect(sentLines[0]!.fields).toEqual({ outboxIds: [expect.any(String), expect.any(String), expect.any(String)], channels: { sms: 3 } })
      sender.start()
      for (;;) {
        if ((await rows()).every((r) => r.state === 'sent')) break
        await new Promise((r) => setTimeout(r, 10))
      }
      await sender.stop()
      expect((await rows()).map((r) => r.attempts).sort()).toEqual([1, 1, 1, 2])
      expect(sms.refused).toBe(1)
      expect(sms.accepted.map((m) => m.text).sort()).toEqual(texts)
    } finally {
      await quiet.close()
      await sms.close()
    }
  })
})

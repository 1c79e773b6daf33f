/**
 * The two ways out of the outbox: e-mail over SMTP (nodemailer, SMTP_URL and MAIL_FROM) and SMS
 * through the bank's HTTP gateway (SMS_GATEWAY_URL, a JSON POST `{to, text}` with
 * `Authorization: Bearer SMS_GATEWAY_TOKEN` when set; any 2xx answer means taken). Each call has a
 * time limit, so that a stuck receiver cannot hold a sender's lease for long.
 */
import type { Transporter } from 'nodemailer'
import type { Agent, request } from 'undici'
import { emailMessage, PLAIN_ADDRESS } from './email-message.ts'
import { smtpConnections, type SmtpConnections } from './smtp-connections.ts'

/** Connection, greeting and socket limits of one send. */
const SEND_TIMEOUT_MS = 10_000

/**
 * Kept SMTP connections of a process (nodemailer's own default; `maxConnections` in SMTP_URL says
 * otherwise). A connection carries one e-mail at a time, two round trips each: with 2, a process
 * confirming ~200 transfers a second on the bench's PostgreSQL still had 40 % of their e-mails to
 * send when the load stopped (the last 2 s later); with 5 they leave as the transfers go.
 */
const MAX_SMTP_CONNECTIONS = 5

export interface OutgoingMessage {
  id: string
  channel: 'sms' | 'email'
  to: string
  subject: string | null
  text: string
}

export type Send = (message: OutgoingMessage) => Promise<void>

export interface ChannelSettings {
  smtpUrl: string | undefined
  mailFrom: string | undefined
  smsGatewayUrl: string | undefined
  smsGatewayToken: string | undefined
  bankName: string
}

/** A send for each configured channel; a channel without settings is absent (its messages wait). */
export function channels(settings: ChannelSettings): Partial<Record<OutgoingMessage['channel'], Send>> {
  const result: Partial<Record<OutgoingMessage['channel'], Send>> = {}
  if (settings.smtpUrl && settings.mailFrom) {
    // The time limits ride on the URL (nodemailer reads them from its query), over the bank's own.
    const url = new URL(settings.smtpUrl)
    for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(SEND_TIMEOUT_MS))
    }
    // nodemailer loads with the first e-mail, not with every start of the server.
    let transport: Promise<Transporter> | undefined
    let connections: Promise<SmtpConnections | undefined> | undefined
    const from = settings.mailFrom
    result.email = async (message) => {
      // Kept connections: one SMTP connection carries the next e-mails instead of a new connection
      // and handshake each (about half of an e-mail's cost on the server); an idle connection
      // closes after socketTimeout. Through nodemailer's SMTPConnection itself when the URL's
      // settings are plain and both addresses too (smtp-connections.ts: a third of the pooled
      // transport's CPU an e-mail), else its pooled transport (a bank's URL may say pool=false,
      // name a service, a proxy…).
      connections ??= smtpConnections(url.toString(), MAX_SMTP_CONNECTIONS)
      const direct = PLAIN_ADDRESS.test(from) && PLAIN_ADDRESS.test(message.to) ? await connections : undefined
      // The message is composed into one buffer first and handed over whole: composed as a stream,
      // nodemailer wrote each piece of it (headers, each encoded line) to the socket in a write of
      // its own, a system call each (a quarter of an e-mail's cost on the server).
      // The outbox id: a receiver (or the bank's mail logs) can tell a resend from a new message.
      const messageId = `<outbox-${message.id}@${from.split('@')[1] ?? 'portal'}>`
      const raw = await emailMessage({ from, to: message.to, subject: message.subject ?? settings.bankName, text: message.text, messageId })
      if (direct) return direct.send({ from, to: [message.to] }, raw)
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ pool: true, maxConnections: MAX_SMTP_CONNECTIONS, url: url.toString() }),
      )
      // The Message-ID given beside the raw bytes (which already carry it) is the one nodemailer
      // reports; without it nodemailer made up one of its own from five random draws an e-mail.
      await (await transport).sendMail({ envelope: { from, to: [message.to] }, raw, messageId })
    }
  }
  if (settings.smsGatewayUrl) {
    const target = new URL(settings.smsGatewayUrl)
    const token = settings.smsGatewayToken
    // undici's request over kept connections (http and https alike): 0.05 ms of the server's CPU an
    // SMS against 0.08 through node:http's client (27 November, 5,000 SMS, 10 at a time, to a
    // gateway in another process), and about a fourth of fetch's (its Request, Headers, streams and
    // abort signal on top), two SMS a transfer. Redirects are not followed: the gateway's URL is the one to call.
    // undici loads with the first SMS, not with every start of the server (0.3 s on the bench's machine).
    let client: Promise<{ dispatcher: Agent; request: typeof request }> | undefined
    const headers = (message: OutgoingMessage) => ({
      'content-type': 'application/json',
      'idempotency-key': `outbox-${message.id}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    })
    result.sms = async (message) => {
      client ??= import('undici').then((undici) => ({ dispatcher: new undici.Agent({ connect: { timeout: SEND_TIMEOUT_MS } }), request: undici.request }))
      const { dispatcher, request } = await client
      let status: number
      try {
        const answer = await request(target, {
          method: 'POST',
          dispatcher,
          headers: headers(message),
          body: JSON.stringify({ to: message.to, text: message.text }),
          // The whole call's time limit, answer included.
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        })
        status = answer.statusCode
        await answer.body.dump()
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`SMS gateway: no answer within ${SEND_TIMEOUT_MS} ms`)
        throw error
      }
      if (status < 200 || status >= 300) throw new Error(`SMS gateway answered HTTP ${status}`)
    }
  }
  return result
}

/**
 * The two ways out of the outbox: e-mail over SMTP (nodemailer, SMTP_URL and MAIL_FROM) and SMS
 * through the bank's HTTP gateway (SMS_GATEWAY_URL, a JSON POST `{to, text}` with
 * `Authorization: Bearer SMS_GATEWAY_TOKEN` when set; any 2xx answer means taken). Each call has a
 * time limit, so that a stuck receiver cannot hold a sender's lease for long.
 */
import type { Transporter } from 'nodemailer'

/** Connection, greeting and socket limits of one send. */
const SEND_TIMEOUT_MS = 10_000

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
    const from = settings.mailFrom
    result.email = async (message) => {
      // Pooled: one SMTP connection carries the next e-mails instead of a new connection and
      // handshake each (about half of an e-mail's cost on the server); an idle connection closes
      // after socketTimeout. A bank's URL may say pool=false.
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ pool: true, maxConnections: 2, url: url.toString() }))
      await (
        await transport
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject ?? settings.bankName,
        text: message.text,
        // The outbox id: a receiver (or the bank's mail logs) can tell a resend from a new message.
        messageId: `<outbox-${message.id}@${from.split('@')[1] ?? 'portal'}>`,
      })
    }
  }
  if (settings.smsGatewayUrl) {
    const url = settings.smsGatewayUrl
    const token = settings.smsGatewayToken
    result.sms = async (message) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `outbox-${message.id}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      await res.arrayBuffer().catch(() => undefined)
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`)
    }
  }
  return result
}

/**
 * An outbox e-mail as the bytes of its message (RFC 5322, one text/plain part), before the SMTP
 * exchange. The portal's e-mails are French text: for them the message is put together here
 * from nodemailer's own encoders (its encoded words for the subject, its quoted-printable encoder
 * for the body), header by header as nodemailer's MailComposer writes them — the same bytes
 * (test/server/email-message.test.ts compares them), at about a sixth of the CPU: MailComposer
 * builds a tree of MIME nodes and a chain of streams for each message (measured 27 November on the
 * bench's machine: 0.40 ms of CPU an e-mail against 0.06, two e-mails a complete transfer).
 * Anything else — an address that is not plain ASCII, a text of plain ASCII (sent as 7bit) or
 * mostly not Latin (sent as base64) — is composed by MailComposer itself.
 */
import type MailComposer from 'nodemailer/lib/mail-composer'
import type * as MimeFuncs from 'nodemailer/lib/mime-funcs'
import type * as Qp from 'nodemailer/lib/qp'

export interface EmailFields {
  from: string
  to: string
  subject: string
  text: string
  /** With its angle brackets: `<outbox-12@bank.example>`. */
  messageId: string
}

interface Encoders {
  Composer: typeof MailComposer
  encodeWords: (value: string, encoding: 'Q' | 'B', maxLength: number, encodeAll: boolean) => string
  foldLines: typeof MimeFuncs.foldLines
  isPlainText: typeof MimeFuncs.isPlainText
  Encoder: typeof Qp.Encoder
}

// nodemailer loads with the first e-mail, not with every start of the server.
let encoders: Promise<Encoders> | undefined
const load = () =>
  (encoders ??= Promise.all([import('nodemailer/lib/mail-composer'), import('nodemailer/lib/mime-funcs'), import('nodemailer/lib/qp')]).then(
    ([composer, funcs, qp]) => ({
      Composer: composer.default,
      encodeWords: funcs.encodeWords as Encoders['encodeWords'],
      foldLines: funcs.foldLines,
      isPlainText: funcs.isPlainText,
      Encoder: qp.Encoder,
    }),
  ))

/** An address nodemailer writes as it is: ASCII, no display name, nothing to quote or punycode. */
export const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/

/** nodemailer's choice of an encoding for a text: Q when Latin letters outnumber the rest. */
function textEncoding(value: string): 'Q' | 'B' {
  let other = 0
  let latin = 0
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c >= 0x80) other++
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++
  }
  return other < latin ? 'Q' : 'B'
}

/** The body in quoted-printable, by nodemailer's own encoder (its soft breaks and trailing blanks). */
function quotedPrintable(Encoder: Encoders['Encoder'], text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const encoder = new Encoder()
    const chunks: Buffer[] = []
    encoder.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)))
    encoder.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    encoder.on('error', reject)
    encoder.end(Buffer.from(text, 'utf8'))
  })
}

/** `now` is the message's Date header, whichever of the two ways the message is put together. */
export async function emailMessage(fields: EmailFields, now = new Date()): Promise<Buffer> {
  const e = await load()
  const own =
    PLAIN_ADDRESS.test(fields.from) &&
    PLAIN_ADDRESS.test(fields.to) &&
    ![...fields.subject].some((c) => c < ' ' || c === '\x7f') &&
    /^<[\x21-\x3d\x3f-\x7e]+>$/.test(fields.messageId) &&
    !e.isPlainText(fields.text) &&
    textEncoding(fields.text) === 'Q'
  if (!own) {
    return new e.Composer({ from: fields.from, to: fields.to, subject: fields.subject, text: fields.text, messageId: fields.messageId, date: now })
      .compile()
      .build()
  }
  const headers = [
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    e.foldLines(`Subject: ${e.encodeWords(fields.subject, textEncoding(fields.subject), 52, true)}`, 76),
    `Message-ID: ${fields.messageId}`,
    'Content-Transfer-Encoding: quoted-printable',
    `Date: ${now.toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ]
  const body = await quotedPrintable(e.Encoder, fields.text)
  // The message ends with a line break, as nodemailer ends it: one added unless the body has it.
  const end = body.endsWith('\n') ? '' : body.endsWith('\r') ? '\n' : '\r\n'
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}${end}`, 'latin1')
}

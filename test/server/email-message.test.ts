/**
 * The e-mails' bytes (server/delivery/email-message.ts): the portal's own composition is byte for
 * byte what nodemailer's MailComposer makes of the same message (but its Date line, the time of
 * each), for the catalogue's e-mails and texts that stress the encoders; the rest goes to
 * MailComposer itself.
 */
import MailComposer from 'nodemailer/lib/mail-composer'
import { describe, expect, it } from 'vitest'
import { api } from '../../kernel/messages.ts'
import { emailMessage, type EmailFields } from '../../server/delivery/email-message.ts'

const t = api.transfer
const withoutDate = (raw: Buffer | string) => raw.toString().replace(/\r\nDate: [^\r]*/, '')
const composed = async (fields: EmailFields) => withoutDate(await new MailComposer({ ...fields }).compile().build())

const names = ['Jean Mukendi', 'Zoé Kabila-Ngoy', "Marie-Thérèse N'Zita", 'Ébène Àlvarez']
const texts = [
  ...names.map((name) =>
    t.doneEmail({
      name,
      amount: '1 234,56 USD',
      payee: 'Grace Mbuyi',
      reference: 'TRF20261127ABCDEFGH',
      when: '27 novembre 2026 à 05:07:25',
      debitAccount: '000110001000000000001',
      debit: '3 500,00 CDF',
      balance: '98 765 432,10 USD',
    }),
  ),
  ...names.map((name) =>
    t.codeEmail({
      name,
      code: '12345678',
      amount: '10,50 USD',
      payee: '243812345678',
      debitAccount: '000110001000000000001',
      conversion: ' Montant débité : 3,51 USD (1 CDF = 0,00035088 USD).',
      lifetime: '5 minutes',
      bank: 'Banque Équatoriale',
    }),
  ),
  'Ligne finie par des blancs   \n.Un point en tête de ligne\n' + 'x'.repeat(200) + ' é=é\tfin \n\n',
  `Réf. ${'é'.repeat(40)} = ${'à'.repeat(30)} et ${'mot '.repeat(60)}\r\nFin avec CRLF é`,
]
const subjects = [t.doneEmailSubject, t.codeEmailSubject, 'Un sujet très long, avec des accents éèà, et encore des mots pour dépasser une ligne']

describe('an e-mail composed by the portal', () => {
  it('is what MailComposer makes of it, byte for byte but the date', async () => {
    for (const text of texts) {
      for (const subject of subjects) {
        const fields = { from: 'noreply@banque.example', to: 'jean.mukendi@example.cd', subject, text, messageId: '<outbox-42@banque.example>' }
        expect(withoutDate(await emailMessage(fields)), `${subject} / ${text.slice(0, 30)}`).toBe(await composed(fields))
      }
    }
  })

  // A French text is put together here; plain ASCII by MailComposer: both dated by the time given.
  it.each([
    ['put together here', 'Transfert exécuté', 'Votre transfert a été exécuté.'],
    ['put together by MailComposer', 'Code', 'Plain ASCII text'],
  ])('is dated by the time it is given, %s', async (_way, subject, text) => {
    const raw = (
      await emailMessage({ from: 'a@b.example', to: 'c@d.example', subject, text, messageId: '<x@b.example>' }, new Date(Date.UTC(2026, 10, 27, 5, 7, 25)))
    ).toString()
    expect(raw).toContain('\r\nDate: Fri, 27 Nov 2026 05:07:25 +0000\r\n')
  })

  it('leaves to MailComposer what it does not compose: named or non-ASCII addresses, ASCII or non-Latin texts, a subject with a line break', async () => {
    const base = { from: 'noreply@banque.example', to: 'jean@example.cd', subject: 'Sujet é', text: 'Texte accentué é', messageId: '<outbox-1@banque.example>' }
    for (const fields of [
      { ...base, from: 'Banque Équatoriale <noreply@banque.example>' },
      { ...base, to: 'zoé@exemple.cd' },
      { ...base, text: 'Plain ASCII text' },
      { ...base, text: 'Извините, перевод выполнен' },
      { ...base, subject: 'Sujet\r\nBcc: intrus@example.cd' },
    ]) {
      expect(withoutDate(await emailMessage(fields))).toBe(await composed(fields))
    }
  })
})

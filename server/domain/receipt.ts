/**
 * The PDF receipt of an executed transfer (transferReceipt), made with pdf-lib (pure JS). One A4
 * page: the bank, the title, then one line per fact. The standard Helvetica font covers French
 * (WinAnsi); a character it lacks (a name in another script) is written as "?" rather than failing.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib'
import { api } from '../../machines/messages.ts'
import { currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { formatDateTime, type ExecutedTransfer } from './transfers.ts'

const r = api.transfer.receipt

export interface ReceiptContext {
  bankName: string
  timeZone: string
}

/** The lines of the receipt, label and value; exported so that tests can compare with the PDF. */
export function receiptLines(x: ExecutedTransfer, ctx: ReceiptContext): [string, string][] {
  const converted = x.currencySent !== x.debitCurrency
  const lines: [string, string][] = [
    [r.customer, `${x.customerName} (${x.kcode})`],
    [r.reference, x.reference],
    [r.executedAt, `${formatDateTime(x.executedAt, ctx.timeZone)} (${r.timeZone(ctx.timeZone)})`],
    [r.kind, r.kinds[x.kind]],
    [r.debitAccount, x.debitAccount],
    [r.payee, x.payee],
  ]
  if (x.kind === 'transfer') lines.push([r.creditAccount, x.creditAccount])
  lines.push([r.amount, formatMoney(decimalToCents(x.amount), x.currencySent)])
  if (converted) {
    lines.push([r.debitAmount, formatMoney(decimalToCents(x.debitAmount), x.debitCurrency)])
    if (x.rate) lines.push([r.rate, api.transfer.rate(currencyIso(x.currencySent), formatRate(x.rate), currencyIso(x.debitCurrency))])
  }
  lines.push([r.description, x.description])
  lines.push([r.balance, formatMoney(decimalToCents(x.balanceAfter), x.debitCurrency)])
  return lines
}

/** Keeps what the font can draw; spaces of any kind become plain spaces. */
export function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet())
  return [...text.replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')]
    .map((c) => (known.has(c.codePointAt(0)!) ? c : '?'))
    .join('')
}

export async function receiptPdf(x: ExecutedTransfer, ctx: ReceiptContext): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`${r.title} ${x.reference}`)
  doc.setAuthor(ctx.bankName)
  doc.setCreationDate(x.executedAt)
  doc.setModificationDate(x.executedAt)
  const page = doc.addPage([595.28, 841.89])
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.1, 0.1, 0.1)
  const grey = rgb(0.4, 0.4, 0.4)
  const left = 56
  let y = 780

  const bank = ctx.bankName.charAt(0).toUpperCase() + ctx.bankName.slice(1)
  page.drawText(drawable(bold, bank), { x: left, y, size: 18, font: bold, color: ink })
  y -= 36
  page.drawText(drawable(bold, r.title), { x: left, y, size: 15, font: bold, color: ink })
  y -= 14
  page.drawLine({ start: { x: left, y }, end: { x: 539, y }, thickness: 0.8, color: grey })
  y -= 26

  for (const [label, value] of receiptLines(x, ctx)) {
    page.drawText(drawable(bold, `${label} :`), { x: left, y, size: 10.5, font: bold, color: ink })
    // long values (descriptions) wrap on words within the right column
    for (const part of wrap(drawable(regular, value), regular, 10.5, 330)) {
      page.drawText(part, { x: left + 150, y, size: 10.5, font: regular, color: ink })
      y -= 15
    }
    y -= 5
  }
  y -= 20
  page.drawText(drawable(regular, r.footer(ctx.bankName)), { x: left, y, size: 9, font: regular, color: grey })
  return doc.save()
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = next
    }
  }
  lines.push(line)
  return lines
}

/**
 * The PDF receipt of an executed transfer (transferReceipt), made with PDFKit (pdf-document.ts:
 * tagged, French, DejaVu Sans embedded). One A4 page: the bank and the title as headings, then the
 * facts as a two-column table. A receipt is one small page: it is made whole, then sent.
 */
import { once } from 'node:events'
import { api } from '../../machines/messages.ts'
import { currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { formatDateTime, type ExecutedTransfer } from './transfers.ts'
import { bankTitle, headerCell, newPdf, plainSpaces } from './pdf-document.ts'

const INK = '#1a1a1a'
const GREY = '#666666'

const r = api.transfer.receipt

export interface ReceiptContext {
  bankName: string
  timeZone: string
}

/** The lines of the receipt, label and value; exported so that tests can compare with the PDF. */
function receiptLines(x: ExecutedTransfer, ctx: ReceiptContext): [string, string][] {
  const converted = x.currencySent !== x.debitCurrency
  const lines: [string, string][] = [
    [r.customer, `${x.customerName} (${x.kcode})`],
    [r.reference, x.reference],
    [r.executedAt, `${formatDateTime(x.executedAt, ctx.timeZone)} (${r.timeZone(ctx.timeZone)})`],
    [r.kind, r.kinds[x.kind]],
    [r.debitAccount, x.debitAccount],
    [r.payee, x.payee],
  ]
  if (x.kind === 'account') lines.push([r.creditAccount, x.creditAccount])
  lines.push([r.amount, formatMoney(decimalToCents(x.amount), x.currencySent)])
  if (converted) {
    lines.push([r.debitAmount, formatMoney(decimalToCents(x.debitAmount), x.debitCurrency)])
    if (x.rate) lines.push([r.rate, api.transfer.rate(currencyIso(x.currencySent), formatRate(x.rate), currencyIso(x.debitCurrency))])
  }
  lines.push([r.description, x.description])
  lines.push([r.balance, formatMoney(decimalToCents(x.balanceAfter), x.debitCurrency)])
  return lines
}

export async function receiptPdf(x: ExecutedTransfer, ctx: ReceiptContext): Promise<Buffer> {
  const doc = newPdf({ title: `${r.title} ${x.reference}`, author: ctx.bankName, date: x.executedAt })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = once(doc, 'end')
  doc.addPage({ size: 'A4', margin: 0 })
  const root = doc.struct('Document')
  doc.addStructure(root)
  const left = 56
  const valueX = left + 150
  const valueWidth = 330
  const text = (value: string, y: number, size: number, font: string, color = INK, options: PDFKit.Mixins.TextOptions = {}) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(plainSpaces(value), options.width ? valueX : left, y, options)

  root.add(doc.struct('H1', {}, () => text(bankTitle(ctx.bankName), 48, 18, 'bold')))
  root.add(doc.struct('H2', {}, () => text(r.title, 88, 15, 'bold')))
  doc.markContent('Artifact', { type: 'Layout' })
  doc.moveTo(left, 112).lineTo(539, 112).lineWidth(0.8).strokeColor(GREY).stroke()
  doc.endMarkedContent()

  // One row per fact; long values (descriptions) wrap on words within the right column.
  const facts = doc.struct('Table')
  root.add(facts)
  let y = 128
  for (const [label, value] of receiptLines(x, ctx)) {
    const at = y
    let bottom = at
    facts.add(
      doc.struct('TR', {}, [
        doc.struct('TH', headerCell('Row'), () => text(`${label} :`, at, 10.5, 'bold')),
        doc.struct('TD', {}, () => {
          text(value, at, 10.5, 'regular', INK, { width: valueWidth, lineGap: 2.5 })
          bottom = doc.y
        }),
      ]),
    )
    y = bottom + 5
  }
  facts.end()
  root.add(doc.struct('P', {}, () => text(r.footer(ctx.bankName), y + 20, 9, 'regular', GREY)))
  root.end()
  doc.end()
  await finished
  return Buffer.concat(chunks)
}

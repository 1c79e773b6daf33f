/**
 * The PDF receipt of an executed transfer (transferReceipt, REQ-CHOICE-05), made with PDFKit (pdf-document.ts:
 * tagged, French, DejaVu Sans embedded; drawn by receipt-draw.ts). One A4 page: the bank and the
 * title as headings, then the facts as a two-column table. A receipt is one small page: it is made
 * whole, then sent.
 */
import { api } from '../../kernel/messages.ts'
import { currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import type { ReceiptDrawing } from './receipt-draw.ts'
import { pdfWorkersInUse } from './statement-pdf-stream.ts'
import { formatDateTime, type ExecutedTransfer } from './transfers.ts'

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

/**
 * The receipt's PDF. Its lines are worked out here; the drawing runs in the PDF worker thread of
 * the server (statement-pdf-stream.ts: `pdfWorkersInUse`), where PDFKit and its fonts were loaded
 * at start, so that no receipt loads them on the main thread (the first one stalled every customer
 * about 370 ms). Without a server's workers (a script), it is drawn here.
 */
export async function receiptPdf(x: ExecutedTransfer, ctx: ReceiptContext): Promise<Buffer> {
  const drawing: ReceiptDrawing = {
    title: `${r.title} ${x.reference}`,
    heading: r.title,
    bankName: ctx.bankName,
    date: x.executedAt,
    lines: receiptLines(x, ctx),
    footer: r.footer(ctx.bankName),
  }
  const workers = pdfWorkersInUse()
  if (workers) return workers.receipt(drawing)
  const { drawReceipt } = await import('./receipt-draw.ts')
  return drawReceipt(drawing)
}

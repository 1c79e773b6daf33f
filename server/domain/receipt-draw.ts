/**
 * The drawing of a transfer receipt (receipt.ts works out its lines): run in the PDF worker
 * thread (statement-pdf-worker.ts), so that PDFKit and its fonts never load on the main thread.
 * One A4 page: the bank and the title as headings, then the facts as a two-column table.
 */
import { once } from 'node:events'
import { bankTitle, headerCell, newPdf, plainSpaces } from './pdf-document.ts'

const INK = '#1a1a1a'
const GREY = '#666666'

export interface ReceiptDrawing {
  /** The document's title (its properties) and the heading on the page. */
  title: string
  heading: string
  bankName: string
  /** The PDF's creation date (the transfer's execution). */
  date: Date
  /** Label and value of each fact. */
  lines: [string, string][]
  footer: string
}

export async function drawReceipt({ title, heading, bankName, date, lines, footer }: ReceiptDrawing): Promise<Buffer> {
  const doc = newPdf({ title, author: bankName, date })
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

  root.add(doc.struct('H1', {}, () => text(bankTitle(bankName), 48, 18, 'bold')))
  root.add(doc.struct('H2', {}, () => text(heading, 88, 15, 'bold')))
  doc.markContent('Artifact', { type: 'Layout' })
  doc.moveTo(left, 112).lineTo(539, 112).lineWidth(0.8).strokeColor(GREY).stroke()
  doc.endMarkedContent()

  // One row per fact; long values (descriptions) wrap on words within the right column.
  const facts = doc.struct('Table')
  root.add(facts)
  let y = 128
  for (const [label, value] of lines) {
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
  root.add(doc.struct('P', {}, () => text(footer, y + 20, 9, 'regular', GREY)))
  root.end()
  doc.end()
  await finished
  return Buffer.concat(chunks)
}

/**
 * The PDF statement of download/pdf/{filename}.pdf, made with PDFKit from the ledger at download
 * time and streamed as it is written: the summary (balances, totals, number of lines) is computed
 * in SQL first (the caller checks it against the row cap), so the number of pages is known before
 * the first line is drawn; then the lines are drawn as they come, page after page. The drawing runs
 * in a worker thread (statement-pdf-worker.ts) and the lines are read on the main thread, keyset
 * page by keyset page, as the reply takes the bytes (statement-pdf-stream.ts).
 *
 * Tagged PDF (pdf-document.ts): the bank and title are headings, the summary a two-column table
 * (TH, TD), the column names one paragraph, and each page's lines one paragraph element holding a
 * marked sequence per line, in reading order; the rules, the header and column names repeated on
 * later pages and the footer are artifacts. Lines are not a TR/TD table: PDFKit keeps every
 * structure element that holds content until the end of the file, which measured about 280 MiB
 * for 50,000 lines as cells and 45 MiB as one element per line, against about 1 MiB per page.
 */
import { once } from 'node:events'
import { api } from '../../machines/messages.ts'
import { currencyIso } from './money.ts'
import { A4, bankTitle, headerCell, newPdf, plainSpaces, type Pdf } from './pdf-document.ts'
import type { Period, StatementFile, StatementLine, StatementSummary } from './statements.ts'

const p = api.statement.pdf

const WIDTH = A4.width
const HEIGHT = A4.height
const LEFT = 36
const RIGHT = WIDTH - 36
const ROW = 13
const BOTTOM = 62
/** Where the table starts on the first page (below the summary) and on the others (from the bottom). */
const FIRST_TABLE_TOP = 610
const OTHER_TABLE_TOP = 740
export const FIRST_PAGE_ROWS = Math.floor((FIRST_TABLE_TOP - ROW - BOTTOM) / ROW)
export const OTHER_PAGE_ROWS = Math.floor((OTHER_TABLE_TOP - ROW - BOTTOM) / ROW)

const INK = '#1a1a1a'
const GREY = '#666666'
const RULE = '#bfbfbf'
const SHADE = '#ebebeb'

type Column = 'date' | 'number' | 'description' | 'debit' | 'credit' | 'balance'

/** Columns: x of the left edge, width, alignment. */
const COLUMNS = (() => {
  const widths: Record<Column, number> = { date: 50, number: 112, description: 0, debit: 64, credit: 64, balance: 74 }
  widths.description = RIGHT - LEFT - widths.date - widths.number - widths.debit - widths.credit - widths.balance
  let x = LEFT
  const out = {} as Record<Column, { x: number; width: number; right: boolean }>
  for (const key of Object.keys(widths) as Column[]) {
    out[key] = { x, width: widths[key], right: key === 'debit' || key === 'credit' || key === 'balance' }
    x += widths[key]
  }
  return out
})()
const COLUMN_KEYS = Object.keys(COLUMNS) as Column[]

/** Pages of a statement of `count` lines (an empty statement has one page). */
export function pageCount(count: number): number {
  return count <= FIRST_PAGE_ROWS ? 1 : 1 + Math.ceil((count - FIRST_PAGE_ROWS) / OTHER_PAGE_ROWS)
}

/** "-1234567.8" → "-1 234 567,80" (French, plain spaces between thousands). */
export function frenchAmount(decimal: string): string {
  if (decimal === '') return ''
  const negative = decimal.startsWith('-')
  const [units, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.') as [string, string?]
  return `${negative ? '-' : ''}${units.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction.padEnd(2, '0')}`
}

/** "2026-03-01" → "01/03/2026". */
function frenchDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-')
  return `${d}/${m}/${y}`
}

export interface StatementPdfContext {
  bankName: string
  timeZone: string
  now: Date
}

/** What the caller has read before deciding to answer with the file. */
export interface StatementFacts {
  period: Period
  summary: StatementSummary
}

/** Where the drawing sends the file's bytes, and how it learns that nobody reads them any more. */
export interface PdfSink {
  write(chunk: Buffer): void
  /** Called between pages: resolves when the next page may be drawn. */
  betweenPages(): Promise<void>
  /** True once the reader is gone: the drawing stops. */
  stopped(): boolean
}

/**
 * Draws the statement of `summary.count` lines, taken from `rows` as it needs them, into `sink`;
 * resolves once the last byte is written. Runs in a worker thread (statement-pdf-worker.ts).
 */
export async function drawStatementPdf(
  file: StatementFile,
  summary: StatementSummary,
  ctx: StatementPdfContext,
  rows: AsyncIterable<StatementLine>,
  sink: PdfSink,
): Promise<void> {
  const doc = newPdf({
    title: `${p.title} ${file.number} ${frenchDate(file.startDate)} - ${frenchDate(file.endDate)}`,
    author: ctx.bankName,
    date: ctx.now,
  })
  doc.on('data', (chunk: Buffer) => sink.write(chunk))
  const ended = once(doc, 'end')
  await writeStatement(doc, file, summary, ctx, rows, sink)
  await ended
}

async function writeStatement(
  doc: Pdf,
  file: StatementFile,
  summary: StatementSummary,
  ctx: StatementPdfContext,
  rows: AsyncIterable<StatementLine>,
  sink: PdfSink,
) {
  const total = pageCount(summary.count)
  const currency = currencyIso(file.currency)
  const dateOnly = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ctx.timeZone })
  const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: ctx.timeZone })
  const generated = plainSpaces(p.generated(dateTime.format(ctx.now).replace(' ', ' à '), api.transfer.receipt.timeZone(ctx.timeZone)))
  const periodText = p.periodValue(frenchDate(file.startDate), frenchDate(file.endDate))

  const root = doc.struct('Document')
  doc.addStructure(root)

  /** Text with its baseline at `y` from the bottom of the page (the layout's coordinates). */
  const text = (value: string, x: number, y: number, size: number, font = 'regular', color = INK) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(plainSpaces(value), x, HEIGHT - y, { lineBreak: false, baseline: 'alphabetic' })
  }
  /** Cuts a text to a width, with an ellipsis (PDFKit's own ellipsis needs a wrapping box per cell). */
  const fit = (value: string, width: number): string => {
    let shown = plainSpaces(value)
    if (doc.widthOfString(shown) <= width) return shown
    while (shown.length > 0 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1)
    return `${shown.trimEnd()}…`
  }
  const cell = (key: Column, value: string, y: number, font: string, size: number) => {
    const c = COLUMNS[key]
    doc.font(font).fontSize(size)
    const shown = fit(value, c.width - 6)
    const x = c.right ? c.x + c.width - 3 - doc.widthOfString(shown) : c.x + 3
    text(shown, x, y, size, font)
  }
  const artifact = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Pagination' })
    draw()
    doc.endMarkedContent()
  }
  const rule = (y: number, thickness: number, color: string) =>
    doc
      .moveTo(LEFT, HEIGHT - y)
      .lineTo(RIGHT, HEIGHT - y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke()

  let pageNumber = 0
  let y = 0
  let rowsLeft = 0
  /** The structure element of the current page's lines, ended with the page so that it is written out. */
  let lines: ReturnType<Pdf['struct']> | undefined

  const newPage = () => {
    lines?.end()
    pageNumber += 1
    doc.addPage({ size: 'A4', margin: 0 })
    if (pageNumber === 1) {
      root.add(doc.struct('H1', {}, () => text(bankTitle(ctx.bankName), LEFT, 800, 16, 'bold')))
      doc.font('bold').fontSize(13)
      root.add(doc.struct('H2', {}, () => text(p.title, RIGHT - doc.widthOfString(p.title), 802, 13, 'bold')))
      artifact(() => rule(790, 0.8, GREY))
      const facts: [string, string][] = [
        [p.customer, `${file.customerName} (${file.kcode})`],
        [p.account, file.number],
        [p.currency, currency],
        [p.period, periodText],
        [p.openingBalance, `${frenchAmount(summary.opening)} ${currency}`],
        [p.closingBalance, `${frenchAmount(summary.closing)} ${currency}`],
        [p.totalDebits, `${frenchAmount(summary.totalDebits)} ${currency}`],
        [p.totalCredits, `${frenchAmount(summary.totalCredits)} ${currency}`],
        [p.count, String(summary.count)],
      ]
      const summaryTable = doc.struct('Table')
      root.add(summaryTable)
      let fy = 768
      for (const [label, value] of facts) {
        const at = fy
        summaryTable.add(
          doc.struct('TR', {}, [
            doc.struct('TH', headerCell('Row'), () => text(`${label} :`, LEFT, at, 10, 'bold')),
            doc.struct('TD', {}, () => text(value, LEFT + 130, at, 10)),
          ]),
        )
        fy -= 16
      }
      summaryTable.end()
      y = FIRST_TABLE_TOP
      rowsLeft = FIRST_PAGE_ROWS
    } else {
      artifact(() => {
        text(bankTitle(ctx.bankName), LEFT, 800, 16, 'bold')
        doc.font('bold').fontSize(13)
        text(p.title, RIGHT - doc.widthOfString(p.title), 802, 13, 'bold')
        rule(790, 0.8, GREY)
        text(`${file.customerName} (${file.kcode}) · ${p.account} ${file.number} (${currency}) · ${p.period} ${periodText}`, LEFT, 772, 9, 'regular', GREY)
      })
      y = OTHER_TABLE_TOP
      rowsLeft = OTHER_PAGE_ROWS
    }
    artifact(() => {
      doc.rect(LEFT, HEIGHT - (y - 4) - (ROW + 1), RIGHT - LEFT, ROW + 1).fill(SHADE)
      text(generated, LEFT, 30, 8, 'regular', GREY)
      const pageText = p.page(pageNumber, total)
      doc.font('regular').fontSize(8)
      text(pageText, RIGHT - doc.widthOfString(pageText), 30, 8, 'regular', GREY)
      rule(44, 0.5, RULE)
    })
    const headerY = y
    const columnNames = () => COLUMN_KEYS.forEach((key) => cell(key, p.columns[key], headerY, 'bold', 8))
    if (pageNumber === 1) root.add(doc.struct('P', {}, columnNames))
    else artifact(columnNames)
    y -= ROW
    lines = doc.struct('P')
    root.add(lines)
  }

  newPage()
  if (summary.count === 0) root.add(doc.struct('P', {}, () => text(p.empty, LEFT + 3, y, 9, 'regular', GREY)))
  // Lines booked after the summary was read (a transfer of today, meanwhile) are left out, so the
  // table always agrees with the totals and the page count above it.
  let drawn = 0
  for await (const row of rows) {
    if (drawn === summary.count || sink.stopped()) break
    drawn += 1
    if (rowsLeft === 0) {
      await sink.betweenPages()
      if (sink.stopped()) break
      newPage()
    }
    const at = y
    const values: Record<Column, string> = {
      date: dateOnly.format(new Date(row.date_operation)),
      number: row.num_transaction,
      description: row.description,
      debit: frenchAmount(row.debit),
      credit: frenchAmount(row.credit),
      balance: frenchAmount(row.solde),
    }
    const line = doc.markStructureContent('P')
    for (const key of COLUMN_KEYS) cell(key, values[key], at, 'regular', 7.5)
    doc.endMarkedContent()
    lines!.add(line)
    artifact(() => rule(at - 3.5, 0.3, RULE))
    y -= ROW
    rowsLeft -= 1
  }
  lines?.end()
  root.end()
  doc.end()
}

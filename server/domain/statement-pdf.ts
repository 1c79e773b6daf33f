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
import { api } from '../../kernel/messages.ts'
import { currencyIso } from './money.ts'
import { A4, bankTitle, headerCell, newPdf, plainLayout, plainSpaces, type Pdf } from './pdf-document.ts'
import type { Period, StatementLine } from './statement-lines.ts'
import type { StatementFile, StatementSummary } from './statements.ts'

const p = api.statement.pdf

const WIDTH = A4.width
const HEIGHT = A4.height
const LEFT = 36
const RIGHT = WIDTH - 36
const ROW = 13
/** From one text line of a row to the next (7.5 pt text): a long label or reference wraps. */
const LINE = 9
const BOTTOM = 62
/** Where the table starts on the first page (below the summary) and on the others (from the bottom). */
const FIRST_TABLE_TOP = 610
const OTHER_TABLE_TOP = 740
export const FIRST_PAGE_ROWS = Math.floor((FIRST_TABLE_TOP - ROW - BOTTOM) / ROW)
export const OTHER_PAGE_ROWS = Math.floor((OTHER_TABLE_TOP - ROW - BOTTOM) / ROW)

/** Room left on the right of the footer for the number of pages (up to 6 digits at 8 pt). */
const TOTAL_WIDTH = 28

const INK = '#1a1a1a'
const GREY = '#666666'
const RULE = '#bfbfbf'
const SHADE = '#ebebeb'

type Column = 'date' | 'number' | 'description' | 'debit' | 'credit' | 'balance'

/** Columns: x of the left edge, width, alignment. */
const COLUMNS = (() => {
  // The number column holds a transfer's whole reference (VIR + 20 characters) on one line.
  const widths: Record<Column, number> = { date: 50, number: 134, description: 0, debit: 60, credit: 60, balance: 72 }
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

/** Pages of a statement of `count` lines of one text line each (an empty statement has one page). */
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
  const currency = currencyIso(file.currency)
  const dateOnly = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ctx.timeZone })
  const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: ctx.timeZone })
  const generated = plainSpaces(p.generated(dateTime.format(ctx.now).replace(' ', ' à '), api.transfer.receipt.timeZone(ctx.timeZone)))
  const periodText = p.periodValue(frenchDate(file.startDate), frenchDate(file.endDate))

  const root = doc.struct('Document')
  doc.addStructure(root)
  plainLayout(doc)

  // "Page n / N": N is known once the last line is drawn (a long label takes more than one text
  // line), so each page draws it as a form XObject whose content is written at the end; only its
  // reference is on the pages, which are written out one by one as they are made.
  const totalForm = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, -4, 60, 10], Resources: {} })
  const pageMarker = 999_999
  const pageTemplate = p.page(pageMarker, pageMarker)
  // "Page n / " (the catalogue's text up to the total, which ends it)
  const pagePrefix = pageTemplate.slice(0, pageTemplate.lastIndexOf(String(pageMarker)))

  /** Text with its baseline at `y` from the bottom of the page (the layout's coordinates). */
  const text = (value: string, x: number, y: number, size: number, font = 'regular', color = INK) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(plainSpaces(value), x, HEIGHT - y, { lineBreak: false, baseline: 'alphabetic' })
  }
  /**
   * A text in lines of at most `width` (the current font and size): cut between words, and a word
   * longer than a line between characters. Never cut short: a reference or label is read whole.
   */
  const wrap = (value: string, width: number): string[] => {
    const shown = plainSpaces(value)
    if (doc.widthOfString(shown) <= width) return [shown]
    const lines: string[] = []
    let line = ''
    for (const word of shown.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`
      if (doc.widthOfString(candidate) <= width) {
        line = candidate
        continue
      }
      if (line !== '') lines.push(line)
      line = ''
      // a word wider than the column: between characters
      for (const char of word) {
        if (line !== '' && doc.widthOfString(line + char) > width) {
          lines.push(line)
          line = ''
        }
        line += char
      }
    }
    if (line !== '') lines.push(line)
    return lines
  }
  /** A cell's lines, from the baseline `y` down, right-aligned for amounts. */
  const cell = (key: Column, lines: string[], y: number, font: string, size: number) => {
    const c = COLUMNS[key]
    doc.font(font).fontSize(size)
    lines.forEach((shown, i) => {
      const x = c.right ? c.x + c.width - 3 - doc.widthOfString(shown) : c.x + 3
      text(shown, x, y - i * LINE, size, font)
    })
  }
  const cellLines = (key: Column, value: string, font: string, size: number) => {
    doc.font(font).fontSize(size)
    return wrap(value, COLUMNS[key].width - 6)
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
    } else {
      artifact(() => {
        text(bankTitle(ctx.bankName), LEFT, 800, 16, 'bold')
        doc.font('bold').fontSize(13)
        text(p.title, RIGHT - doc.widthOfString(p.title), 802, 13, 'bold')
        rule(790, 0.8, GREY)
        text(`${file.customerName} (${file.kcode}) · ${p.account} ${file.number} (${currency}) · ${p.period} ${periodText}`, LEFT, 772, 9, 'regular', GREY)
      })
      y = OTHER_TABLE_TOP
    }
    artifact(() => {
      doc.rect(LEFT, HEIGHT - (y - 4) - (ROW + 1), RIGHT - LEFT, ROW + 1).fill(SHADE)
      text(generated, LEFT, 30, 8, 'regular', GREY)
      const pageText = pagePrefix.replace(String(pageMarker), String(pageNumber))
      doc.font('regular').fontSize(8)
      const pageX = RIGHT - TOTAL_WIDTH - doc.widthOfString(pageText)
      text(pageText, pageX, 30, 8, 'regular', GREY)
      // the total, after the text: the form, placed where the text ends
      const pageObject = doc.page as unknown as { xobjects: Record<string, unknown> }
      pageObject.xobjects.Tot = totalForm
      // (the page's coordinates run from the top: flipped back, so that the form's text stands upright)
      doc.addContent(`q 1 0 0 -1 ${(RIGHT - TOTAL_WIDTH).toFixed(2)} ${(HEIGHT - 30).toFixed(2)} cm /Tot Do Q`)
      rule(44, 0.5, RULE)
    })
    const headerY = y
    const columnNames = () => COLUMN_KEYS.forEach((key) => cell(key, [p.columns[key]], headerY, 'bold', 8))
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
    const values: Record<Column, string[]> = {
      date: [dateOnly.format(new Date(row.date_operation))],
      number: cellLines('number', row.num_transaction, 'regular', 7.5),
      description: cellLines('description', row.description, 'regular', 7.5),
      debit: [frenchAmount(row.debit)],
      credit: [frenchAmount(row.credit)],
      balance: [frenchAmount(row.solde)],
    }
    const height = Math.max(values.number.length, values.description.length) - 1
    // a row that does not fit goes whole to the next page (ROW: its own line and the rule below)
    if (y - height * LINE < BOTTOM + ROW) {
      await sink.betweenPages()
      if (sink.stopped()) break
      newPage()
    }
    const at = y
    const line = doc.markStructureContent('P')
    for (const key of COLUMN_KEYS) cell(key, values[key], at, 'regular', 7.5)
    doc.endMarkedContent()
    lines!.add(line)
    artifact(() => rule(at - height * LINE - 3.5, 0.3, RULE))
    y -= ROW + height * LINE
  }
  lines?.end()
  // the number of pages, now known, into the form every page shows
  doc.font('regular')
  const font = (doc as unknown as { _font: { id: string; ref(): unknown; encode(text: string): [string[], unknown] } })._font
  const [glyphs] = font.encode(String(pageNumber))
  ;(totalForm.data as Record<string, unknown>).Resources = { Font: { [font.id]: font.ref() } }
  totalForm.end(`BT /${font.id} 8 Tf 0.4 0.4 0.4 rg 0 0 Td <${glyphs.join('')}> Tj ET`)
  root.end()
  doc.end()
}

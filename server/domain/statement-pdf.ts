/**
 * The PDF statement of download/pdf/{filename}.pdf, made with pdf-lib from the ledger at download
 * time, page by page: the summary (balances, totals, number of lines) is computed in SQL first, so
 * the number of pages is known before the first line is drawn, then the lines are read in keyset
 * pages (statementLines) and drawn as they come. A4 portrait, Helvetica (WinAnsi: French accents;
 * a character the font lacks becomes "?").
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { api } from '../../machines/messages.ts'
import type { Queryable } from '../db/db.ts'
import { currencyIso } from './money.ts'
import { drawable } from './receipt.ts'
import { periodOf, statementLines, statementSummary, type StatementFile } from './statements.ts'

const p = api.statement.pdf

const WIDTH = 595.28
const HEIGHT = 841.89
const LEFT = 36
const RIGHT = WIDTH - 36
const ROW = 13
const BOTTOM = 62
/** Where the table starts on the first page (below the summary) and on the others. */
const FIRST_TABLE_TOP = 610
const OTHER_TABLE_TOP = 740
export const FIRST_PAGE_ROWS = Math.floor((FIRST_TABLE_TOP - ROW - BOTTOM) / ROW)
export const OTHER_PAGE_ROWS = Math.floor((OTHER_TABLE_TOP - ROW - BOTTOM) / ROW)

/** Columns: x of the left edge, width, alignment. */
const COLUMNS = (() => {
  const widths = { date: 50, number: 112, description: 0, debit: 64, credit: 64, balance: 74 }
  widths.description = RIGHT - LEFT - widths.date - widths.number - widths.debit - widths.credit - widths.balance
  let x = LEFT
  const out = {} as Record<keyof typeof widths, { x: number; width: number; right: boolean }>
  for (const key of Object.keys(widths) as (keyof typeof widths)[]) {
    out[key] = { x, width: widths[key], right: key === 'debit' || key === 'credit' || key === 'balance' }
    x += widths[key]
  }
  return out
})()

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
export function frenchDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-')
  return `${d}/${m}/${y}`
}

export interface StatementPdfContext {
  bankName: string
  timeZone: string
  now: Date
}

export async function statementPdf(q: Queryable, file: StatementFile, ctx: StatementPdfContext): Promise<Uint8Array> {
  const period = await periodOf(q, file.startDate, file.endDate, ctx.timeZone)
  const summary = await statementSummary(q, file.accountId, period)
  const total = pageCount(summary.count)
  const currency = currencyIso(file.currency)

  const doc = await PDFDocument.create()
  doc.setTitle(`${p.title} ${file.number} ${frenchDate(file.startDate)} - ${frenchDate(file.endDate)}`)
  doc.setAuthor(ctx.bankName)
  doc.setCreationDate(ctx.now)
  doc.setModificationDate(ctx.now)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.1, 0.1, 0.1)
  const grey = rgb(0.4, 0.4, 0.4)
  const line = rgb(0.75, 0.75, 0.75)

  const dateOnly = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ctx.timeZone })
  const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium', timeZone: ctx.timeZone })
  const generated = p.generated(dateTime.format(ctx.now).replace(' ', ' à '), api.transfer.receipt.timeZone(ctx.timeZone))
  const bank = ctx.bankName.charAt(0).toUpperCase() + ctx.bankName.slice(1)
  const periodText = p.periodValue(frenchDate(file.startDate), frenchDate(file.endDate))

  const text = (page: PDFPage, value: string, x: number, y: number, size: number, font: PDFFont = regular, color = ink) =>
    page.drawText(drawable(font, value), { x, y, size, font, color })
  /** Cuts a text to a width, with an ellipsis. */
  const fit = (value: string, font: PDFFont, size: number, width: number): string => {
    let out = drawable(font, value)
    if (font.widthOfTextAtSize(out, size) <= width) return out
    while (out.length > 0 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1)
    return `${out.trimEnd()}…`
  }
  const cell = (page: PDFPage, key: keyof typeof COLUMNS, value: string, y: number, font: PDFFont, size: number) => {
    const c = COLUMNS[key]
    const shown = fit(value, font, size, c.width - 6)
    const x = c.right ? c.x + c.width - 3 - font.widthOfTextAtSize(shown, size) : c.x + 3
    page.drawText(shown, { x, y, size, font, color: ink })
  }

  let pageNumber = 0
  let page!: PDFPage
  let y = 0
  let rowsLeft = 0

  const newPage = () => {
    pageNumber += 1
    page = doc.addPage([WIDTH, HEIGHT])
    text(page, bank, LEFT, 800, 16, bold)
    const title = `${p.title}`
    text(page, title, RIGHT - bold.widthOfTextAtSize(title, 13), 802, 13, bold)
    page.drawLine({ start: { x: LEFT, y: 790 }, end: { x: RIGHT, y: 790 }, thickness: 0.8, color: grey })
    if (pageNumber === 1) {
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
      let fy = 768
      for (const [label, value] of facts) {
        text(page, `${label} :`, LEFT, fy, 10, bold)
        text(page, value, LEFT + 130, fy, 10)
        fy -= 16
      }
      y = FIRST_TABLE_TOP
      rowsLeft = FIRST_PAGE_ROWS
    } else {
      text(page, `${file.customerName} (${file.kcode}) · ${p.account} ${file.number} (${currency}) · ${p.period} ${periodText}`, LEFT, 772, 9, regular, grey)
      y = OTHER_TABLE_TOP
      rowsLeft = OTHER_PAGE_ROWS
    }
    // table header
    page.drawRectangle({ x: LEFT, y: y - 4, width: RIGHT - LEFT, height: ROW + 1, color: rgb(0.92, 0.92, 0.92) })
    for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) cell(page, key, p.columns[key], y, bold, 8)
    y -= ROW
    // footer
    text(page, generated, LEFT, 30, 8, regular, grey)
    const pageText = p.page(pageNumber, total)
    text(page, pageText, RIGHT - regular.widthOfTextAtSize(pageText, 8), 30, 8, regular, grey)
    page.drawLine({ start: { x: LEFT, y: 44 }, end: { x: RIGHT, y: 44 }, thickness: 0.5, color: line })
  }

  newPage()
  if (summary.count === 0) text(page, p.empty, LEFT + 3, y, 9, regular, grey)
  // Lines booked after the summary was read (a transfer of today, meanwhile) are left out, so the
  // table always agrees with the totals and the page count above it.
  let drawn = 0
  for await (const row of statementLines(q, { id: file.accountId, number: file.number }, period)) {
    if (drawn === summary.count) break
    drawn += 1
    if (rowsLeft === 0) newPage()
    cell(page, 'date', dateOnly.format(new Date(row.date_operation)), y, regular, 7.5)
    cell(page, 'number', row.num_transaction, y, regular, 7.5)
    cell(page, 'description', row.description, y, regular, 7.5)
    cell(page, 'debit', frenchAmount(row.debit), y, regular, 7.5)
    cell(page, 'credit', frenchAmount(row.credit), y, regular, 7.5)
    cell(page, 'balance', frenchAmount(row.solde), y, regular, 7.5)
    page.drawLine({ start: { x: LEFT, y: y - 3.5 }, end: { x: RIGHT, y: y - 3.5 }, thickness: 0.3, color: line })
    y -= ROW
    rowsLeft -= 1
  }
  return doc.save()
}

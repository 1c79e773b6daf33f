/**
 * The PDF documents of the bank (statements, transfer receipts), made with PDFKit: tagged PDF 1.7
 * in French (`/Lang (fr-FR)`, `/MarkInfo`, a structure tree), A4, with DejaVu Sans embedded (subset)
 * so that every French character and the currency signs render and read back as text.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type PDFKitDocument from 'pdfkit'

const require = createRequire(import.meta.url)
/**
 * PDFKit's CommonJS build, not its ES module: measured in a fresh thread, `import('pdfkit')` (its
 * .mjs and fontkit's) leaves 5.4 MiB of heap against 4.7 MiB for `require('pdfkit')`; the
 * statement's worker thread carries it for as long as it lives.
 */
const PDFDocument = require('pdfkit') as typeof PDFKitDocument
/** Read once: each document subsets the glyphs it uses from these bytes. */
const REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))
const BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))

export const A4 = { width: 595.28, height: 841.89 }

export type Pdf = InstanceType<typeof PDFDocument>

export interface PdfInfo {
  title: string
  author: string
  date: Date
}

/** A new tagged document with the fonts `regular` and `bold`; pages are added by the caller. */
export function newPdf(info: PdfInfo): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    // PDFKit keeps the layout of every distinct text it measured: over a long statement (every
    // line's reference and description differ) that cache alone grew by hundreds of MiB.
    fontLayoutCache: false,
    // No default font: PDFKit would otherwise parse Helvetica's metrics (~0.2 MiB per document)
    // and write an unused font object; every text names `regular` or `bold` first.
    font: '',
    info: { Title: info.title, Author: info.author, CreationDate: info.date, ModDate: info.date },
  })
  doc.registerFont('regular', REGULAR)
  doc.registerFont('bold', BOLD)
  return doc
}

/** Spaces of any kind (Intl's narrow no-break spaces) as plain spaces, so that text reads back plainly. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
}

/** The bank's name as a title: first letter upper-case. */
export function bankTitle(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** A TH's Scope attribute: PDFKit writes it, its type definitions do not list it yet. */
export function headerCell(scope: 'Row' | 'Column'): PDFKit.Mixins.StructureElementOptions {
  return { scope } as PDFKit.Mixins.StructureElementOptions
}

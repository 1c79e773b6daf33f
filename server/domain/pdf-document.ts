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

/** What plainLayout needs of PDFKit's embedded font (its own type definitions do not list it). */
interface EmbeddedFont {
  scale: number
  font: { glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number; codePoints: number[] } }
  layout(text: string, features?: unknown, onlyWidth?: boolean): unknown
}

/**
 * Text laid out glyph by glyph from the font's character map, each character's glyph looked up
 * once per document, instead of fontkit's shaping (its script, feature and lookup tables for every
 * string, and PDFKit's cache of every word laid out, which grew without bound over a long
 * statement): about 2 ms a line of the statement before, mostly in that shaping. Latin text in
 * DejaVu Sans needs no shaping to read right; what is lost is kerning and the fi/fl ligatures,
 * and text read back is plainer without ligatures. Text is NFC-normalised first, so that a letter
 * and its accent typed apart are one precomposed glyph. For the statement (many lines).
 */
export function plainLayout(doc: Pdf): void {
  for (const name of ['regular', 'bold']) {
    doc.font(name)
    const font = (doc as unknown as { _font: EmbeddedFont })._font
    const glyphs = new Map<number, { glyph: ReturnType<EmbeddedFont['font']['glyphForCodePoint']>; width: number }>()
    const original = font.layout.bind(font)
    font.layout = (text: string, features?: unknown, onlyWidth?: boolean) => {
      if (features) return original(text, features, onlyWidth)
      const normal = text.normalize('NFC')
      const run: { glyph: { id: number; advanceWidth: number; codePoints: number[] }; width: number }[] = []
      let advanceWidth = 0
      for (const char of normal) {
        const codePoint = char.codePointAt(0)!
        let known = glyphs.get(codePoint)
        if (!known) {
          const glyph = font.font.glyphForCodePoint(codePoint)
          known = { glyph, width: glyph.advanceWidth * font.scale }
          glyphs.set(codePoint, known)
        }
        advanceWidth += known.width
        if (!onlyWidth) run.push(known)
      }
      if (onlyWidth) return { glyphs: null, positions: null, advanceWidth }
      return {
        glyphs: run.map((g) => g.glyph),
        positions: run.map((g) => ({ xAdvance: g.width, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: g.width })),
        advanceWidth,
      }
    }
  }
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

/**
 * The worker thread that draws statement PDFs (statement-pdf-stream.ts runs a pool of them).
 * Drawing a page — measuring and laying out every cell with the embedded font — and PDFKit's end
 * of the document (structure tree, font subset) take tens to hundreds of milliseconds of CPU each:
 * on the main thread, that held up every other customer's call for the length of a long statement.
 *
 * A receipt task (receipt.ts) is one small page, drawn whole and answered as bytes.
 *
 * One statement task is one PDF. It talks with the main thread over its own MessagePort: it asks for lines
 * (`more`), receives them in batches (`rows`), sends the file's bytes in chunks (`bytes`,
 * transferred, not copied) and says when the file is whole (`end`). `stop` from the main thread
 * (the customer left) ends the drawing.
 */
import type { MessagePort } from 'node:worker_threads'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { getHeapStatistics } from 'node:v8'
import { drawReceipt, type ReceiptDrawing } from './receipt-draw.ts'
import { drawStatementPdf, type StatementPdfContext } from './statement-pdf.ts'
import type { StatementLine } from './statement-lines.ts'
import type { StatementFile, StatementSummary } from './statements.ts'

export interface StatementPdfTask {
  kind: 'statement'
  port: MessagePort
  file: StatementFile
  summary: StatementSummary
  ctx: StatementPdfContext
}

/** A transfer receipt: drawn whole, its bytes answered. */
export interface ReceiptTask {
  kind: 'receipt'
  drawing: ReceiptDrawing
}

export type PdfTask = StatementPdfTask | ReceiptTask

export type ToWorker = { kind: 'rows'; rows: StatementLine[]; last: boolean } | { kind: 'stop' }
export type FromWorker = { kind: 'more' } | { kind: 'bytes'; chunk: Uint8Array } | { kind: 'end'; heapPeak: number }

/** Bytes gathered before they are posted: fewer, larger messages than PDFKit's many small writes. */
const CHUNK_BYTES = 64 * 1024

// PDFKit, fontkit and the fonts are loaded with this module; a first small page is drawn at once,
// when the server starts the worker, so that the first real PDF finds them ready.
await drawReceipt({ title: 'warm', heading: 'warm', bankName: 'warm', date: new Date(0), lines: [['Aé€', '1 234,56 ₣']], footer: 'warm' })

export default async function pdfTask(task: PdfTask): Promise<Uint8Array | void> {
  if (task.kind === 'receipt') {
    const bytes = await drawReceipt(task.drawing)
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
  return statementPdfTask(task)
}

async function statementPdfTask({ port, file, summary, ctx }: StatementPdfTask): Promise<void> {
  let stopped = false
  let heapPeak = getHeapStatistics().used_heap_size
  let waiting: ((message: ToWorker) => void) | undefined
  const receive = (message: ToWorker) => {
    if (message.kind === 'stop') stopped = true
    const resolve = waiting
    waiting = undefined
    resolve?.(message)
  }
  port.on('message', receive)
  // the main thread closed its side (the customer left): as a `stop`
  port.on('close', () => receive({ kind: 'stop' }))
  const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

  async function* rows(): AsyncGenerator<StatementLine> {
    for (;;) {
      if (stopped) return
      const answer = new Promise<ToWorker>((resolve) => (waiting = resolve))
      post({ kind: 'more' })
      const message = await answer
      if (message.kind === 'stop') return
      yield* message.rows
      if (message.last) return
    }
  }

  let pending: Buffer[] = []
  let pendingBytes = 0
  const flush = () => {
    if (pendingBytes === 0) return
    // A fresh ArrayBuffer of its own, so that it can be transferred (Buffer.concat may share a pool).
    const chunk = new Uint8Array(pendingBytes)
    let at = 0
    for (const part of pending) {
      chunk.set(part, at)
      at += part.length
    }
    pending = []
    pendingBytes = 0
    post({ kind: 'bytes', chunk }, [chunk.buffer])
  }

  try {
    await drawStatementPdf(file, summary, ctx, rows(), {
      write(chunk) {
        pending.push(chunk)
        pendingBytes += chunk.length
        if (pendingBytes >= CHUNK_BYTES) flush()
      },
      async betweenPages() {
        heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size)
        // lets the `stop` of a customer who left arrive
        await yieldToEventLoop()
      },
      stopped: () => stopped,
    })
    flush()
    post({ kind: 'end', heapPeak })
  } finally {
    port.close()
  }
}

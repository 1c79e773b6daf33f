/**
 * The PDF statement as a stream for the reply, drawn in a worker thread (statement-pdf-worker.ts)
 * while the lines are read here, on the main thread: the database (PGlite lives in this thread and
 * cannot be shared; a PostgreSQL pool is here too) stays where it is, for PGlite and PostgreSQL
 * alike. The worker asks for lines as it draws; the next keyset page is read only once the reply
 * has taken the bytes already made (back-pressure), so at most one batch of lines and its bytes
 * are in flight whatever the length of the statement.
 *
 * The workers are a piscina pool: a few PDFs are drawn at once (PDF_THREADS), the others wait in
 * its queue; each worker's heap is capped (resourceLimits), so a PDF that held on to its pages
 * would fail rather than grow the server.
 */
import { once } from 'node:events'
import { availableParallelism } from 'node:os'
import { PassThrough, type Readable } from 'node:stream'
import { MessageChannel } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { Queryable } from '../db/db.ts'
import type { ReceiptDrawing } from './receipt-draw.ts'
import type { StatementFacts, StatementPdfContext } from './statement-pdf.ts'
import type { FromWorker, PdfTask, StatementPdfTask, ToWorker } from './statement-pdf-worker.ts'
import { PAGE_ROWS, statementPages, type StatementFile } from './statements.ts'

/** PDFs drawn at once: one core is left to the main thread (the calls, the database). */
export const PDF_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1))
/** PDFs waiting for a worker at most; beyond, a PDF asked for is refused with HTTP 503 (try again in a moment). */
export const PDF_QUEUE = 4
/** Seconds the refusal asks to wait (Retry-After). */
export const PDF_RETRY_SECONDS = 5
/** Lines per message to the worker: one keyset query's worth (PGlite runs it in this thread). */
const BATCH_ROWS = PAGE_ROWS
/**
 * Heap of one worker: its code and fonts, one page in the making and PDFKit's table of objects.
 * Measured on a 50,000-line PDF (the worker under tsx, which adds ~2 MiB): the live heap starts at
 * ~16 MiB (PDFKit and fontkit's code and tables are most of it) and ends at ~18 MiB (PDFKit keeps
 * ~2 KiB per page: the page tree, the structure tree's parents). V8 lets garbage build up to about
 * half the cap before collecting the old generation, so the cap sets the peak: at 48 MiB the worker
 * peaked at 31–33 MiB, at 32 at ~25, at 26 at ~22.4, at 24 at ~21.2 — still ~6 MiB over the live heap
 * at its largest (test/server/statement-files.test.ts draws a 50,000-line PDF under this cap).
 */
const WORKER_HEAP_MB = 24
/**
 * The young generation: a few MiB of short-lived objects per page; more only delays collections.
 * A process started with the servers' `--max-semi-space-size=8` (server/node-flags.ts) gives its
 * workers that instead (V8's flag wins over `resourceLimits`): 3 × 8 MiB, a worker peaking at ~28 MiB.
 */
const WORKER_YOUNG_HEAP_MB = 4

// Under tsx or Vitest this module is TypeScript and so is the worker (loaded with tsx); compiled
// (build/server), both are JavaScript side by side.
const compiled = import.meta.url.endsWith('.js')
const workerFile = new URL(`./statement-pdf-worker.${compiled ? 'js' : 'ts'}`, import.meta.url).href

/** Whether a PDF of this customer may be drawn now: `busy` (queue full), `oneAtATime` (hers is being drawn). */
export type Admission = 'ok' | 'busy' | 'oneAtATime'

export interface StatementPdfs {
  /** Whether a PDF of `customerId` would be drawn (or queued) now. */
  admit(customerId: string): Admission
  /**
   * The PDF of `file` for `customerId` (admitted first); a failure (the database gone, the worker
   * lost) cuts the download.
   */
  stream(q: Queryable, file: StatementFile, facts: StatementFacts, ctx: StatementPdfContext, customerId?: string): Readable
  /** A transfer receipt (receipt.ts), drawn in a worker like the statements. */
  receipt(drawing: ReceiptDrawing): Promise<Buffer>
  /** The largest heap a worker reached while drawing (diagnostics, the benchmark). */
  workerHeapPeak(): number
  /** PDFs queued or being drawn. */
  inFlight(): number
  close(): Promise<void>
}

/** The workers of the server that runs in this process (the last one started), for receipt.ts. */
let inUse: StatementPdfs | undefined
export const pdfWorkersInUse = (): StatementPdfs | undefined => inUse

/**
 * The pool of PDF workers. One worker starts at once (`minThreads`): it loads PDFKit and the fonts
 * and draws a small page (statement-pdf-worker.ts), so that neither the first statement nor the
 * first receipt waits for that, and the main thread never does it (it stalled every customer
 * about 370 ms at the first receipt).
 */
export function statementPdfs(): StatementPdfs {
  let pool: Piscina | undefined
  let heapPeak = 0
  let inFlight = 0
  /** Customers whose PDF is queued or being drawn. */
  const drawing = new Set<string>()
  const workers = () =>
    (pool ??= new Piscina({
      filename: workerFile,
      minThreads: 1,
      maxThreads: PDF_THREADS,
      idleTimeout: 60_000,
      execArgv: compiled ? [] : ['--import', 'tsx'],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_HEAP_MB },
    }))

  const self: StatementPdfs = {
    admit(customerId) {
      if (drawing.has(customerId)) return 'oneAtATime'
      return inFlight >= PDF_THREADS + PDF_QUEUE ? 'busy' : 'ok'
    },
    stream(q, file, facts, ctx, customerId) {
      const out = new PassThrough()
      const { port1: port, port2 } = new MessageChannel()
      const pages = statementPages(q, { id: file.accountId, number: file.number }, facts.period, BATCH_ROWS)
      const queued = new AbortController()
      let started = false
      let finished = false
      const post = (message: ToWorker) => port.postMessage(message)
      const fail = (error: unknown) => {
        if (finished) return
        finished = true
        port.close()
        void pages.return(undefined)
        out.destroy(error as Error)
      }

      const sendRows = async () => {
        // back-pressure: the next lines once the reply has taken what was made
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')])
        if (finished) return
        // one keyset page per message (BATCH_ROWS lines; the last page is shorter or empty)
        const next = await pages.next()
        const rows = next.done ? [] : next.value
        const last = next.done === true || rows.length < BATCH_ROWS
        if (!finished) post({ kind: 'rows', rows, last })
      }

      port.on('message', (message: FromWorker) => {
        started = true
        if (message.kind === 'more') sendRows().catch(fail)
        else if (message.kind === 'bytes') out.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength))
        else {
          heapPeak = Math.max(heapPeak, message.heapPeak)
          finished = true
          port.close()
          void pages.return(undefined)
          out.end()
        }
      })
      out.on('close', () => {
        if (finished) return
        // The customer left: a PDF still queued is dropped, one being drawn stops at its next page.
        if (!started) queued.abort()
        else post({ kind: 'stop' })
        finished = true
        port.close()
        void pages.return(undefined)
      })

      const task: StatementPdfTask = { kind: 'statement', port: port2, file, summary: facts.summary, ctx }
      inFlight += 1
      if (customerId !== undefined) drawing.add(customerId)
      workers()
        .run(task, { transferList: [port2], signal: queued.signal })
        .catch((error: unknown) => {
          if (!queued.signal.aborted) fail(error)
        })
        .finally(() => {
          inFlight -= 1
          if (customerId !== undefined) drawing.delete(customerId)
        })
      return out
    },
    async receipt(drawing) {
      const task: PdfTask = { kind: 'receipt', drawing }
      const bytes = (await workers().run(task)) as Uint8Array
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    },
    workerHeapPeak: () => heapPeak,
    inFlight: () => inFlight,
    async close() {
      if (inUse === self) inUse = undefined
      await pool?.destroy()
    },
  }
  inUse = self
  // started now, not at the first PDF
  workers()
  return self
}

/**
 * The statement files as documents and as streams (the receipt's tagging: transfers-receipt.test.ts):
 * tagged PDF in French with an embedded font (accents and currency signs read back as text), a 50,000-line statement streamed
 * with small memory growth (the main thread's and the PDF worker's) while another customer's call is
 * answered, a download left half-way that frees its worker for the next one, and the row cap
 * (STATEMENT_MAX_ROWS) refusing with the catalogue's French message.
 */
import { execFileSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../kernel/messages.ts'
import { internalAccountNumber, mainCustomer, statementOnlyCustomer } from '../../server/demo/demo-data.ts'
import { pageCount } from '../../server/domain/statement-pdf.ts'
import { PAGE_ROWS } from '../../server/domain/statements.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

// A full collection before each sample, so that what is measured is what the download keeps, not
// garbage the collector has not reached yet (the flag may be set at run time; gc is then found in a new context).
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const LINES = 50_000
const MiB = 1024 * 1024
const DAY_MS = 24 * 60 * 60 * 1000
/** Signs that a WinAnsi font lacks (₣, ₦) next to those it has: the embedded font has them all. */
const SIGNS = '€ $ £ ₣ ₦'

let server: TestServer
/** The 50,000-line account, written before anything else. */
const BULK = 'BULK00000000000000001'
let bulkWritten: Promise<void>
let esther: string
let jean: string
let dir: string

beforeAll(async () => {
  server = await startTestServer({ config: { bankName: 'Banque du Kivu', statementMaxRows: LINES, sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  esther = await server.signIn(statementOnlyCustomer)
  jean = await server.signIn(mainCustomer)
  dir = mkdtempSync(join(tmpdir(), 'statement-files-'))
  // Written first, into a ledger of the demo's size: a bulk insert after a small one of the same
  // statement ran on the foreign-key checks' plan made for the small table (a scan of the table at
  // each of its 100,000 rows: minutes instead of seconds on PGlite).
  bulkWritten = accountWithLines(BULK, LINES, 'Dépôt en espèces')
  await bulkWritten
}, 180_000)
afterAll(async () => {
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: server.config.timeZone }).format(server.clock.now())
const daysAgo = (n: number) => new Date(server.clock.now().getTime() - n * DAY_MS).toISOString().slice(0, 10)
const download = (id: string, token: string) => fetch(`${server.url}${customerPath(`download/pdf/${id}`)}`, { headers: { authorization: `Bearer ${token}` } })
const pdfText = (file: string, pages: string[] = []) =>
  execFileSync('/usr/bin/pdftotext', [...pages, '-layout', '-enc', 'UTF-8', file, '-'])
    .toString('utf8')
    .replace(/\s+/g, ' ')

/** A fresh CDF account of Esther with `count` deposits of 1,00 over the last days, written in bulk. */
async function accountWithLines(number: string, count: number, description: string): Promise<void> {
  const [customer] = await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [statementOnlyCustomer.kcode])
  const [account] = await server.db.query<{ id: string }>(
    `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
    [number, customer!.id, statementOnlyCustomer.name],
  )
  const [bank] = await server.db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
  const start = new Date(server.clock.now().getTime() - 5 * DAY_MS)
  await server.db.query(
    `with t as (
       insert into ledger_transactions (reference, kind, description, booked_at)
       select $5 || lpad(i::text, 6, '0'), 'deposit', $4 || ' n° ' || i, $1::timestamptz + make_interval(secs => i)
         from generate_series(1, $6::int) i
       returning id, reference, booked_at)
     insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
     select id, $2::bigint, 1, right(reference, 6)::int, booked_at from t
     union all
     select id, $3::bigint, -1, -right(reference, 6)::int, booked_at from t`,
    [start, account!.id, bank!.id, description, number.slice(0, 4), count],
  )
  await server.db.query('update accounts set balance = $2 where id = $1', [account!.id, count])
}

/** The body of an answer, chunk by chunk as it arrives. */
async function* chunks(res: Response): AsyncGenerator<Uint8Array> {
  const reader = res.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    yield value
  }
}

async function statementFile(number: string): Promise<string> {
  const answer = await server.call(customerPath('report/pdf'), {
    token: esther,
    body: { startDate: daysAgo(10), endDate: today(), account: number, currency: '3' },
  })
  expect(answer.body.status).toBe('0')
  return answer.body.filename as string
}

describe('the PDF files', () => {
  it('are tagged PDF 1.7 in French, with the accents and currency signs read back as text', async () => {
    const number = 'SIGNS0000000000000001'
    await accountWithLines(number, 3, `Épargne façade ${SIGNS}`)
    const res = await download(`${await statementFile(number)}.pdf`, esther)
    expect(res.status).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    const raw = bytes.toString('latin1')
    expect(raw.startsWith('%PDF-1.7')).toBe(true)
    expect(raw).toContain('/Lang (fr-FR)')
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/)
    expect(raw).toContain('/Marked true')
    expect(raw).toContain('/StructTreeRoot')
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/) // a TrueType font embedded in the file
    const file = join(dir, 'signs.pdf')
    writeFileSync(file, bytes)
    const text = pdfText(file)
    expect(text).toContain('Relevé de compte')
    expect(text).toContain('Solde de clôture : 3,00 CDF')
    expect(text).toContain(`Épargne façade ${SIGNS} n° 3`)
    expect(text).toContain("Nombre d'opérations : 3")
  })
})

describe(`a statement of ${LINES.toLocaleString('en')} lines`, () => {
  const number = BULK
  let filename: string

  beforeAll(async () => {
    await bulkWritten
    filename = await statementFile(number)
  }, 120_000)

  it('streams with small memory growth while another customer is answered', async () => {
    collect()
    const before = process.memoryUsage()
    let peakHeap = before.heapUsed
    let peakOffHeap = before.arrayBuffers
    const res = await download(`${filename}.pdf`, esther)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const file = join(dir, 'bulk.pdf')
    const sink = createWriteStream(file)
    let downloading = true
    let unrelated: Promise<number> | undefined
    let chunkCount = 0
    for await (const chunk of chunks(res)) {
      sink.write(chunk)
      chunkCount += 1
      // Another customer's call, sent once the download is under way, is answered before it ends.
      unrelated ??= server
        .call(customerPath('balance'), { token: jean, body: { code: mainCustomer.accounts.usd.number, currency: '1' } })
        .then((answer) => (downloading ? answer.status : -1))
      if (chunkCount % 50 !== 0) continue
      collect()
      const now = process.memoryUsage()
      peakHeap = Math.max(peakHeap, now.heapUsed)
      peakOffHeap = Math.max(peakOffHeap, now.arrayBuffers)
    }
    downloading = false
    expect(chunkCount).toBeGreaterThan(100) // the memory was sampled while the file was streaming
    await new Promise((done) => sink.end(done))
    expect(await unrelated).toBe(200)
    expect(peakHeap - before.heapUsed).toBeLessThan(64 * MiB)
    // Buffers (the PDF's chunks) live outside the heap, in arrayBuffers. Neither the resident size nor
    // `external` is asserted: both count the embedded database's WebAssembly memory, which grows with
    // the 50,000-row scan and which a server on PostgreSQL does not carry (Node 24: +74 MiB resident).
    expect(peakOffHeap - before.arrayBuffers).toBeLessThan(64 * MiB)
    // The pages are drawn in a worker thread: its heap is its own, read at each page. The worker's
    // heap is capped below this (resourceLimits), so a PDF that kept its pages would fail the download.
    const workerHeap = server.app.statementPdfs.workerHeapPeak()
    expect(workerHeap).toBeGreaterThan(0)
    expect(workerHeap).toBeLessThan(64 * MiB)

    const pages = pageCount(LINES)
    expect(readFileSync(file).subarray(-8).toString('latin1')).toContain('%%EOF')
    const last = pdfText(file, ['-f', String(pages), '-l', String(pages)])
    expect(last).toContain(`Page ${pages} / ${pages}`)
    expect(last).toContain(`BULK0${LINES}`)
    expect(last).toContain('50 000,00')
    expect(last).toContain(`Dépôt en espèces n° ${LINES}`)
  }, 300_000)

  it('left half-way, stops reading the ledger and frees its worker', async () => {
    let reads = 0
    const query = server.db.query.bind(server.db)
    server.db.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.includes('from ledger_entries e join ledger_transactions')) reads += 1
      return (query as (...args: unknown[]) => unknown)(sql, ...rest)
    }) as typeof server.db.query
    try {
      const res = await download(`${filename}.pdf`, esther)
      expect(res.status).toBe(200)
      const reader = res.body!.getReader()
      for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false)
      await reader.cancel()
      await vi.waitFor(() => expect(server.app.statementPdfs.inFlight()).toBe(0), { timeout: 120_000, interval: 50 })
      // The whole file would have taken LINES / PAGE_ROWS keyset reads; the worker stopped long before.
      expect(reads).toBeGreaterThan(0)
      expect(reads).toBeLessThan(LINES / PAGE_ROWS / 4)
    } finally {
      server.db.query = query
    }
  }, 300_000)

  it("one PDF at a time per customer: another is refused with 503, Retry-After and the catalogue's words; a CSV is not held", async () => {
    const res = await download(`${filename}.pdf`, esther)
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    try {
      const link = await server.call(customerPath('download/link'), { token: esther, body: { id: `${filename}.pdf` } })
      expect(link.status).toBe(503)
      expect(link.headers.get('retry-after')).toBe('5')
      expect(link.body).toEqual({ code: '1', message: api.statement.oneAtATime })
      const again = await download(`${filename}.pdf`, esther)
      expect(again.status).toBe(503)
      expect((await server.call(customerPath('download/link'), { token: esther, body: { id: `${filename}.csv` } })).status).toBe(200)
    } finally {
      await reader.cancel()
    }
    await vi.waitFor(() => expect(server.app.statementPdfs.inFlight()).toBe(0), { timeout: 120_000, interval: 50 })
    expect((await server.call(customerPath('download/link'), { token: esther, body: { id: `${filename}.pdf` } })).status).toBe(200)
  }, 300_000)

  it('is streamed as CSV too, every line', async () => {
    const res = await download(`${filename}.csv`, esther)
    expect(res.status).toBe(200)
    let lines = 0
    let tail = ''
    for await (const chunk of chunks(res)) {
      const text = tail + Buffer.from(chunk).toString('utf8')
      const parts = text.split('\r\n')
      tail = parts.pop()!
      lines += parts.length
    }
    expect(lines).toBe(LINES + 1) // and the header
  }, 300_000)

  it('one line more is over STATEMENT_MAX_ROWS: the catalogue message, on the screen call and on the download', async () => {
    await server.db.query(
      `with t as (insert into ledger_transactions (reference, kind, description, booked_at) values ('BULKEXTRA', 'deposit', 'Un de trop', $2) returning id, booked_at)
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
       select t.id, a.id, 1, $3, t.booked_at from t, accounts a where a.number = $1`,
      [number, server.clock.now(), LINES + 1],
    )
    const message = api.statement.tooManyLines(LINES)
    expect(message).toContain('50 000')
    const refused = await server.call(customerPath('statements'), {
      token: esther,
      body: { startDate: daysAgo(10), endDate: today(), account: number, currency: '3' },
    })
    expect(refused.body).toEqual({ code: '0', status: '1', message })
    const pdf = await download(`${filename}.pdf`, esther)
    expect(pdf.status).toBe(422)
    expect(await pdf.json()).toEqual({ code: '1', message })
    expect((await download(`${filename}.csv`, esther)).status).toBe(422)
  })
})

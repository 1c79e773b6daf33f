/**
 * `tsx scripts/statement-pdf-bench.ts [lines] [runs]`: the statement PDF's drawing alone, in this
 * thread, without database or HTTP (server/domain/statement-pdf.ts): lines made up in memory as
 * the ledger gives them, bytes dropped. Prints the time per run and per line, so that a change of
 * the drawing can be measured on its own. Default 10,000 lines, 3 runs (the first warms the code);
 * PDF_OUT=file.pdf keeps the last run's file.
 */
import { writeFileSync } from 'node:fs'
import { drawStatementPdf } from '../server/domain/statement-pdf.ts'
import type { StatementLine } from '../server/domain/statement-lines.ts'
import type { StatementFile } from '../server/domain/statements.ts'

const LINES = Number(process.argv[2] ?? 10_000)
const RUNS = Number(process.argv[3] ?? 3)

const file: StatementFile = {
  id: 'releve-bench',
  customerName: 'Esther Kabongo',
  kcode: 'K7654321',
  accountId: '1',
  number: 'CD0000000000000000001',
  currency: '3',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
}

function* lines(count: number): Generator<StatementLine[]> {
  const start = Date.UTC(2026, 0, 1, 7)
  let page: StatementLine[] = []
  for (let i = 1; i <= count; i++) {
    page.push({
      // a transfer's reference, as long as the portal makes them
      num_transaction: i % 3 === 0 ? `VIR${(i * 7919).toString(36).toUpperCase().padStart(20, 'Q')}` : `DEMO${String(i).padStart(8, '0')}`,
      date_operation: new Date(start + i * 60_000).toISOString(),
      num: file.number,
      description: i % 3 === 0 ? `Transfert vers Grace Mbuyi : Loyer du mois n° ${i}` : `Dépôt en espèces n° ${i}`,
      debit: i % 3 === 0 ? `${(i % 997) + 1}.50` : '',
      credit: i % 3 === 0 ? '' : `${(i % 1013) + 1}.00`,
      solde: `${1_000_000 + i * 3}.25`,
    })
    if (page.length === 250) {
      yield page
      page = []
    }
  }
  if (page.length > 0) yield page
}

async function* rows(count: number): AsyncGenerator<StatementLine> {
  for (const page of lines(count)) yield* page
}

for (let run = 1; run <= RUNS; run++) {
  let bytes = 0
  const kept: Buffer[] = []
  const started = performance.now()
  await drawStatementPdf(
    file,
    {
      opening: '1000000.00',
      closing: '1150000.25',
      totalDebits: '12345.00',
      totalCredits: '67890.00',
      count: LINES,
      lowest: '1000000.00',
      highest: '1150000.25',
    },
    { bankName: 'Banque du Kivu', timeZone: 'Africa/Kinshasa', now: new Date() },
    rows(LINES),
    { write: (chunk) => ((bytes += chunk.length), process.env.PDF_OUT && kept.push(chunk)), betweenPages: async () => {}, stopped: () => false },
  )
  const ms = performance.now() - started
  if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, Buffer.concat(kept))
  console.log(`run ${run}: ${LINES} lines in ${ms.toFixed(0)} ms (${((ms / LINES) * 1000).toFixed(0)} µs a line), ${(bytes / 1024).toFixed(0)} KiB`)
}

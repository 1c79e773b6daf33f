// `npm run docs:trace`: writes docs/traceability.md, then lists the gaps and the records' errors
// (exit code 1 while any remains, as the test command does).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './audit/trace/check.ts'
import { TRACEABILITY_PATH, traceabilityDocument, traceReport } from './audit/trace/index.ts'

const report = traceReport()
writeFileSync(join(ROOT, TRACEABILITY_PATH), traceabilityDocument(report))
const gaps = report.rows.filter((r) => r.gaps.length)
for (const error of report.errors) console.error(`record error: ${error}`)
for (const { item, gaps: why } of gaps) console.error(`gap ${item.id}: ${why.join('; ')}`)
console.log(`${TRACEABILITY_PATH}: ${report.rows.length} items, ${gaps.length} gaps, ${report.errors.length} record errors`)
process.exitCode = gaps.length || report.errors.length ? 1 : 0

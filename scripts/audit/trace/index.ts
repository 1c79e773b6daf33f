/** The traceability table, computed: traced requirements × records → rows, and the document. */
import { checkTraces, type TraceReport } from './check.ts'
import type { Trace } from './model.ts'
import { renderTraceability } from './render.ts'
import { section4 } from './section4.ts'
import { section5 } from './section5.ts'
import { section8 } from './section8.ts'
import { readRequirements, requirementSections, traceItems } from './requirements.ts'

export const TRACEABILITY_PATH = 'docs/traceability.md'

const traces: Trace[] = [...section4, ...section5, ...section8]

export function traceReport(doc = readRequirements()): TraceReport {
  return checkTraces(traceItems(doc), traces)
}

export function traceabilityDocument(report = traceReport(), doc = readRequirements()): string {
  return renderTraceability(report, requirementSections(doc))
}

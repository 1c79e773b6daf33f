/**
 * Checks the traceability records against the repository and docs/requirements.md, and computes
 * the rows of the table: one per traced requirement or quoted text, with what implements it, the tests that check it, and the
 * problems (an item with no record, no implementation or no test is a gap).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnyStateNode } from 'xstate'
import { parse } from 'yaml'
import * as catalogue from '../../../machines/messages.ts'
import { formRegistry, machineById } from '../../../machines/registry.ts'
import type { Implementation, TestRef, Trace } from './model.ts'
import type { TraceItem } from './requirements.ts'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface Row {
  item: TraceItem
  by: Implementation[]
  tests: TestRef[]
  notes: string[]
  /** Why the item is not covered; empty when it is. */
  gaps: string[]
}

export interface TraceReport {
  rows: Row[]
  /** Records that name an unknown item or point at nothing: errors of the records themselves. */
  errors: string[]
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

const contract = (() => {
  let cached: { schemas: Set<string>; operations: Set<string> } | undefined
  return () => {
    if (cached) return cached
    const doc = parse(read('openapi/portal.yaml')) as {
      paths: Record<string, Record<string, { operationId?: string }>>
      components: { schemas: Record<string, unknown> }
    }
    const operations = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op?.operationId ? [op.operationId] : []))))
    cached = { schemas: new Set(Object.keys(doc.components.schemas)), operations }
    return cached
  }
})()

/** The catalogue entry `namespace.key.sub`, or undefined. */
function catalogueEntry(path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), catalogue)
}

function stateAt(root: AnyStateNode, path: string): AnyStateNode | undefined {
  return path.split('.').reduce<AnyStateNode | undefined>((node, key) => node?.states[key], root)
}

/** What is wrong with a reference to an implementation, or null. */
function implementationProblem(impl: Implementation): string | null {
  if ('machine' in impl) {
    const entry = machineById(impl.machine)
    if (!entry) return `no machine "${impl.machine}" in machines/registry.ts`
    const node = impl.state === '' ? entry.machine.root : stateAt(entry.machine.root, impl.state)
    if (!node) return `machine ${impl.machine} has no state "${impl.state}"`
    if (impl.event) {
      const events = new Set([...node.transitions.keys(), ...(node.always?.length ? ['always'] : [])])
      if (!events.has(impl.event)) return `state ${impl.machine}.${impl.state} has no transition on "${impl.event}"`
    }
    return null
  }
  if ('form' in impl) {
    const form = (formRegistry as Record<string, unknown>)[impl.form]
    if (!form) return `no form "${impl.form}" in the formRegistry of machines/registry.ts`
    // Every form, in plain code (machines/shared/form.ts), lists its `fields`.
    const fields = (form as { fields?: object }).fields ?? {}
    if (impl.field && !(impl.field in fields)) return `form ${impl.form} has no field "${impl.field}"`
    return null
  }
  if ('schema' in impl) return contract().schemas.has(impl.schema) ? null : `no schema "${impl.schema}" in openapi/portal.yaml`
  if ('operation' in impl) return contract().operations.has(impl.operation) ? null : `no operation "${impl.operation}" in openapi/portal.yaml`
  if ('catalogue' in impl) return catalogueEntry(impl.catalogue) === undefined ? `no catalogue entry "${impl.catalogue}"` : null
  if (!existsSync(join(ROOT, impl.file))) return `no file ${impl.file}`
  if (impl.symbol && !read(impl.file).includes(impl.symbol)) return `${impl.file} does not mention "${impl.symbol}"`
  return null
}

/** What is wrong with a test reference, or null. */
function testProblem(ref: string): string | null {
  const match = /^(test\/\S+\.test\.ts) > (.+)$/.exec(ref)
  if (!match) return `"${ref}" is not "test/<file>.test.ts > <title>"`
  const [, file, title] = match as unknown as [string, string, string]
  if (!existsSync(join(ROOT, file))) return `no test file ${file}`
  if (title.length < 12) return `"${title}" is too short to name one test of ${file}`
  if (!read(file).includes(title)) return `${file} has no test titled "${title}"`
  return null
}

/** The catalogue keys whose text is this message, exactly. */
export function catalogueKeysOf(message: string): string[] {
  const keys: string[] = []
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string' && value === message) keys.push(path.join('.'))
    else if (value && typeof value === 'object' && !Array.isArray(value)) for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key])
  }
  for (const [namespace, value] of Object.entries(catalogue)) if (value && typeof value === 'object') walk(value, [namespace])
  return keys.sort()
}

export function checkTraces(items: TraceItem[], traces: Trace[]): TraceReport {
  const errors: string[] = []
  const byItem = new Map<string, Trace[]>()
  const known = new Set(items.map((i) => i.id))
  for (const trace of traces) {
    for (const id of trace.items) {
      if (!known.has(id)) errors.push(`a record names "${id}", which is not an item of a traced section of docs/requirements.md`)
      byItem.set(id, [...(byItem.get(id) ?? []), trace])
    }
    for (const impl of trace.by) {
      const problem = implementationProblem(impl)
      if (problem) errors.push(`${trace.items.join(', ')}: ${problem}`)
    }
    for (const test of trace.tests) {
      const problem = testProblem(test)
      if (problem) errors.push(`${trace.items.join(', ')}: ${problem}`)
    }
  }

  const rows = items.map((item): Row => {
    const records = byItem.get(item.id) ?? []
    const by = records.flatMap((r) => r.by)
    const tests = [...new Set(records.flatMap((r) => r.tests))]
    const notes = records.flatMap((r) => (r.note ? [r.note] : []))
    const gaps: string[] = []
    if (records.length === 0) gaps.push('no record')
    else {
      if (by.length === 0) gaps.push('no implementation named')
      if (tests.length === 0) gaps.push('no test')
    }
    // A quoted message is implemented by a catalogue entry: its text exactly, or the entry a
    // ruling puts in its place (then the record's note says which ruling).
    if (item.kind === 'message') {
      const exact = catalogueKeysOf(item.text)
      const named = by.flatMap((i) => ('catalogue' in i ? [i.catalogue] : []))
      if (exact.length === 0 && named.length === 0) gaps.push('the message is in no catalogue entry')
      if (exact.length === 0 && named.length > 0 && notes.length === 0)
        gaps.push('the catalogue entry differs from the quote and no note says which ruling allows it')
    }
    return { item, by, tests, notes, gaps }
  })
  return { rows, errors }
}

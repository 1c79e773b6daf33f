/**
 * The traceability table (issue 6): every rule and quoted message of spec §4, §5 and §8 has a
 * record naming what implements it and the tests that check it; every reference of a record
 * exists; `docs/traceability.md` is current. A gap fails the test command.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../scripts/audit/trace/check.ts'
import { TRACEABILITY_PATH, traceabilityDocument, traceReport } from '../../scripts/audit/trace/index.ts'
import { quotesIn, readSpec, sentences, specItems, specSection } from '../../scripts/audit/trace/spec-items.ts'

describe('spec items of §4, §5 and §8', () => {
  const items = specItems()

  it('a sentence ends at a full stop outside quotes only', () => {
    expect(sentences('Otherwise the error is "Une erreur. Veuillez réessayer". On success it goes on.')).toEqual([
      'Otherwise the error is "Une erreur. Veuillez réessayer".',
      'On success it goes on.',
    ])
  })

  it('every titled paragraph of §4 and every table row of §5 and §8 is an item', () => {
    const spec = readSpec()
    const section = (n: number) => specSection(spec, n)
    const paragraphs4 = section(4).match(/^\*\*.+?\*\*:/gm)!.length
    const rows = (n: number) => section(n).split('\n').filter((l) => l.startsWith('|') && !/^\|[-\s|]+\|$/.test(l)).length - 1
    expect(new Set(items.filter((i) => i.section === 4).map((i) => i.heading)).size).toBe(paragraphs4)
    expect(items.filter((i) => i.section === 5 && i.kind === 'rule' && i.heading !== 'General')).toHaveLength(rows(5))
    expect(items.filter((i) => i.section === 8 && i.kind === 'rule' && i.heading !== 'General')).toHaveLength(rows(8))
  })

  it('every quoted message of §4, §5 and §8 is a message item', () => {
    const spec = readSpec()
    const quoted = [4, 5, 8].flatMap((n) => quotesIn(specSection(spec, n)))
    expect(items.filter((i) => i.kind === 'message')).toHaveLength(quoted.length)
  })
})

describe('traceability records', () => {
  const report = traceReport()

  it('name only items of the spec, existing implementations and existing tests', () => {
    expect(report.errors).toEqual([])
  })

  it('leave no gap: every rule and message has an implementation and a test', () => {
    const gaps = report.rows.filter((r) => r.gaps.length).map((r) => `${r.item.id}: ${r.gaps.join('; ')}`)
    expect(gaps).toEqual([])
  })

  it(`${TRACEABILITY_PATH} is current (npm run docs:trace)`, () => {
    const written = readFileSync(join(ROOT, TRACEABILITY_PATH), 'utf8')
    expect(written === traceabilityDocument(report), `${TRACEABILITY_PATH} is stale: run npm run docs:trace`).toBe(true)
  })
})

/**
 * The traceability table: every requirement of the traced sections of docs/requirements.md and
 * every text it quotes has a record naming what implements it and the tests that check it; every
 * reference of a record exists; `docs/traceability.md` is current. A gap fails the test command.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../scripts/audit/trace/check.ts'
import { TRACEABILITY_PATH, traceabilityDocument, traceReport } from '../../scripts/audit/trace/index.ts'
import { quotesIn, requirements, traceItems } from '../../scripts/audit/trace/requirements.ts'

describe('traced items of docs/requirements.md', () => {
  const items = traceItems()
  const traced = requirements().filter((r) => r.section.status === 'traced')

  it('the traced sections are the states (§4), the validation rules (§5) and the error messages (§8)', () => {
    expect([...new Set(traced.map((r) => r.section.n))]).toEqual([4, 5, 8])
  })

  it('every requirement of a traced section is an item, and each text it quotes a message item', () => {
    expect(items.filter((i) => i.kind === 'rule').map((i) => i.id)).toEqual(traced.map((r) => r.id))
    const quoted = traced.flatMap((r) => quotesIn(r.text))
    expect(items.filter((i) => i.kind === 'message').map((i) => i.text)).toEqual(quoted)
    expect(items.find((i) => i.id === 'REQ-LOGIN-04.m1')?.text).toBe('Une erreur lors de votre authentification. Veuillez contacter le support si ça persiste')
  })
})

describe('traceability records', () => {
  const report = traceReport()

  it('name only traced requirements, existing implementations and existing tests', () => {
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

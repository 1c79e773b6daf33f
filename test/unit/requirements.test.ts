/**
 * docs/requirements.md as the repository's statement of the product: its requirements have stable,
 * unique ids in numbered sections, and every clause a machine cites ("spec §4", "rulings §4") is
 * carried by a section of it, so that the machine documents always link to where the rule is written.
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machineRegistry } from '../../machines/registry.ts'
import { sectionsOf } from '../../scripts/audit/spec-clauses.ts'
import { clausesIn, requirementSections, requirements } from '../../scripts/audit/trace/requirements.ts'

const descendants = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...descendants(child)])
const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]

describe('docs/requirements.md', () => {
  const sections = requirementSections()
  const all = requirements()

  it('is read as numbered sections 1 to 13, each with its requirements', () => {
    expect(sections.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    for (const s of sections) expect(all.filter((r) => r.section.n === s.n).length, `§${s.n}`).toBeGreaterThan(0)
  })

  it('gives every requirement an id REQ-<AREA>-<NN>, unique, and a text', () => {
    expect(all.length).toBeGreaterThan(100)
    for (const r of all) {
      expect(r.id).toMatch(/^REQ-[A-Z]+(-[A-Z]+)?-\d{2}$/)
      expect(r.text.length, r.id).toBeGreaterThan(10)
    }
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length)
  })

  it('joins a requirement written over several lines, and never lets a quoted text break', () => {
    const review = all.find((r) => r.id === 'REQ-XFER-08')!.text
    expect(review).toContain('"Nous n\'avons pas pu confirmer le résultat de votre transfert. Consultez votre relevé avant de refaire l\'opération."')
    for (const r of all) expect((r.text.match(/"/g) ?? []).length % 2, r.id).toBe(0)
  })

  it('names where each section comes from: sections 1 to 9 the spec section of the same number', () => {
    for (const s of sections.filter((s) => s.n <= 9)) expect(s.origin, `§${s.n}`).toContain(`spec §${s.n}`)
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(sectionsOf(`rulings §${n}`, sections).length, `rulings §${n}`).toBeGreaterThan(0)
  })

  it('marks §4, §5 and §8 traced and no section planned: every requirement is built', () => {
    expect(sections.filter((s) => s.status === 'traced').map((s) => s.n)).toEqual([4, 5, 8])
    expect(sections.filter((s) => s.status === 'planned').map((s) => s.n)).toEqual([])
  })

  it('keeps the ids of the second review, each naming the requirement that carries it now', () => {
    const review = all.filter((r) => r.section.n === 12)
    expect(review.map((r) => r.id)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08'].map((n) => `REQ-REVIEW-${n}`))
    for (const r of review) {
      const now = /^Built: now (REQ-[A-Z-]+-\d{2})\b/.exec(r.text)?.[1]
      expect(now, r.id).toBeDefined()
      const target = all.find((t) => t.id === now)
      expect(target, `${r.id} → ${now}`).toBeDefined()
      expect(target!.text, now).toContain(`it was ${r.id}`)
    }
  })

  it('carries every clause a machine cites in its states or transitions', () => {
    const cited = new Set<string>()
    for (const { machine } of machineRegistry) {
      const states = [machine.root, ...descendants(machine.root)]
      for (const s of states) for (const c of clausesIn(String(s.meta?.spec ?? ''))) cited.add(c)
      for (const t of states.flatMap(transitionsOf)) for (const c of clausesIn(t.description)) cited.add(c)
    }
    expect(cited.size).toBeGreaterThan(5)
    expect([...cited].filter((c) => sectionsOf(c, sections).length === 0)).toEqual([])
  })
})

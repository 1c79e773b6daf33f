/**
 * The clauses a machine's metadata names: "spec §4 Transfers (form)", "spec §4, §8: …",
 * "rulings §4" → `spec §4`, `spec §8`, `rulings §4`, and where each is written in
 * `docs/requirements.md` (the sections whose origin names it), so that an auditor knows where to look.
 */
import { clausesIn, requirementSections, type RequirementSection } from './trace/requirements.ts'

export { clausesIn }

/** The sections of docs/requirements.md that carry a clause (`spec §4` → section 4 and any other naming it). */
export function sectionsOf(clause: string, sections: RequirementSection[] = requirementSections()): RequirementSection[] {
  return sections.filter((s) => s.origin.includes(clause))
}

/** `requirements §4 States and transitions` as links from `docs/machines/`, or '?' for a clause no section carries. */
export function clauseWhere(clause: string, sections?: RequirementSection[]): string {
  const found = sectionsOf(clause, sections)
  return found.length ? found.map((s) => `[requirements §${s.n}](../requirements.md#${s.anchor}) ${s.title}`).join(', ') : '?'
}

/** spec before rulings, then by section number. */
export function compareClauses(a: string, b: string): number {
  const [docA = '', numA = ''] = a.split(' §')
  const [docB = '', numB = ''] = b.split(' §')
  return docA === docB ? Number(numA) - Number(numB) : docA === 'spec' ? -1 : 1
}

/**
 * The clauses a machine's metadata names: "spec §4 Transfers (form)", "spec §4, §8: …",
 * "rulings §4" → `spec §4`, `spec §8`, `rulings §4`, with the section titles of the two documents
 * (`../shared/spec/portal-spec.md`, `rulings.md`) so that an auditor knows where to look.
 */

export const SECTION_TITLES: Record<string, string> = {
  'spec §1': 'What the product does and for whom',
  'spec §2': 'Screens and routes',
  'spec §3': 'Entities and their fields',
  'spec §4': 'States and transitions',
  'spec §5': 'Validation rules',
  'spec §6': 'Roles and permissions',
  'spec §7': 'The calls it makes',
  'spec §8': 'Error catalogue',
  'spec §9': 'Business constants and limits',
  'rulings §1': 'Text and messages',
  'rulings §2': 'Routes',
  'rulings §3': 'The contract',
  'rulings §4': 'Money, codes and sessions',
  'rulings §5': 'Demo mode',
}

/** Every section a text names; a bare `§8` belongs to the document named before it (the spec by default). */
export function clausesIn(text: string | undefined): string[] {
  const found: string[] = []
  let doc = 'spec'
  for (const match of (text ?? '').matchAll(/\b(spec|rulings)\b|§\s*(\d+)/g)) {
    if (match[1]) doc = match[1]
    else if (match[2]) found.push(`${doc} §${match[2]}`)
  }
  return [...new Set(found)]
}

/** spec before rulings, then by section number. */
export function compareClauses(a: string, b: string): number {
  const [docA = '', numA = ''] = a.split(' §')
  const [docB = '', numB = ''] = b.split(' §')
  return docA === docB ? Number(numA) - Number(numB) : docA === 'spec' ? -1 : 1
}

/**
 * The rules and messages of the specification that the traceability table follows (issue 6):
 * sections 4 (states and transitions), 5 (validation rules) and 8 (error catalogue) of
 * `../shared/spec/portal-spec.md`, cut into items with stable ids:
 *
 * - §4: each paragraph (`**Transfers (…)**: …`) cut into sentences → `4.transfers.3`;
 * - §5: the sentences around the table → `5.general.1`, each table row → `5.login-pin`;
 * - §8: each table row → `8.login-http-403`;
 * - every quoted message inside an item → `<item>.m1`, `<item>.m2`, … (kind `message`).
 *
 * Ids come from the spec's own words, so a change of the spec shows as new or vanished items.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SPEC_PATH = fileURLToPath(new URL('../../../../shared/spec/portal-spec.md', import.meta.url))

export type SpecSection = 4 | 5 | 8

export interface SpecItem {
  id: string
  section: SpecSection
  /** The paragraph title (§4), the field (§5) or the situation (§8). */
  heading: string
  kind: 'rule' | 'message'
  /** The rule's sentence or row as the spec words it; for a message, the quoted text. */
  text: string
  /** For a message: the id of the rule that quotes it. */
  parent?: string
}

export function readSpec(path = SPEC_PATH): string {
  if (!existsSync(path)) {
    throw new Error(`The specification is missing: expected ../shared/spec/portal-spec.md beside the repository (${path}).`)
  }
  return readFileSync(path, 'utf8')
}

/** `Transfers (account, momo, prepaid-card)` → `transfers`; `Login HTTP 403` → `login-http-403`. */
export function slug(text: string): string {
  return text
    .replace(/\(.*?\)/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The text of section `## <n>.` of the spec, without its heading line, up to the next `## `. */
export function specSection(spec: string, n: number): string {
  const match = new RegExp(`^## ${n}\\.[^\\n]*\\n([^]*?)(?=^## |(?![^]))`, 'm').exec(spec)
  if (!match) throw new Error(`portal-spec.md has no section "## ${n}."`)
  return match[1]!
}

/** Every text between double quotes. */
export const quotesIn = (text: string): string[] => [...text.matchAll(/"([^"\n]*)"/g)].map((m) => m[1]!)

/**
 * Sentences of a paragraph: cut after `.`, `;`-free, at a full stop followed by a space and a
 * capital or a quote — never inside a quoted message (they contain full stops of their own).
 */
export function sentences(paragraph: string): string[] {
  const out: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < paragraph.length; i++) {
    const c = paragraph[i]!
    current += c
    if (c === '"') quoted = !quoted
    const next = paragraph.slice(i + 1, i + 3)
    if (!quoted && c === '.' && (i === paragraph.length - 1 || /^ [A-Z"'(*]/.test(next))) {
      out.push(current.trim())
      current = ''
    }
  }
  if (current.trim()) out.push(current.trim())
  return out
}

function withMessages(rule: SpecItem): SpecItem[] {
  const messages = quotesIn(rule.text).map(
    (text, i): SpecItem => ({ id: `${rule.id}.m${i + 1}`, section: rule.section, heading: rule.heading, kind: 'message', text, parent: rule.id }),
  )
  return [rule, ...messages]
}

const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())
const isTableRow = (line: string) => line.startsWith('|') && !/^\|[-\s|]+\|$/.test(line.trim())

/** §4: one item per sentence of each titled paragraph. */
function section4(spec: string): SpecItem[] {
  return specSection(spec, 4)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((paragraph) => {
      const match = /^\*\*(.+?)\*\*:\s*([^]*)$/.exec(paragraph)
      if (!match) throw new Error(`spec §4: a paragraph without a title: ${paragraph.slice(0, 60)}`)
      const heading = match[1]!
      return sentences(match[2]!.replace(/\s+/g, ' ')).flatMap((text, i) =>
        withMessages({ id: `4.${slug(heading)}.${i + 1}`, section: 4, heading, kind: 'rule', text }),
      )
    })
}

/** §5 and §8: one item per table row (the header row aside), and the sentences around the table. */
function tableSection(spec: string, n: 5 | 8): SpecItem[] {
  const lines = specSection(spec, n).split('\n')
  const rows = lines.filter(isTableRow).slice(1)
  const prose = lines
    .filter((line) => !line.startsWith('|'))
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap(sentences)
  const general = prose.map(
    (text, i): SpecItem => ({ id: `${n}.general.${i + 1}`, section: n, heading: 'General', kind: 'rule', text }),
  )
  const fromRows = rows.map((row): SpecItem => {
    const [heading, rule] = cells(row) as [string, string]
    return { id: `${n}.${slug(heading)}`, section: n, heading, kind: 'rule', text: `${heading}: ${rule}` }
  })
  return [...general, ...fromRows].flatMap(withMessages)
}

/** Every rule and message of spec sections 4, 5 and 8, in the spec's order. */
export function specItems(spec = readSpec()): SpecItem[] {
  const items = [...section4(spec), ...tableSection(spec, 5), ...tableSection(spec, 8)]
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`two spec items would have the id ${item.id}`)
    seen.add(item.id)
  }
  return items
}

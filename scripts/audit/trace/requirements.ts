/**
 * `docs/requirements.md`, read: its numbered sections (title, status, the spec and rulings clauses
 * it comes from) and its requirements (`- **REQ-…** text`, continued on the indented lines below).
 * The traceability table follows the requirements of the sections marked `— traced`, each with one
 * message item per quoted text (`REQ-LOGIN-04.m1`); the catalogue test compares the quoted texts
 * with `machines/messages.ts`; the machine documents name the section a clause is written in.
 *
 * Only files of the repository are read: a clone alone explains and checks itself.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const REQUIREMENTS_FILE = 'docs/requirements.md'
const REQUIREMENTS_PATH = fileURLToPath(new URL(`../../../${REQUIREMENTS_FILE}`, import.meta.url))

/** traced: one traceability row per requirement and message; plain: checked by its area's tests; planned: none today (a section being built, its texts not yet checked). */
export type SectionStatus = 'traced' | 'plain' | 'planned'

export interface RequirementSection {
  n: number
  /** The title without its status mark: `States and transitions`. */
  title: string
  status: SectionStatus
  /** The anchor of the heading in the rendered document (GitHub's rule). */
  anchor: string
  /** The clauses its first line names as its origin: `spec §4`, `rulings §1`. */
  origin: string[]
}

export interface Requirement {
  id: string
  section: RequirementSection
  /** The `###` heading above it (`Login`), or the section's title. */
  heading: string
  /** Its text, lines joined by one space. */
  text: string
}

/** One row of the traceability table: a requirement of a traced section, or one of its quoted texts. */
export interface TraceItem {
  id: string
  section: number
  heading: string
  kind: 'rule' | 'message'
  /** The requirement's text; for a message, the quoted text. */
  text: string
  /** For a message: the id of the requirement that quotes it. */
  parent?: string
}

export const readRequirements = (path = REQUIREMENTS_PATH): string => readFileSync(path, 'utf8')

/** Every text between double quotes (a quoted text never breaks across lines). */
export const quotesIn = (text: string): string[] => [...text.matchAll(/"([^"\n]*)"/g)].map((m) => m[1]!)

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

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-')

const SECTION = /^## (\d+)\. (.+?)(?: — (traced|planned))?$/
const ITEM = /^- \*\*(REQ-[A-Z0-9-]+)\*\* (.*)$/

export function requirementSections(doc = readRequirements()): RequirementSection[] {
  const lines = doc.split('\n')
  return lines.flatMap((line, i) => {
    const match = SECTION.exec(line)
    if (!match) return []
    const firstText = lines.slice(i + 1).find((l) => l.trim() !== '') ?? ''
    return [
      {
        n: Number(match[1]),
        title: match[2]!,
        status: (match[3] ?? 'plain') as SectionStatus,
        anchor: anchorOf(line.slice(3)),
        origin: firstText.startsWith('From ') ? clausesIn(firstText.split('. ')[0]) : [],
      },
    ]
  })
}

/** Every requirement, in the document's order; two with one id are an error of the document. */
export function requirements(doc = readRequirements()): Requirement[] {
  const sections = new Map(requirementSections(doc).map((s) => [s.n, s]))
  const out: Requirement[] = []
  let section: RequirementSection | undefined
  let heading = ''
  let current: Requirement | undefined
  for (const line of doc.split('\n')) {
    const item = ITEM.exec(line)
    if (current && /^ {2}\S/.test(line)) {
      current.text += ` ${line.trim()}`
      continue
    }
    current = undefined
    const sectionMatch = SECTION.exec(line)
    if (sectionMatch) {
      section = sections.get(Number(sectionMatch[1]))
      heading = section!.title
    } else if (line.startsWith('## ')) section = undefined
    else if (line.startsWith('### ')) heading = line.slice(4).trim()
    else if (item) {
      if (!section) throw new Error(`${REQUIREMENTS_FILE}: ${item[1]} is outside a numbered section`)
      current = { id: item[1]!, section, heading, text: item[2]!.trim() }
      out.push(current)
    }
  }
  const seen = new Set<string>()
  for (const r of out) {
    if (seen.has(r.id)) throw new Error(`${REQUIREMENTS_FILE}: two requirements have the id ${r.id}`)
    seen.add(r.id)
  }
  return out
}

/** The rows of the traceability table: every requirement of a traced section and its quoted texts. */
export function traceItems(doc = readRequirements()): TraceItem[] {
  return requirements(doc)
    .filter((r) => r.section.status === 'traced')
    .flatMap((r) => {
      const rule: TraceItem = { id: r.id, section: r.section.n, heading: r.heading, kind: 'rule', text: r.text }
      const messages = quotesIn(r.text).map((text, i): TraceItem => ({
        id: `${r.id}.m${i + 1}`,
        section: r.section.n,
        heading: r.heading,
        kind: 'message',
        text,
        parent: r.id,
      }))
      return [rule, ...messages]
    })
}

/**
 * The texts of a machine: the catalogue entries its definition can show (its file, and what it uses
 * from the other modules of `machines/`), and the other texts of its screens.
 */
import { readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { MachineEntry } from '../../machines/registry.ts'
import { catalogueRefs } from './catalogue-refs.ts'
import { Catalogue, type CatalogueText } from './catalogue.ts'
import { sorted } from './markdown.ts'
import { openProgram, type SourceProgram } from './source-program.ts'

export interface MachineTexts {
  /** What the machine can show, sorted by key. */
  messages: CatalogueText[]
  /** What its screens show besides, sorted by key. */
  screens: CatalogueText[]
}

/** The source files under a screen folder (or the file itself), from the repository root, sorted. */
function screenFiles(path: string, root = process.cwd()): string[] {
  const full = resolve(root, path)
  if (!statSync(full).isDirectory()) return [path]
  return sorted(readdirSync(full))
    .flatMap((name) => screenFiles(join(path, name).split('\\').join('/'), root))
    .filter((file) => /\.(ts|tsx)$/.test(file))
}

/** The compiler's view of every machine and screen of the registry, and the catalogue. */
export interface Sources {
  program: SourceProgram
  catalogue: Catalogue
}

export function openSources(entries: readonly MachineEntry[], root = process.cwd()): Sources {
  const files = entries.flatMap((e) => [e.source, ...e.screens.flatMap((s) => screenFiles(s, root))])
  const program = openProgram(files, root)
  return { program, catalogue: new Catalogue(program) }
}

function textsOf(sources: Sources, files: string[], follow: boolean): Map<string, CatalogueText> {
  const texts = new Map<string, CatalogueText>()
  for (const ref of catalogueRefs(sources.program, files, follow)) {
    for (const entry of sources.catalogue.entriesOf(ref)) texts.set(entry.key, entry)
  }
  return texts
}

const byKey = (texts: Iterable<CatalogueText>) => [...texts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))

/**
 * The files of a machine's flow: its folder (`machines/<flow>/`: the chart, its rules, form and
 * screen), or the file alone for a machine outside a flow folder.
 */
function flowFiles(source: string, root = process.cwd()): string[] {
  const folder = dirname(source)
  return folder === 'machines' ? [source] : screenFiles(folder, root)
}

export function machineTexts(sources: Sources, entry: MachineEntry): MachineTexts {
  const messages = textsOf(sources, flowFiles(entry.source, sources.program.root), true)
  const screens = textsOf(
    sources,
    entry.screens.flatMap((s) => screenFiles(s, sources.program.root)),
    false,
  )
  return {
    messages: byKey(messages.values()),
    screens: byKey([...screens.values()].filter((t) => !messages.has(t.key))),
  }
}

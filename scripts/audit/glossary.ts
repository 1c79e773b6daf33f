/**
 * The glossary of a machine: the guards, actions and actors declared in its `setup({...})`, each
 * with the JSDoc comment written above it (read with the TypeScript compiler API).
 */
import { resolve } from 'node:path'
import ts from 'typescript'
import { jsDocText, propertyName, sourceFile, unwrap, type SourceProgram } from './source-program.ts'

export type GlossaryKind = 'guards' | 'actions' | 'actors'

export interface GlossaryEntry {
  name: string
  /** The JSDoc comment, on one line; `undefined` when there is none. */
  doc: string | undefined
}

export type Glossary = Record<GlossaryKind, GlossaryEntry[]>

const KINDS: GlossaryKind[] = ['guards', 'actions', 'actors']

/** The object literal given to `setup(...)` in the file, if any. */
function setupConfig(file: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  let found: ts.ObjectLiteralExpression | undefined
  const visit = (node: ts.Node) => {
    if (found) return
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setup') {
      const arg = node.arguments[0]
      if (arg && ts.isObjectLiteralExpression(unwrap(arg))) found = unwrap(arg) as ts.ObjectLiteralExpression
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/**
 * A chart whose parts are written in several files keeps its `setup({...})` in `<flow>.setup.ts`
 * beside `<flow>.machine.ts` (the transfer chart), so that no part imports another.
 */
function setupOfSibling(sp: SourceProgram, path: string): ts.ObjectLiteralExpression | undefined {
  if (!path.endsWith('.machine.ts')) return undefined
  const sibling = sp.program.getSourceFile(resolve(sp.root, path.replace(/\.machine\.ts$/, '.setup.ts')))
  return sibling ? setupConfig(sibling) : undefined
}

/** The file whose `setup({...})` the glossary is read from: the chart's own, or its sibling `<flow>.setup.ts`. */
export function glossarySourceOf(sp: SourceProgram, path: string): string {
  return setupConfig(sourceFile(sp, path)) || !setupOfSibling(sp, path) ? path : path.replace(/\.machine\.ts$/, '.setup.ts')
}

/** The guards, actions and actors of the machine's `setup({...})`, sorted by name. */
export function glossaryOf(sp: SourceProgram, path: string): Glossary {
  const config = setupConfig(sourceFile(sp, path)) ?? setupOfSibling(sp, path)
  const glossary: Glossary = { guards: [], actions: [], actors: [] }
  if (!config) return glossary
  for (const property of config.properties) {
    const kind = propertyName(property.name) as GlossaryKind | undefined
    if (!kind || !KINDS.includes(kind) || !ts.isPropertyAssignment(property)) continue
    const members = unwrap(property.initializer)
    if (!ts.isObjectLiteralExpression(members)) continue
    for (const member of members.properties) {
      const name = propertyName(member.name)
      if (name) glossary[kind].push({ name, doc: jsDocText(member) })
    }
    glossary[kind].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }
  return glossary
}

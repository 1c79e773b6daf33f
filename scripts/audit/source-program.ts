/**
 * The TypeScript program over the machines and their screens, read with the compiler API: what the
 * documents need of the source code that the running machines do not carry (JSDoc comments, which
 * catalogue entries a file refers to).
 */
import { readdirSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

export interface SourceProgram {
  program: ts.Program
  checker: ts.TypeChecker
  /** The repository root: file names in the documents are relative to it. */
  root: string
}

/** Every module of `dir` (`machines/`, the catalogue included), from the repository root. */
function machineModules(root: string, dir = 'machines'): string[] {
  return readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? machineModules(root, `${dir}/${d.name}`) : d.name.endsWith('.ts') ? [`${dir}/${d.name}`] : [],
  )
}

/**
 * A program over `files`, every module of `machines/` and the kernel's catalogue files (kernel/messages/),
 * paths from the repository root, with the repository's compiler options. Nothing else is loaded (no libraries, no React types): names are
 * only resolved between these files, which is all the documents need, in a second rather than ten.
 */
export function openProgram(files: string[], root = process.cwd()): SourceProgram {
  const config = ts.readConfigFile(resolve(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const roots = [...new Set([...files, ...machineModules(root), 'kernel/messages.ts', ...machineModules(root, 'kernel/messages')])].map((f) => resolve(root, f))
  const program = ts.createProgram(roots, { ...options, noEmit: true, noResolve: true, noLib: true, types: [] })
  return { program, checker: program.getTypeChecker(), root }
}

/** `machines/transfer.ts` for a source file of the program. */
export const repoPath = (sp: SourceProgram, file: ts.SourceFile | string): string =>
  relative(sp.root, typeof file === 'string' ? file : file.fileName)
    .split('\\')
    .join('/')

export function sourceFile(sp: SourceProgram, path: string): ts.SourceFile {
  const file = sp.program.getSourceFile(resolve(sp.root, path))
  if (!file) throw new Error(`${path} is not in the program`)
  return file
}

/** The catalogue: `machines/messages.ts` and the files behind it, the kernel's among them (kernel/messages/). */
export const isCatalogueFile = (path: string): boolean =>
  path === 'machines/messages.ts' || path.startsWith('machines/messages/') || path === 'kernel/messages.ts' || path.startsWith('kernel/messages/')

/** One line of a JSDoc comment's text; `undefined` when the node has none. */
export function jsDocText(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
  const text = docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text === '' ? undefined : text
}

/** A property's name as written (`isFormValid`, `'mobile-money'` → `mobile-money`). */
export function propertyName(name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text
  return undefined
}

/** The expression under `as const`, `satisfies …` and parentheses. */
export function unwrap(node: ts.Expression): ts.Expression {
  let current = node
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current)) {
    current = current.expression
  }
  return current
}

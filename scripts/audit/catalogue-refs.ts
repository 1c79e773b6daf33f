/**
 * Which catalogue entries a file refers to (`texts.failed` where `texts` is the catalogue's
 * `transfer`), found with the TypeScript checker, so that renamed imports and the barrel
 * `machines/messages.ts` resolve to the entry they name.
 *
 * A machine also shows the messages of what it uses from the other modules of `machines/`: an
 * imported name (`transferConfirmForm` of transfer.form.ts) is followed into its declaration, and from
 * there into the declarations that one uses, but no further than that chain — a machine is not
 * credited with every form of a form file.
 */
import ts from 'typescript'
import { isCatalogueFile, repoPath, sourceFile, type SourceProgram } from './source-program.ts'

/** A reference: the catalogue's export (`transfer`) and the keys read below it (`['labels', 'amount']`). */
export interface CatalogueRef {
  namespace: string
  path: string[]
}

/** The keys read off an expression: `texts.labels.amount` → ['labels', 'amount']; stops at a computed key. */
function accessPath(id: ts.Identifier): string[] {
  const path: string[] = []
  let current: ts.Node = id
  for (;;) {
    const parent: ts.Node = current.parent
    if (ts.isPropertyAccessExpression(parent) && parent.expression === current) {
      path.push(parent.name.text)
    } else if (
      ts.isElementAccessExpression(parent) &&
      parent.expression === current &&
      (ts.isStringLiteralLike(parent.argumentExpression) || ts.isNumericLiteral(parent.argumentExpression))
    ) {
      path.push(parent.argumentExpression.text)
    } else if (!ts.isNonNullExpression(parent) && !ts.isParenthesizedExpression(parent)) {
      return path
    }
    current = parent
  }
}

/** The symbol an identifier stands for, through imports and renames. */
function symbolOf(checker: ts.TypeChecker, id: ts.Identifier): ts.Symbol | undefined {
  const symbol = ts.isShorthandPropertyAssignment(id.parent) ? checker.getShorthandAssignmentValueSymbol(id.parent) : checker.getSymbolAtLocation(id)
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) return checker.getAliasedSymbol(symbol)
  return symbol
}

/** A top-level `export const name = …` of a catalogue file. */
const isCatalogueExport = (decl: ts.Declaration): decl is ts.VariableDeclaration =>
  ts.isVariableDeclaration(decl) && ts.isVariableStatement(decl.parent.parent) && ts.isSourceFile(decl.parent.parent.parent)

/**
 * The catalogue entries `files` refer to; with `follow`, also those of the declarations they use
 * from the other modules of `machines/` (transitively), not counting the catalogue itself.
 */
export function catalogueRefs(sp: SourceProgram, files: string[], follow: boolean): CatalogueRef[] {
  const refs: CatalogueRef[] = []
  const seen = new Set<ts.Node>()
  const queue: ts.Node[] = files.map((f) => sourceFile(sp, f))
  const own = new Set(files)
  const followable = (path: string) => follow && path.startsWith('machines/') && !isCatalogueFile(path) && !own.has(path)

  const visit = (node: ts.Node): void => {
    // An import names a module's export; what counts is where the name is used.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    // A type shows nothing: `typeof texts.labels` is no message on a screen.
    if (ts.isTypeNode(node)) return
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
      for (const decl of symbolOf(sp.checker, node)?.declarations ?? []) {
        const path = repoPath(sp, decl.getSourceFile())
        if (isCatalogueFile(path)) {
          if (isCatalogueExport(decl) && ts.isIdentifier(decl.name)) refs.push({ namespace: decl.name.text, path: accessPath(node) })
        } else if (followable(path) && !ts.isSourceFile(decl) && !seen.has(decl)) {
          seen.add(decl)
          queue.push(decl)
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  while (queue.length > 0) visit(queue.shift()!)
  return refs
}

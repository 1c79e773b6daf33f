/**
 * The catalogue's entries as an auditor reads them: a key (`transfer.failed`) and its French text.
 * Texts come from the catalogue itself (`machines/messages.ts`); an entry that is a function of
 * parameters is read from its source, its parameters shown as `{balance}` placeholders, and each
 * branch of a condition given with its condition (`n === 1`).
 */
import ts from 'typescript'
import * as messages from '../../machines/messages.ts'
import type { CatalogueRef } from './catalogue-refs.ts'
import { isCatalogueFile, propertyName, repoPath, unwrap, type SourceProgram } from './source-program.ts'

export interface TextVariant {
  /** The condition of this text (source code, e.g. `n === 1`); `undefined` for the only or last one. */
  when?: string
  text: string
}

export interface CatalogueText {
  key: string
  /** The parameters of an entry that is a function; [] for a plain text. */
  params: string[]
  variants: TextVariant[]
}

const childKey = (key: string, child: string | number) => (typeof child === 'number' ? `${key}[${child}]` : `${key}.${child}`)

/** The source expression of every entry, by key: what a function's text is read from. */
function entryNodes(sp: SourceProgram): Map<string, ts.Node> {
  const nodes = new Map<string, ts.Node>()
  const collect = (key: string, node: ts.Node) => {
    const expr = ts.isMethodDeclaration(node) ? node : unwrap(node as ts.Expression)
    if (ts.isObjectLiteralExpression(expr)) {
      for (const p of expr.properties) {
        const name = propertyName(p.name)
        if (name === undefined) continue
        if (ts.isPropertyAssignment(p)) collect(childKey(key, name), p.initializer)
        else if (ts.isMethodDeclaration(p)) collect(childKey(key, name), p)
      }
    } else if (ts.isArrayLiteralExpression(expr)) {
      expr.elements.forEach((element, i) => collect(childKey(key, i), element))
    } else {
      nodes.set(key, expr)
    }
  }
  for (const file of sp.program.getSourceFiles()) {
    if (!isCatalogueFile(repoPath(sp, file))) continue
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.initializer) collect(decl.name.text, decl.initializer)
      }
    }
  }
  return nodes
}

/** `{name}` for a parameter, else the expression's source. */
const placeholder = (expr: ts.Expression) => `{${ts.isIdentifier(expr) ? expr.text : expr.getText()}}`

/** The texts an expression can give, each with its condition; `undefined` when it is not that simple. */
function variantsOf(node: ts.Expression): TextVariant[] | undefined {
  const expr = unwrap(node)
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [{ text: expr.text }]
  if (ts.isTemplateExpression(expr)) {
    return [{ text: expr.head.text + expr.templateSpans.map((span) => placeholder(span.expression) + span.literal.text).join('') }]
  }
  if (ts.isConditionalExpression(expr)) {
    const yes = variantsOf(expr.whenTrue)
    const no = variantsOf(expr.whenFalse)
    if (!yes || !no) return undefined
    const condition = expr.condition.getText()
    return [...yes.map((v) => ({ text: v.text, when: v.when ? `${condition} && ${v.when}` : condition })), ...no]
  }
  return undefined
}

type Fn = (...args: unknown[]) => unknown

/** A function entry: its parameters and texts, read from its source (or, failing that, called with placeholders). */
function functionText(key: string, fn: Fn, node: ts.Node | undefined): CatalogueText {
  const isFunction = node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node))
  const params = isFunction ? node.parameters.map((p) => p.name.getText()) : Array.from({ length: fn.length }, (_, i) => `p${i + 1}`)
  const body = isFunction ? node.body : undefined
  const variants = body && !ts.isBlock(body) ? variantsOf(body) : undefined
  return { key, params, variants: variants ?? [{ text: String(fn(...params.map((p) => `{${p}}`))) }] }
}

export class Catalogue {
  private readonly nodes: Map<string, ts.Node>
  private readonly byText = new Map<string, string[]>()

  constructor(sp: SourceProgram) {
    this.nodes = entryNodes(sp)
    for (const [namespace, value] of Object.entries(messages)) {
      for (const entry of this.leaves(namespace, value)) {
        if (entry.params.length === 0) this.byText.set(entry.variants[0]!.text, [...(this.byText.get(entry.variants[0]!.text) ?? []), entry.key])
      }
    }
  }

  /** The entries a reference reads: one text, or every text below the object it stops at. */
  entriesOf(ref: CatalogueRef): CatalogueText[] {
    let value: unknown = (messages as Record<string, unknown>)[ref.namespace]
    let key = ref.namespace
    for (const step of ref.path) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) break
      key = childKey(key, Array.isArray(value) ? Number(step) : step)
      value = (value as Record<string, unknown>)[step]
    }
    return this.leaves(key, value)
  }

  /** The keys whose text is exactly `text` (plain texts only), sorted. */
  keysOfText(text: string): string[] {
    return [...(this.byText.get(text) ?? [])].sort()
  }

  private leaves(key: string, value: unknown): CatalogueText[] {
    if (typeof value === 'string') return [{ key, params: [], variants: [{ text: value }] }]
    if (typeof value === 'function') return [functionText(key, value as Fn, this.nodes.get(key))]
    if (Array.isArray(value)) return value.flatMap((v, i) => this.leaves(childKey(key, i), v))
    if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => this.leaves(childKey(key, k), v))
    return value === undefined ? [] : [{ key, params: [], variants: [{ text: String(value) }] }]
  }
}

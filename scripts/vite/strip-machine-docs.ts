/**
 * Production builds leave out the auditors' documentation of the machines: the `description` and
 * `meta` of every state node and transition (docs/machines, docs/traceability.md and the QA panel
 * read them; the customer's browser never does). An inspector build (VITE_INSPECT=true) keeps
 * them: its QA panel shows each active state's description and `meta.spec` (docs/qa.md).
 *
 * The plugin runs after TypeScript is stripped (`enforce: 'post'`) on the charts only (each flow's
 * `machines/<flow>/<flow>.machine.ts`, the parts of a chart written apart, `<flow>.<part>.machine.ts`,
 * and `machines/*.ts`), and edits nothing but the object literal passed to `createMachine(...)`, or
 * to `createStateConfig(...)` for a part, where it removes
 * - a `description` whose value is text: a string, a template or a concatenation of them;
 * - a `meta` whose value is an object literal.
 * It never enters `context`, `input`, `params` or `output` (the data of the machine: the transfer
 * form has a `description` field), nor any function or call, and it reads the keys of `states`,
 * `on` and `after` as names (a state or an event may be called `description`), not as settings.
 */
import { dirname, resolve } from 'node:path'
import MagicString, { type SourceMap } from 'magic-string'
import { Visitor, type ESTree, type Plugin } from 'vite'

/** Subtrees that hold the machine's data, not its documentation: never edited. */
const DATA_KEYS = new Set(['context', 'input', 'params', 'output'])
/** Settings whose keys are names (of states, events, delays), each value a state node or transitions. */
const NAMED_KEYS = new Set(['states', 'on', 'after'])

type Expression = ESTree.Expression

const keyName = (property: ESTree.ObjectProperty): string | undefined => {
  if (property.computed) return undefined
  const { key } = property
  if (key.type === 'Identifier') return key.name
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return undefined
}

const unwrap = (node: Expression): Expression => (node.type === 'ParenthesizedExpression' ? unwrap(node.expression) : node)

/** A string, a template whose parts are text or names, or a `+` of such: documentation text. */
function isText(node: Expression): boolean {
  const expression = unwrap(node)
  switch (expression.type) {
    case 'Literal':
      return typeof expression.value === 'string'
    case 'TemplateLiteral':
      return expression.expressions.every((part) => part.type === 'Identifier' || isText(part))
    case 'BinaryExpression':
      return expression.operator === '+' && isText(expression.left) && isText(expression.right)
    default:
      return false
  }
}

const isDocumentation = (name: string | undefined, value: Expression): boolean =>
  (name === 'description' && isText(value)) || (name === 'meta' && unwrap(value).type === 'ObjectExpression')

/** The position after the comma that ends a property, and after the blanks that follow it. */
function endOfProperty(code: string, from: number): { end: number; comma: boolean } {
  let at = from
  const skipBlanksAndComments = () => {
    for (;;) {
      while (at < code.length && /\s/.test(code[at]!)) at++
      if (code.startsWith('//', at)) at = code.indexOf('\n', at) === -1 ? code.length : code.indexOf('\n', at)
      else if (code.startsWith('/*', at)) at = code.indexOf('*/', at) + 2
      else return
    }
  }
  skipBlanksAndComments()
  if (code[at] !== ',') return { end: from, comma: false }
  at++
  while (at < code.length && /[ \t]/.test(code[at]!)) at++
  if (code[at] === '\n') at++
  return { end: at, comma: true }
}

/** Removes the documentation of one machine config (an object literal), at every depth. */
function stripConfig(code: string, edits: MagicString, config: ESTree.ObjectExpression): number {
  let removed = 0
  const visitValue = (value: Expression, named: boolean) => {
    const node = unwrap(value)
    if (node.type === 'ObjectExpression') visitObject(node, named)
    else if (node.type === 'ArrayExpression') for (const element of node.elements) if (element && element.type !== 'SpreadElement') visitValue(element, false)
  }
  function visitObject(object: ESTree.ObjectExpression, named: boolean) {
    const properties = object.properties
    properties.forEach((property, index) => {
      if (property.type !== 'Property' || property.kind !== 'init' || property.method) return
      const name = keyName(property)
      if (named) return visitValue(property.value, false)
      if (name !== undefined && DATA_KEYS.has(name)) return
      if (!isDocumentation(name, property.value)) return visitValue(property.value, name !== undefined && NAMED_KEYS.has(name))
      // The property, its comma and the rest of its line; the last one without a trailing comma
      // takes the comma before it instead, so that the object stays valid.
      const { end, comma } = endOfProperty(code, property.end)
      const previous = properties[index - 1]
      if (comma || !previous) edits.remove(property.start, end)
      else edits.remove(previous.end, property.end)
      removed++
    })
  }
  visitObject(config, false)
  return removed
}

/**
 * A chart's config: `createMachine(...)`, a part of a chart written apart,
 * `setup(...).createStateConfig(...)`, or a piece several charts share, `chartPart(...)`
 * (machines/shared/chartPart.ts).
 */
const CHART_CALLS = new Set(['createMachine', 'createStateConfig', 'chartPart'])
const isCreateMachine = (callee: ESTree.Expression | ESTree.Super): boolean =>
  (callee.type === 'Identifier' && CHART_CALLS.has(callee.name)) ||
  (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && CHART_CALLS.has(callee.property.name))

export interface StripResult {
  code: string
  map: SourceMap
  /** How many `description` and `meta` properties were removed. */
  removed: number
}

/**
 * The code without the `description` and `meta` of the configs given to `createMachine(...)`,
 * or null when it has none. `program` is the code's ESTree AST (`this.parse(code)` in a plugin,
 * `parseAst(code)` from vite elsewhere); the code is JavaScript (TypeScript already stripped).
 */
export function stripMachineDocs(code: string, program: ESTree.Program, file?: string): StripResult | null {
  const edits = new MagicString(code)
  let removed = 0
  new Visitor({
    CallExpression(call) {
      const config = call.arguments[0]
      if (isCreateMachine(call.callee) && config?.type === 'ObjectExpression') removed += stripConfig(code, edits, config)
    },
  }).visit(program)
  if (removed === 0) return null
  return { code: edits.toString(), map: edits.generateMap({ hires: 'boundary', source: file, includeContent: true }), removed }
}

/**
 * The Vite plugin: on in a production build that is not an inspector build (the same
 * VITE_INSPECT that `import.meta.env` gives the app, from the environment or a .env file).
 */
export function stripMachineDocsPlugin(): Plugin {
  let machines = ''
  let enabled = false
  return {
    name: 'strip-machine-docs',
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      machines = resolve(config.root, 'machines')
      enabled = config.isProduction && config.env.VITE_INSPECT !== 'true'
    },
    transform: {
      filter: { id: /\/machines\/(?:[^/]+\/[^/]+\.machine|[^/]+)\.ts$/ },
      handler(code, id) {
        const isChart = dirname(id) === machines || (dirname(dirname(id)) === machines && id.endsWith('.machine.ts'))
        if (!enabled || !isChart) return null
        const result = stripMachineDocs(code, this.parse(code), id)
        return result && { code: result.code, map: result.map }
      },
    },
  }
}

/**
 * A machine's Mermaid `stateDiagram-v2` (rendered by GitHub): nested states as boxes, the regions of
 * a parallel state separated by `--`, initial (`[*] -->`) and final (`--> [*]`) states; one arrow per
 * pair of states, labelled with its events and, on the line below, their guards in brackets.
 *
 * Mermaid creates a state wherever an id is first mentioned, so every state is declared in its box
 * before any arrow names it; an arrow between two boxes is written at the top level, after them.
 *
 * Layout, chosen by looking at the diagrams at the width GitHub gives a document (the screenshots of
 * test/e2e/machine-diagrams.test.ts): top to bottom, which keeps a flow narrow; regions side by side.
 * A parallel state with more regions than fit side by side keeps in the main diagram those whose
 * transitions reach outside them; the others, which only change within themselves, are drawn in a
 * second diagram, stacked up (left to right).
 */
import { eventText, guardText, type MachineFacts, type StateFacts, type TransitionFacts } from './machine-model.ts'

export interface Diagrams {
  /** Mermaid sources, without the code fence: the machine, then the detached regions, if any. */
  diagrams: string[]
  /** What the diagrams leave out or draw in a special way, for the lines under them. */
  notes: string[]
}

/** More guards than this on one arrow are counted, not listed. */
const MAX_GUARDS = 2
/** More regions than this are too wide side by side: those that can be are detached. */
const MAX_SIDE_BY_SIDE = 2

const KEYWORDS = new Set(['state', 'note', 'direction', 'classDef', 'class', 'style', 'click', 'as', 'end', 'hide', 'scale'])

/** A unique id: the state's path joined with `_` (`editing_holder_idle`). */
export function stateId(path: readonly string[]): string {
  const id = path.join('_')
  return KEYWORDS.has(id) ? `${id}_` : id
}

const key = (path: readonly string[]) => path.join('.')
const isPrefix = (prefix: readonly string[], path: readonly string[]) => prefix.length <= path.length && prefix.every((k, i) => path[i] === k)
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && isPrefix(a, b)
const parentOf = (path: readonly string[]) => path.slice(0, -1)

interface Edge {
  from: string[]
  to: string[]
  transition: TransitionFacts
}

/** The arrows a transition draws, or the note explaining why it draws none. */
function edgesOf(t: TransitionFacts, states: Map<string, StateFacts>): { edges: Edge[]; note?: string } {
  if (t.targets.length === 0) return { edges: [], note: 'targetless' }
  if (t.source.length === 0) return { edges: [], note: 'root' }
  const edges: Edge[] = []
  let note: string | undefined
  for (const to of t.targets) {
    if (!same(to, t.source) && isPrefix(to, t.source)) return { edges: [], note: 'ancestor' }
    if (to.length > t.source.length && isPrefix(t.source, to)) {
      // Mermaid cannot draw a box's arrow into its own content: drawn from each other sub-state.
      const via = to.slice(0, t.source.length + 1)
      const others = states.get(key(t.source))?.children.filter((c) => !same(c.path, via)) ?? []
      edges.push(...others.map((c) => ({ from: c.path, to, transition: t })))
      note = 'inner'
      continue
    }
    edges.push({ from: t.source, to, transition: t })
  }
  return { edges, note }
}

/** `done: askTransfer<br/>[isRefused / else]`: the events of an arrow, each with the guards that lead there. */
function labelOf(edges: Edge[], all: TransitionFacts[], notes: Set<string>): string {
  const byEvent = new Map<string, Edge[]>()
  for (const e of edges) byEvent.set(eventText(e.transition), [...(byEvent.get(eventText(e.transition)) ?? []), e])
  return [...byEvent.entries()]
    .map(([event, group]) => {
      const source = group[0]!.transition.source
      // Every branch of this event leads here, the last one unguarded: the guards do not matter for the arrow.
      const branches = all.filter((t) => same(t.source, source) && eventText(t) === event)
      const always = branches.every((t) => group.some((e) => e.transition === t)) && !branches.at(-1)?.guard
      const guards = group.map((e) => (e.transition.guard ? guardText(e.transition.guard, undefined, true) : e.transition.isFallback ? 'else' : ''))
      const unique = [...new Set(guards)].filter((g) => g !== '')
      if (always || unique.length === 0) return event
      // A long list of guards would hide the arrow: the table has them, the arrow counts them.
      if (unique.length <= MAX_GUARDS) return `${event}<br/>[${unique.join(' / ')}]`
      notes.add('counted')
      return `${event}<br/>(${unique.length} rules)`
    })
    .join('<br/>')
}

/** Whether a transition starts or ends inside `region` and crosses its border. */
const crosses = (t: TransitionFacts, region: readonly string[]) => t.targets.some((to) => isPrefix(region, t.source) !== isPrefix(region, to))

/** The regions of the parallel states that are drawn apart (see the module's comment), by parallel state. */
function detachedRegions(facts: MachineFacts): Map<string, StateFacts[]> {
  const detached = new Map<string, StateFacts[]>()
  for (const s of facts.states) {
    if (s.type !== 'parallel' || s.children.length <= MAX_SIDE_BY_SIDE) continue
    const apart = s.children.filter((region) => !facts.transitions.some((t) => crosses(t, region.path)))
    if (apart.length > 0) detached.set(key(s.path), apart)
  }
  return detached
}

/** Writes the boxes and the arrows of the states in `top` (copies of the machine's, pruned). */
function diagramText(
  top: StateFacts[],
  /** The initial state among `top`; `undefined` when they are regions side by side. */
  initial: string | undefined,
  pairs: Map<string, Edge[]>,
  all: TransitionFacts[],
  direction: 'TB' | 'LR',
  /** Collects what the notes under the diagrams must explain. */
  notes: Set<string>,
): string {
  const drawn = new Set<string>()
  const collect = (s: StateFacts) => (drawn.add(stateId(s.path)), s.children.forEach(collect))
  top.forEach(collect)
  const lines = ['stateDiagram-v2', `  direction ${direction}`]
  const types = new Map<string, StateFacts>()
  const register = (s: StateFacts) => (types.set(key(s.path), s), s.children.forEach(register))
  top.forEach(register)
  const inDiagram = [...pairs].filter(([, group]) => drawn.has(stateId(group[0]!.from)) && drawn.has(stateId(group[0]!.to)))
  /** The box an arrow is written in: its two states' parent ('' for the top level), unless they are regions. */
  const boxOf = (group: Edge[]) => {
    const [from, to] = [parentOf(group[0]!.from), parentOf(group[0]!.to)]
    if (!same(from, to)) return undefined
    const parallel = from.length === 0 ? initial === undefined : types.get(key(from))?.type === 'parallel'
    return parallel ? undefined : key(from)
  }
  const arrow = (pad: string, [pair, group]: [string, Edge[]]) => `${pad}${pair} : ${labelOf(group, all, notes)}`

  const block = (s: StateFacts, depth: number) => {
    const pad = '  '.repeat(depth)
    const label = `state "${s.key}" as ${stateId(s.path)}`
    if (s.children.length === 0) return void lines.push(`${pad}${label}`)
    lines.push(`${pad}${label} {`)
    body(s.children, s.type === 'parallel', s.initial, key(s.path), depth + 1)
    lines.push(`${pad}}`)
  }
  const body = (children: StateFacts[], parallel: boolean, initialKey: string | undefined, box: string, depth: number) => {
    const pad = '  '.repeat(depth)
    if (parallel) {
      // Mermaid separates regions with `--` inside a box only; at the top level, they are boxes side by side.
      children.forEach((region, i) => (i > 0 && depth > 1 && lines.push(`${pad}--`), block(region, depth)))
      return
    }
    const initialState = children.find((c) => c.key === initialKey)
    if (initialState) lines.push(`${pad}[*] --> ${stateId(initialState.path)}`)
    for (const child of children) block(child, depth)
    for (const pair of inDiagram) if (boxOf(pair[1]) === box) lines.push(arrow(pad, pair))
    for (const child of children.filter((c) => c.type === 'final')) lines.push(`${pad}${stateId(child.path)} --> [*]`)
  }
  // The top level: the machine's states, or side by side the regions of a parallel machine.
  body(top, initial === undefined, initial, '', 1)
  for (const pair of inDiagram) if (boxOf(pair[1]) === undefined) lines.push(arrow('  ', pair))
  return lines.join('\n')
}

export function mermaidDiagrams(facts: MachineFacts): Diagrams {
  const states = new Map(facts.states.map((s) => [key(s.path), s]))
  const notes = new Set<string>()
  const pairs = new Map<string, Edge[]>()
  for (const t of facts.transitions) {
    const drawn = edgesOf(t, states)
    if (drawn.note) notes.add(drawn.note)
    for (const e of drawn.edges) {
      const pair = `${stateId(e.from)} --> ${stateId(e.to)}`
      pairs.set(pair, [...(pairs.get(pair) ?? []), e])
    }
  }

  const detached = detachedRegions(facts)
  const prune = (s: StateFacts): StateFacts => {
    const apart = detached.get(key(s.path)) ?? []
    return { ...s, children: s.children.filter((c) => !apart.includes(c)).map(prune) }
  }
  const diagrams = [
    diagramText(facts.root.children.map(prune), facts.root.type === 'parallel' ? undefined : facts.root.initial, pairs, facts.transitions, 'TB', notes),
  ]
  for (const regions of detached.values()) {
    // Left to right, boxes at the top level stack up (inside a box, they would stand side by side).
    diagrams.push(diagramText(regions, undefined, pairs, facts.transitions, 'LR', notes))
  }
  return { diagrams, notes: noteTexts(notes, facts, detached, states) }
}

const names = (states: StateFacts[]) => states.map((s) => `\`${s.key}\``).join(', ')

function noteTexts(notes: Set<string>, facts: MachineFacts, detached: Map<string, StateFacts[]>, states: Map<string, StateFacts>): string[] {
  const texts: string[] = []
  if (facts.root.type === 'parallel')
    texts.push(`The machine's regions (${names(facts.root.children)}) are active at the same time: each outer box is one of them.`)
  for (const [path, regions] of detached) {
    const others = states.get(path)!.children.filter((c) => !regions.includes(c))
    texts.push(
      `The regions ${names(regions)} of \`${path}\` only change within themselves: they are drawn in the second diagram, ` +
        `and are active at the same time as ${others.length > 0 ? names(others) : 'each other'}.`,
    )
  }
  if (notes.has('targetless'))
    texts.push('Transitions without a target (the state stays, only the effects run) are left out of the diagram: they are in the table of transitions.')
  if (notes.has('root'))
    texts.push('Transitions of the machine itself (they apply in any state) are left out of the diagram: they are in the table of transitions.')
  if (notes.has('inner')) texts.push('A transition of a box towards one of its own sub-states is drawn from each of its other sub-states.')
  if (notes.has('ancestor')) texts.push('Transitions from a sub-state to the box around it are left out of the diagram: they are in the table of transitions.')
  texts.push(
    'When several rules link the same two states, one arrow carries them all; the guards in brackets are tried in the order ' +
      `of the table ("else": none of the earlier guards held${notes.has('counted') ? '; "(n rules)": more guards than fit, see the table' : ''}).`,
  )
  return texts
}

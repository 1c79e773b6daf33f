/**
 * A machine's structure as plain data (states, transitions, guards, effects), read from the XState
 * definition itself: what the document, its diagram and its staleness test walk over.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

export interface StateFacts {
  /** Keys from the root, e.g. ['editing', 'holder', 'idle']; [] for the machine itself. */
  path: string[]
  /** The state's own key (its label in the diagram). */
  key: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  description: string | undefined
  spec: string | undefined
  /** The initial child's key (compound states). */
  initial: string | undefined
  children: StateFacts[]
  entry: unknown[]
  exit: unknown[]
  invokes: { id: string; src: string }[]
}

export interface TransitionFacts {
  /** The state declaring it ([] for the machine itself: it applies in any state). */
  source: string[]
  /** The event as XState names it ('' for an eventless `always` transition). */
  eventType: string
  /** For `after` transitions: the delay in ms, or its name. */
  delay: number | string | undefined
  guard: unknown
  /** Target paths; [] when the transition has no target (the state stays). */
  targets: string[][]
  actions: unknown[]
  description: string | undefined
  /** Earlier transitions of the same state and event carry guards: this one applies otherwise. */
  isFallback: boolean
}

export interface MachineFacts {
  id: string
  description: string | undefined
  root: StateFacts
  /** Every state below the root, in definition order (depth first). */
  states: StateFacts[]
  /** Every transition, in definition order (a state's own, then its children's). */
  transitions: TransitionFacts[]
}

const pathOf = (node: AnyStateNode): string[] => [...node.path]

function stateFacts(node: AnyStateNode): StateFacts {
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined
  const spec = (node.meta as { spec?: unknown } | undefined)?.spec
  return {
    path: pathOf(node),
    key: node.path.length === 0 ? node.id : node.key,
    type: node.type,
    description: node.description,
    spec: typeof spec === 'string' ? spec : undefined,
    initial: initialTarget?.key,
    children: Object.values(node.states).map(stateFacts),
    entry: [...node.entry],
    exit: [...node.exit],
    invokes: node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id })),
  }
}

/** The transitions a state declares: its `on`, `after`, invoke `onDone`/`onError`, then `always`. */
function declaredTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

function transitionFacts(node: AnyStateNode): TransitionFacts[] {
  const after = new Map((node.after ?? []).map((t) => [t.eventType, t.delay]))
  const guardedEvents = new Set<string>()
  return declaredTransitions(node).map((t) => {
    const isFallback = !t.guard && guardedEvents.has(t.eventType)
    if (t.guard) guardedEvents.add(t.eventType)
    return {
      source: pathOf(node),
      eventType: t.eventType,
      delay: after.get(t.eventType) as number | string | undefined,
      guard: t.guard,
      targets: (t.target ?? []).map(pathOf),
      actions: [...t.actions],
      description: t.description,
      isFallback,
    }
  })
}

const descendants = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...descendants(child)])

export function machineFacts(machine: AnyStateMachine): MachineFacts {
  const root = stateFacts(machine.root)
  const flatten = (s: StateFacts): StateFacts[] => s.children.flatMap((c) => [c, ...flatten(c)])
  return {
    id: machine.id,
    description: machine.root.description,
    root,
    states: flatten(root),
    transitions: [machine.root, ...descendants(machine.root)].flatMap(transitionFacts),
  }
}

/** 'editing.holder.idle' ('' for the machine itself). */
export const dotted = (path: readonly string[]): string => path.join('.')

// ---------------------------------------------------------------------------------------------
// Readable names of events, guards and effects
// ---------------------------------------------------------------------------------------------

/** 5000 → '5 s', 90000 → '90 s', 250 → '250 ms'; a named delay keeps its name. */
function delayText(delay: number | string): string {
  if (typeof delay === 'string') return delay
  return delay % 1000 === 0 ? `${delay / 1000} s` : `${delay} ms`
}

/** `done: askTransfer`, `error: askTransfer`, `after 5 s`, `always`, or the event's own name. */
export function eventText(t: Pick<TransitionFacts, 'eventType' | 'delay'>): string {
  const { eventType } = t
  if (eventType === '') return 'always'
  if (eventType === '*') return 'any event'
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice('xstate.done.actor.'.length)}`
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice('xstate.error.actor.'.length)}`
  if (eventType.startsWith('xstate.done.state.')) return `done: ${eventType.slice('xstate.done.state.'.length)}`
  if (eventType.startsWith('xstate.after.')) {
    const delay = t.delay ?? eventType.split('.')[2] ?? ''
    return `after ${delayText(typeof delay === 'string' && /^\d+$/.test(delay) ? Number(delay) : delay)}`
  }
  return eventType
}

/** How a static parameter value reads; a string may be named (a catalogue key, by its text). */
export type NameText = (text: string) => string | undefined

function valueText(value: unknown, nameText: NameText): string {
  if (typeof value === 'string') return nameText(value) ?? JSON.stringify(value)
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map((v) => valueText(v, nameText)).join(', ')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.map(([k, v]) => `${k}: ${valueText(v, nameText)}`).join(', ')
  }
  return '…'
}

/** `name`, or `name(param: value)` when the params are static (a function of the event reads as the name). */
function withParams(name: string, params: unknown, nameText: NameText): string {
  if (params === undefined || typeof params === 'function') return name
  return `${name}(${valueText(params, nameText)})`
}

type GuardFn = ((...args: unknown[]) => unknown) & { guards?: unknown[]; stateValue?: unknown }

/**
 * `isFormValid`, `isFieldOfKind and wasSubmitted`, `not isX`, `isKind(kind: "momo")`, `in state #id`;
 * inline code reads "(inline check)". `brief` leaves the params out (the diagram's labels).
 */
export function guardText(guard: unknown, nameText: NameText = () => undefined, brief = false): string {
  const text = (g: unknown, nested: boolean): string => {
    if (g === undefined || g === null) return ''
    if (typeof g === 'string') return g
    if (typeof g === 'function') {
      const fn = g as GuardFn
      const parts = (fn.guards ?? []).map((inner) => text(inner, true))
      const wrap = (joined: string) => (nested ? `(${joined})` : joined)
      if (fn.name === 'and' && fn.guards) return wrap(parts.join(' and '))
      if (fn.name === 'or' && fn.guards) return wrap(parts.join(' or '))
      if (fn.name === 'not' && fn.guards) return `not ${parts[0] ?? ''}`
      if (fn.name === 'stateIn') return `in state ${valueText(fn.stateValue, nameText)}`
      return '(inline check)'
    }
    if (typeof g === 'object' && 'type' in g) {
      const { type, params } = g as { type: string; params?: unknown }
      return brief ? type : withParams(type, params, nameText)
    }
    return '(inline check)'
  }
  return text(guard, false)
}

/** `showError(message: transfer.failed)`, `reset`; an inline function reads "(inline effect)". */
export function actionText(action: unknown, nameText: NameText = () => undefined): string {
  if (typeof action === 'string') return action
  if (action && typeof action === 'object' && 'type' in action) {
    const { type, params } = action as { type: string; params?: unknown }
    return withParams(type, params, nameText)
  }
  if (typeof action === 'function') {
    const name = (action as { type?: string }).type ?? ''
    // Built-in action creators (assign, raise, sendTo…) are named `xstate.assign` etc.
    return name.startsWith('xstate.') ? `(inline ${name.slice('xstate.'.length)})` : '(inline effect)'
  }
  return '(inline effect)'
}

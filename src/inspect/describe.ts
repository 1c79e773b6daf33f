/**
 * What the QA panel shows of one live actor, read from its current snapshot: for a state machine,
 * the active states with their `description` and `meta.spec` (the machine documents each state
 * in the spec's words), the masked context and the events it accepts right now; for any other
 * actor (a promise: a call under way), its status and masked input. Pure data, already masked.
 */
import type { AnyActorRef, AnyMachineSnapshot, AnyStateNode } from 'xstate'
import { maskSecrets } from './mask'

export interface StateNodeView {
  /** The node's path in the machine, e.g. `editing.form.filling`. */
  path: string
  description: string | null
  /** Where the specification defines it (`meta.spec`). */
  spec: string | null
}

export interface AcceptedEvent {
  type: string
  /** `snapshot.can({ type })`: the event, sent without data, would be taken now. */
  allowed: boolean
}

export interface ActorDescription {
  /** The machine's id, `null` for an actor that is not a state machine (a promise). */
  machine: string | null
  status: string
  /** The active leaf states (one per region of a parallel state). */
  leaves: string[]
  /** Every active state node below the root, outermost first. */
  nodes: StateNodeView[]
  /** The machine's context, or another actor's input; masked. */
  data: unknown
  accepts: AcceptedEvent[]
}

const isMachineSnapshot = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
  typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot && 'value' in snapshot

/** The active state nodes of a state value, outermost first (the root excluded). */
function activeNodes(root: AnyStateNode, value: unknown): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode, inner: unknown) => {
    const entries = typeof inner === 'string' ? [[inner, undefined] as const] : Object.entries(inner ?? {})
    for (const [key, below] of entries) {
      const child = node.states[key]
      if (!child) continue
      nodes.push(child)
      if (below !== undefined) visit(child, below)
    }
  }
  visit(root, value)
  return nodes
}

const isInternal = (type: string) => type.startsWith('xstate.') || type === '*'

/** Each own event of the root and of the active nodes, once, with what `can()` says of it. */
function acceptedEvents(snapshot: AnyMachineSnapshot, nodes: AnyStateNode[]): AcceptedEvent[] {
  const types = new Set([snapshot.machine.root, ...nodes].flatMap((node) => node.ownEvents).filter((t) => !isInternal(t)))
  return [...types].sort().map((type) => {
    let allowed = false
    try {
      allowed = snapshot.can({ type })
    } catch {
      // A guard that reads data the bare event lacks: not allowed as such.
    }
    return { type, allowed }
  })
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

export function describeActor(ref: AnyActorRef): ActorDescription {
  const snapshot: unknown = ref.getSnapshot()
  if (!isMachineSnapshot(snapshot)) {
    const other = (snapshot ?? {}) as { status?: string; input?: unknown }
    return { machine: null, status: other.status ?? 'active', leaves: [], nodes: [], data: maskSecrets(other.input ?? null), accepts: [] }
  }
  const nodes = activeNodes(snapshot.machine.root, snapshot.value)
  return {
    machine: snapshot.machine.id,
    status: snapshot.status,
    leaves: nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.')),
    nodes: nodes.map((node) => ({
      path: node.path.join('.'),
      description: text(node.description),
      spec: text((node.meta as { spec?: unknown } | undefined)?.spec),
    })),
    data: maskSecrets(snapshot.context),
    accepts: snapshot.status === 'active' ? acceptedEvents(snapshot, nodes) : [],
  }
}

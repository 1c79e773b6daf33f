/**
 * The QA panel's memory of the running actors, fed by the same inspection observer as the Stately
 * inspector: every actor registered and not stopped yet, its parent, and the last events it
 * received — masked when recorded, so that no secret is ever kept here in clear.
 *
 * Listeners are told on a microtask, not during the inspection event: actors are created while a
 * screen renders, and React must not be asked to render another root in the middle of that.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate'
import { describeActor, type ActorDescription } from './describe'
import { maskSecrets } from './mask'

export interface SeenEvent {
  type: string
  /** The event's other fields, masked. */
  data: Record<string, unknown>
  at: number
}

export interface ActorView extends ActorDescription {
  sessionId: string
  /** The actor's id: its invoke id for a child, the system's `x:<n>` for a root actor. */
  id: string
  parentId: string | null
  /** 0 for a root actor, 1 for its children… */
  depth: number
  /** Newest first. */
  events: SeenEvent[]
}

interface Tracked {
  ref: AnyActorRef
  parentId: string | null
  events: SeenEvent[]
}

export interface QaStore {
  record: (event: InspectionEvent) => void
  subscribe: (listener: () => void) => () => void
  /** Changes whenever something shown may have changed (for `useSyncExternalStore`). */
  version: () => number
  /** Tells the listeners without an inspection event (e.g. the Stately window's status). */
  touch: () => void
  /** The live actors, each root followed by its descendants. */
  views: () => ActorView[]
}

/** How many events of each actor are kept. */
const EVENTS_KEPT = 6

function seen(event: { type: string }): SeenEvent {
  const { type, ...data } = maskSecrets(event as Record<string, unknown> & { type: string })
  return { type, data, at: Date.now() }
}

export function createQaStore(): QaStore {
  const actors = new Map<string, Tracked>()
  const listeners = new Set<() => void>()
  let version = 0
  let scheduled = false

  const touch = () => {
    version += 1
    if (scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      listeners.forEach((listener) => listener())
    })
  }

  const forget = (sessionId: string) => {
    actors.delete(sessionId)
    for (const [id, tracked] of actors) if (tracked.parentId === sessionId) forget(id)
  }

  function record(inspection: InspectionEvent): void {
    const ref = inspection.actorRef as AnyActorRef
    switch (inspection.type) {
      case '@xstate.actor':
        actors.set(ref.sessionId, { ref, parentId: ref._parent?.sessionId ?? null, events: [] })
        break
      case '@xstate.event': {
        const tracked = actors.get(ref.sessionId)
        if (!tracked) return
        tracked.events = [seen(inspection.event), ...tracked.events].slice(0, EVENTS_KEPT)
        break
      }
      case '@xstate.snapshot': {
        const status = (inspection.snapshot as { status?: string }).status
        // Done, failed or stopped: no longer a running actor, nor are its children.
        if (status !== undefined && status !== 'active') forget(ref.sessionId)
        break
      }
      default:
        return
    }
    touch()
  }

  function views(): ActorView[] {
    const list: ActorView[] = []
    const add = (sessionId: string, tracked: Tracked, depth: number) => {
      list.push({ ...describeActor(tracked.ref), sessionId, id: tracked.ref.id, parentId: tracked.parentId, depth, events: tracked.events })
      for (const [id, child] of actors) if (child.parentId === sessionId) add(id, child, depth + 1)
    }
    for (const [id, tracked] of actors) if (tracked.parentId === null || !actors.has(tracked.parentId)) add(id, tracked, 0)
    return list
  }

  return {
    record,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
    touch,
    views,
  }
}

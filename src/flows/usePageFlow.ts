/**
 * The door for a page that runs before the app does (the sign-in page's own entry, src/signIn.tsx):
 * the same `[screen, send]` as `useFlow`, without the router or the session, which that page's
 * bytes leave out. Its outward actions are the page's own.
 */
import { useMachine } from '@xstate/react'
import { useMemo, useRef, useState } from 'react'
import type { ActorRefFrom, AnyActorLogic, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate'
import { inspect } from '../inspect/inspector'

interface PageFlowOptions<TMachine extends AnyStateMachine, TScreen> {
  screen: (snapshot: SnapshotFrom<TMachine>) => TScreen
  actors?: Record<string, AnyActorLogic>
  actions?: Record<string, (...args: never[]) => void>
  input?: InputFrom<TMachine>
}

export function usePageFlow<TMachine extends AnyStateMachine, TScreen>(
  machine: TMachine,
  { screen, actors = {}, actions = {}, input }: PageFlowOptions<TMachine, TScreen>,
): [TScreen, ActorRefFrom<TMachine>['send']] {
  // The machine is provided once, when the page opens (as useMachine itself keeps its first logic).
  const [provided] = useState(() => machine.provide({ actors, actions } as never))
  const [snapshot, send] = useMachine(provided, { input, inspect: inspect() } as never) as unknown as [SnapshotFrom<TMachine>, ActorRefFrom<TMachine>['send']]
  const screenOf = useRef(screen)
  const model = useMemo(() => screenOf.current(snapshot), [snapshot])
  return [model, send]
}

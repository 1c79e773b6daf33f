/**
 * The door for a page that runs before the app does (the sign-in page's own entry, src/signIn.tsx):
 * the same `[screen, send]` as `useFlow`, without the router or the session, which that page's
 * bytes leave out. Its outward actions are the page's own.
 */
import { useMachine } from '@xstate/react'
import { useMemo, useRef, useState } from 'react'
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate'
import { inspect } from '../inspect/inspector'

export interface PageFlowOptions<TMachine extends AnyStateMachine, TScreen> {
  screen: (snapshot: SnapshotFrom<TMachine>) => TScreen
  actors?: Record<string, AnyActorLogic>
  actions?: Record<string, (...args: never[]) => void>
  input?: InputFrom<TMachine>
}

/** A machine provided once and running, with its screen model: what both doors are built on. */
export function useRunningFlow<TMachine extends AnyStateMachine, TScreen>(
  machine: TMachine,
  { screen, actors = {}, actions = {}, input }: PageFlowOptions<TMachine, TScreen>,
): { model: TScreen; send: ActorRefFrom<TMachine>['send']; actorRef: AnyActorRef } {
  // The machine is provided once, when the page opens (as useMachine itself keeps its first logic).
  const [provided] = useState(() => machine.provide({ actors, actions } as never))
  const [snapshot, send, actorRef] = useMachine(provided, { input, inspect: inspect() } as never) as unknown as [
    SnapshotFrom<TMachine>,
    ActorRefFrom<TMachine>['send'],
    AnyActorRef,
  ]
  // The screen function is pure and the view's own: computed once per snapshot.
  const screenOf = useRef(screen)
  const model = useMemo(() => screenOf.current(snapshot), [snapshot])
  return { model, send, actorRef }
}

export function usePageFlow<TMachine extends AnyStateMachine, TScreen>(
  machine: TMachine,
  options: PageFlowOptions<TMachine, TScreen>,
): [TScreen, ActorRefFrom<TMachine>['send']] {
  const { model, send } = useRunningFlow(machine, options)
  return [model, send]
}

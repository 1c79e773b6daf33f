/**
 * The one way a flow talks to the rest of the app. A machine speaks outward only through named
 * actions (`startSession`, `refreshNotifications`, `goToProfile`…); this hook provides them all, with
 * the flow's actors, the inspector, the machine's input and the session's accounts. The outside
 * speaks to a flow only through the events sent here (`accounts.change`). The one exception is the
 * client's session expiry (`whenSessionExpires` in src/api/client.ts): it is the HTTP boundary.
 */
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate'
import type { SessionAccounts } from '../../machines/shared/accounts'
import type { LoginOutput } from '../../machines/login/login.types'
import { inspect } from '../inspect/inspector'
import { useSession, type SessionActor } from '../session/session'
import { useSessionAccounts } from '../session/useSessionAccounts'
import { toaster } from '../ui/toasts'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The message the photo update leaves for the profile page (spec §2: "shown at the top"). */
    profileMessage?: string
  }
}

type Navigate = ReturnType<typeof useNavigate>
type Message = { message: string }

/** Every named outward action a machine may declare, as the app carries it out. */
function outwardActions(session: SessionActor, navigate: Navigate, kept: { current: string | undefined }) {
  return {
    /** Login succeeded: the session starts with the output (the session machine stores and navigates). */
    startSession: (_: unknown, started: LoginOutput) => session.send({ type: 'session.start', ...started }),
    /** The shell's notification counter is read again (a transfer leaves notifications). */
    refreshNotifications: () => session.send({ type: 'notifications.refresh' }),
    /** Money moved: the session's balances are old (read again when a screen shows them). */
    refreshAccounts: () => session.send({ type: 'accounts.refresh' }),
    /** A screen that shows the balances is on: old ones are read again. */
    wantAccounts: () => session.send({ type: 'accounts.wanted' }),
    /** A notification was marked seen: once the server confirmed, the counter is read again. */
    notifyCounter: (_: unknown, notice: { confirmed: boolean }) => {
      if (notice.confirmed) session.send({ type: 'notifications.refresh' })
    },
    /** spec §8: a click on the accounts message reloads the page. */
    reloadPage: () => window.location.reload(),
    /** spec §8 "Download errors: … logged" (rulings §9.7 adds a message, which the statement machine shows). */
    logDownloadError: (_: unknown, failure: unknown) => console.warn('download failed', failure),
    toastSent: (_: unknown, { message }: Message) => toaster.show({ kind: 'success', title: message }),
    goToLogin: () => void navigate({ to: '/login' }),
    /** Kept for the next `goToProfile`, which carries it in the navigation state. */
    rememberProfileMessage: (_: unknown, { message }: Message) => {
      kept.current = message
    },
    goToProfile: () => void navigate({ to: '/app/profile', state: kept.current === undefined ? {} : { profileMessage: kept.current } }),
  }
}

interface FlowOptions<TMachine extends AnyStateMachine> {
  /** The calls of the contract the machine declares (src/flows/<flow>/actors.ts). */
  actors?: Record<string, AnyActorLogic>
  /** The flow's own outward actions (src/flows/<flow>/actors.ts), beside those every flow shares. */
  actions?: Record<string, (...args: never[]) => void>
  /** The machine's input, without the accounts (`withAccounts` adds them). */
  input?: Omit<InputFrom<TMachine>, keyof SessionAccounts>
  /** The flow takes the session's accounts as input, and `accounts.change` when they change. */
  withAccounts?: boolean
}

/** The running flow: its snapshot and its `send`, as `useMachine` gives them. */
export function useFlow<TMachine extends AnyStateMachine>(
  machine: TMachine,
  { actors = {}, actions = {}, input, withAccounts = false }: FlowOptions<TMachine> = {},
): [SnapshotFrom<TMachine>, ActorRefFrom<TMachine>['send'], ActorRefFrom<TMachine>] {
  const session = useSession()
  const navigate = useNavigate()
  const kept = useRef<string | undefined>(undefined)
  const sessionAccounts = useSessionAccounts()
  const [provided] = useState(() => machine.provide({ actors, actions: { ...outwardActions(session, navigate, kept), ...actions } } as never))
  const [snapshot, send, actorRef] = useMachine(provided, {
    input: withAccounts ? { ...input, ...sessionAccounts } : input,
    inspect: inspect(),
  } as never) as unknown as [SnapshotFrom<TMachine>, ActorRefFrom<TMachine>['send'], ActorRefFrom<TMachine>]

  // A screen with the accounts shows their balances in its select: after a transfer, they are read
  // again now (the session ignores this when its list is fresh).
  useEffect(() => {
    if (withAccounts) session.send({ type: 'accounts.wanted' })
  }, [withAccounts, session])

  // The session may finish loading the accounts after the screen opened: each later change is sent
  // as `accounts.change` (the first value was the input).
  const first = useRef(true)
  const { accounts, accountsFailed } = sessionAccounts
  useEffect(() => {
    if (!withAccounts) return
    if (first.current) first.current = false
    else (actorRef as AnyActorRef).send({ type: 'accounts.change', accounts, accountsFailed })
  }, [withAccounts, accounts, accountsFailed, actorRef])

  return [snapshot, send, actorRef]
}

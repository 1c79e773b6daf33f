/**
 * The door between a flow's view and its machine. A view calls
 * `const [screen, send] = useFlow(machine, { screen: fooScreen, actors })` and renders only the
 * screen model (machines/<flow>/<flow>.screen.ts); it never holds the snapshot.
 *
 * A machine speaks outward only through named actions (`startSession`, `refreshNotifications`,
 * `goToProfile`…); this hook provides them all, with the flow's actors, the inspector, the
 * machine's input and the session's accounts. The outside speaks to a flow only through the events
 * sent here (`accounts.change`).
 */
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import type { ActorRefFrom, AnyActorLogic, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate'
import type { SessionAccounts } from '../../machines/shared/accounts'
import type { LoginOutput } from '../../machines/login/login.types'
import { sessionIntents, useSessionActor, type SessionIntents } from '../session/session'
import { toaster } from '../ui/toasts'
import { useRunningFlow } from './usePageFlow'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The message the photo update leaves for the profile page (spec §2: "shown at the top"). */
    profileMessage?: string
  }
}

type Navigate = ReturnType<typeof useNavigate>
type Message = { message: string }

/** Every named outward action a machine may declare, as the app carries it out. */
function outwardActions(session: SessionIntents, navigate: Navigate, kept: { current: string | undefined }) {
  return {
    /** Login succeeded: the session starts with the output (the session machine stores and navigates). */
    startSession: (_: unknown, started: LoginOutput) => session.start(started),
    /**
     * The shell's notification counter is read again (a transfer leaves notifications). A
     * notification marked seen says `confirmed: false` first (nothing to read yet), then `true`
     * once the server has it.
     */
    refreshNotifications: (_: unknown, notice?: { confirmed?: boolean }) => {
      if (notice?.confirmed !== false) session.refreshNotifications()
    },
    /** Money moved: the session's balances are old (read again when a screen shows them). */
    refreshAccounts: () => session.refreshAccounts(),
    /** A screen that shows the balances is on: old ones are read again. */
    wantAccounts: () => session.wantAccounts(),
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
    /**
     * rulings §9.5: the PIN a reset sent is replaced: every /app screen opens again, the balances and
     * the counter (refused until now) are read again, and the dashboard follows with the message.
     */
    pinChanged: (_: unknown, { message }: Message) => {
      session.pinMustChange(false)
      session.refreshAccounts()
      session.refreshNotifications()
      toaster.show({ kind: 'success', title: message })
      void navigate({ to: '/app/dashboard', replace: true })
    },
  }
}

interface FlowOptions<TMachine extends AnyStateMachine, TScreen> {
  /** The machine's screen model: the pure function of machines/<flow>/<flow>.screen.ts. */
  screen: (snapshot: SnapshotFrom<TMachine>) => TScreen
  /** The calls of the contract the machine declares (src/flows/<flow>/actors.ts). */
  actors?: Record<string, AnyActorLogic>
  /** The flow's own outward actions (src/flows/<flow>/actors.ts), beside those every flow shares. */
  actions?: Record<string, (...args: never[]) => void>
  /** The machine's input, without the accounts (`withAccounts` adds them). */
  input?: Omit<InputFrom<TMachine>, keyof SessionAccounts>
  /** The flow takes the session's accounts as input, and `accounts.change` when they change. */
  withAccounts?: boolean
}

/** The running flow: its screen model and its `send`. */
export function useFlow<TMachine extends AnyStateMachine, TScreen>(
  machine: TMachine,
  { screen, actors = {}, actions = {}, input, withAccounts = false }: FlowOptions<TMachine, TScreen>,
): [TScreen, ActorRefFrom<TMachine>['send']] {
  const session = useSessionActor()
  const intents = useMemo(() => sessionIntents(session), [session])
  const navigate = useNavigate()
  const kept = useRef<string | undefined>(undefined)
  const accounts = useSelector(session, (s) => s.context.accounts)
  const accountsFailed = useSelector(session, (s) => s.context.accountsFailed)
  const { model, send, actorRef } = useRunningFlow(machine, {
    screen,
    actors,
    // Built at each render but taken once: the machine is provided when the screen opens.
    actions: { ...outwardActions(intents, navigate, kept), ...actions },
    input: (withAccounts ? { ...input, accounts, accountsFailed } : input) as InputFrom<TMachine>,
  })

  // A screen with the accounts shows their balances in its select: after a transfer, they are read
  // again now (the session ignores this when its list is fresh).
  useEffect(() => {
    if (withAccounts) intents.wantAccounts()
  }, [withAccounts, intents])

  // The session may finish loading the accounts after the screen opened: each later change is sent
  // as `accounts.change` (the first value was the input).
  const first = useRef(true)
  useEffect(() => {
    if (!withAccounts) return
    if (first.current) first.current = false
    else actorRef.send({ type: 'accounts.change', accounts, accountsFailed })
  }, [withAccounts, accounts, accountsFailed, actorRef])

  return [model, send]
}

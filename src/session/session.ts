/**
 * The session's door: the one app-wide actor (the signed-in customer), started here with its side
 * effects (storage, toast, navigation) provided outside the pure machine, and the named intents
 * through which the app and the flows speak to it. Nothing else sends to the session actor.
 */
import { createContext, useContext } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import type { LoginOutput } from '../../machines/login/login.types'
import { session as texts } from '../../machines/messages'
import { sessionMachine } from '../../machines/session/session.machine'
import { returnPathOf } from '../../machines/session/session.rules'
import { provideClientSignals } from '../api/client'
import { sessionStore } from '../api/sessionStore'
import { inspect } from '../inspect/inspector'
import { EXPIRY_TOAST_MS, toaster } from '../ui/toasts'
import { endSession, keepAlive, loadAccounts, loadNotificationSize } from './actors'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** The page's address; absent where the app's modules run outside a page (the server tests). */
const location = globalThis.location as Location | undefined

/** rulings §6.4: the /app page kept at the expiry of this customer's session, read once. */
function keptPathFor(kcode: string): string | null {
  const place = sessionStore.takeReturnPlace()
  return location ? returnPathOf(place, kcode, location.origin) : null
}

/** Everything the app and the flows may ask of the session, by name (the session's events). */
export function sessionIntents(session: SessionActor) {
  return {
    /** Login succeeded: the session stores the customer and goes to the start page (rulings §6.4). */
    start: (started: LoginOutput) => session.send({ type: 'session.start', ...started }),
    /** The client saw the session end on the server (spec §4 Session). */
    expired: () => session.send({ type: 'session.expired' }),
    /** The client saw a customer call answered: the idle window moved (rulings §6.4). */
    active: () => session.send({ type: 'session.activity' }),
    /** The session warning's stay button (rulings §6.4). */
    keepAlive: () => session.send({ type: 'session.keepAlive' }),
    /** spec §2 logout dialog: open it, close it, confirm it. */
    openLogout: () => session.send({ type: 'logout.open' }),
    closeLogout: () => session.send({ type: 'logout.close' }),
    confirmLogout: () => session.send({ type: 'logout.confirm' }),
    /** The shell's notification counter is read again. */
    refreshNotifications: () => session.send({ type: 'notifications.refresh' }),
    /** Money moved: the balances are old (read again when a screen shows them). */
    refreshAccounts: () => session.send({ type: 'accounts.refresh' }),
    /** A screen that shows the balances is on: old ones are read again. */
    wantAccounts: () => session.send({ type: 'accounts.wanted' }),
    /** spec §8: the click on the accounts message reads them again. */
    reloadAccounts: () => session.send({ type: 'accounts.reload' }),
    /**
     * rulings §9.5: the PIN a reset sent must be changed first (`true`: a call answered 403 code '3'),
     * or it was changed (`false`: every /app screen opens again).
     */
    pinMustChange: (required: boolean) => session.send({ type: 'pin.mustChange', required }),
  }
}

export type SessionIntents = ReturnType<typeof sessionIntents>

interface SessionStart {
  /** Where the session's navigation goes (the router's). */
  navigate: (to: string) => void
  /** A customer the sign-in page just signed in (src/signIn.tsx), handed over at start. */
  signedIn?: LoginOutput
}

/** Starts the session, restored from session storage, and wires the client's signals to it. */
export function startSession({ navigate, signedIn }: SessionStart): SessionActor {
  const machine = sessionMachine.provide({
    actors: { endSession, loadAccounts, loadNotificationSize, keepAlive },
    actions: {
      storeSession: (_, { token, user, idleSeconds }) => sessionStore.save(token, user, idleSeconds),
      storeAccounts: (_, { accounts }) => sessionStore.saveAccounts(accounts),
      clearSession: () => sessionStore.clear(),
      announceExpiry: () => toaster.show({ kind: 'warning', title: texts.expiredTitle, text: texts.expiredText, durationMs: EXPIRY_TOAST_MS }),
      goToStartPage: (_, { kcode }) => navigate(keptPathFor(kcode) ?? '/app/dashboard'),
      rememberPlace: (_, { kcode }) => {
        const path = location && returnPathOf({ path: location.pathname + location.search + location.hash, kcode }, kcode, location.origin)
        if (path) sessionStore.keepReturnPlace({ path, kcode })
      },
      goToLogin: () => navigate('/login'),
      reloadPage: () => location?.reload(),
    },
  })
  const actor = createActor(machine, {
    input: {
      user: sessionStore.isSignedIn() ? sessionStore.user() : null,
      accounts: sessionStore.accounts(),
      idleSeconds: sessionStore.idleSeconds() as number | null,
    },
    inspect: inspect(),
  })
  const intents = sessionIntents(actor)
  provideClientSignals({ sessionExpired: intents.expired, sessionActive: intents.active, pinChangeRequired: () => intents.pinMustChange(true) })
  actor.start()
  if (signedIn) intents.start(signedIn)
  return actor
}

export const SessionContext = createContext<SessionActor | null>(null)

/** The session actor, for the door's hooks only (useSessionScreen, useFlow). */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor outside <SessionContext>')
  return actor
}

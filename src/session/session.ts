import { createContext, useContext } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import { session as texts } from '../../machines/messages'
import { sessionMachine } from '../../machines/session/session.machine'
import { returnPathOf } from '../../machines/session/session.rules'
import { endSession, keepAlive, loadAccounts, loadNotificationSize } from './actors'
import { whenSessionActive, whenSessionExpires } from '../api/client'
import { inspect } from '../inspect/inspector'
import { EXPIRY_TOAST_MS, toaster } from '../ui/toasts'
import { sessionStore } from './storage'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** The page's address; absent where the app's modules run outside a page (the server tests). */
const location = globalThis.location as Location | undefined

/** rulings §6.4: the /app page kept at the expiry of this customer's session, read once. */
function keptPathFor(kcode: string): string | null {
  const place = sessionStore.takeReturnPlace()
  return location ? returnPathOf(place, kcode, location.origin) : null
}

/**
 * The one app-wide actor: the signed-in customer. It is restored from session storage at start,
 * and its side effects (storage, toast, navigation) are given here, outside the pure machine.
 */
export function startSession(navigate: (to: string) => void): SessionActor {
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
  whenSessionExpires(() => actor.send({ type: 'session.expired' }))
  whenSessionActive(() => actor.send({ type: 'session.activity' }))
  return actor.start()
}

export const SessionContext = createContext<SessionActor | null>(null)

export function useSession(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSession outside <SessionContext>')
  return actor
}

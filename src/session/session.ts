import { createContext, useContext } from 'react'
import { createActor, type ActorRefFrom } from 'xstate'
import { session as texts } from '../../machines/messages'
import { sessionMachine } from '../../machines/session'
import { endSession, loadAccounts, loadNotificationSize } from '../api/actors'
import { whenSessionExpires } from '../api/client'
import { inspect } from '../inspect/inspector'
import { EXPIRY_TOAST_MS, toaster } from '../ui/toasts'
import { sessionStore } from './storage'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/**
 * The one app-wide actor: the signed-in customer. It is restored from session storage at start,
 * and its side effects (storage, toast, navigation) are given here, outside the pure machine.
 */
export function startSession(navigate: (to: '/login' | '/app/dashboard') => void): SessionActor {
  const machine = sessionMachine.provide({
    actors: { endSession, loadAccounts, loadNotificationSize },
    actions: {
      storeSession: (_, { token, user }) => sessionStore.save(token, user),
      storeAccounts: (_, { accounts }) => sessionStore.saveAccounts(accounts),
      clearSession: () => sessionStore.clear(),
      announceExpiry: () =>
        toaster.show({ kind: 'warning', title: texts.expiredTitle, text: texts.expiredText, durationMs: EXPIRY_TOAST_MS }),
      goToDashboard: () => navigate('/app/dashboard'),
      goToLogin: () => navigate('/login'),
    },
  })
  const actor = createActor(machine, {
    input: { user: sessionStore.isSignedIn() ? sessionStore.user() : null, accounts: sessionStore.accounts() },
    inspect: inspect(),
  })
  whenSessionExpires(() => actor.send({ type: 'session.expired' }))
  return actor.start()
}

export const SessionContext = createContext<SessionActor | null>(null)

export function useSession(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSession outside <SessionContext>')
  return actor
}

import { Navigate, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useSessionScreen } from '../../session/useSessionScreen'

/** rulings §9.5: the one /app route open while the PIN a reset sent is not changed. */
export const NEW_PIN_PATH = '/app/new-pin'

/**
 * rulings §9.5: until the PIN a reset sent is changed, every other /app route leads back to
 * "Choisissez un nouveau code PIN" (the session says so: the login answer's mustChangePin, or a
 * call's 403 code '3'). Around the shell's content.
 */
export function PinChangeGate({ children }: { children: ReactNode }) {
  const [session] = useSessionScreen()
  const path = useRouterState({ select: (state) => state.location.pathname })
  if (session.mustChangePin && path !== NEW_PIN_PATH) return <Navigate to={NEW_PIN_PATH} replace />
  return children
}

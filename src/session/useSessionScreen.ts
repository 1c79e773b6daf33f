import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { sessionScreen, type SessionScreen } from '../../machines/session/session.screen'
import { sessionIntents, useSessionActor, type SessionIntents } from './session'

/**
 * The session as a view sees it: its complete screen model and its named intents. A view renders
 * the first and calls the second; it never holds the session's snapshot.
 */
export function useSessionScreen(): [SessionScreen, SessionIntents] {
  const session = useSessionActor()
  const snapshot = useSelector(session, (s) => s)
  const screen = useMemo(() => sessionScreen(snapshot), [snapshot])
  const intents = useMemo(() => sessionIntents(session), [session])
  return [screen, intents]
}

import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { Account } from '../../machines/session'
import { useSession } from './session'

type SessionAccounts = { accounts: Account[]; accountsFailed: boolean }

/** The signed-in customer's accounts, as the session machine has them (the input of a flow). */
export function useSessionAccounts(): SessionAccounts {
  const session = useSession()
  const accounts = useSelector(session, (s) => s.context.accounts)
  const accountsFailed = useSelector(session, (s) => s.context.accountsFailed)
  return { accounts, accountsFailed }
}

/**
 * The session may finish loading the accounts after a screen opened: each later change is sent to
 * the screen's machine as `accounts.change` (the first value was its input).
 */
export function useForwardAccounts(
  { accounts, accountsFailed }: SessionAccounts,
  send: (event: { type: 'accounts.change' } & SessionAccounts) => void,
): void {
  const first = useRef(true)
  useEffect(() => {
    if (first.current) first.current = false
    else send({ type: 'accounts.change', accounts, accountsFailed })
  }, [accounts, accountsFailed, send])
}

import { useSelector } from '@xstate/react'
import type { SessionAccounts } from '../../machines/shared/accounts'
import { useSession } from './session'

/** The signed-in customer's accounts, as the session machine has them (the input of a flow). */
export function useSessionAccounts(): SessionAccounts {
  const session = useSession()
  const accounts = useSelector(session, (s) => s.context.accounts)
  const accountsFailed = useSelector(session, (s) => s.context.accountsFailed)
  return { accounts, accountsFailed }
}

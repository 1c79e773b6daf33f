/** The customer's accounts (rulings §3 `POST account`). Balance and details come with later issues. */
import { api } from '../../machines/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { listCustomerAccounts } from '../domain/accounts.ts'
import { signedIn } from './signed-in.ts'

export function accountRoutes(ctx: AppContext): Handlers {
  return {
    async accounts(call) {
      const session = signedIn(call)
      // `code` is the customer code; the list is always the session's customer's, and asking for
      // someone else's is refused rather than silently answered with one's own.
      if (call.body.code.trim().toUpperCase() !== session.kcode) {
        return { status: 200, body: { code: '1', message: api.notYourAccount } }
      }
      const accounts = await listCustomerAccounts(ctx.db, session.customerId, call.body.currency.trim())
      return {
        status: 200,
        body: { code: '0', comptes: accounts.map((a) => ({ id: a.id, compte: a.number, currency: a.currency })) },
      }
    },
  }
}

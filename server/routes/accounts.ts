/** The customer's accounts (rulings §3 `POST account`) and the holder of an account (`POST details`). Balance comes with a later issue. */
import { api } from '../../machines/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { findHolder, listCustomerAccounts } from '../domain/accounts.ts'
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

    async accountDetails(call) {
      signedIn(call)
      // Any customer or payee account of the bank (not its own settlement and internal ones);
      // `currency` is not a filter: the ask refuses a credit account of another currency with its
      // own message, which says more than "not found".
      const holder = await findHolder(ctx.db, call.body.code.trim().toUpperCase())
      if (!holder) return { status: 200, body: { code: '1', message: api.accountNotFound } }
      return { status: 200, body: { code: '0', libelle: holder } }
    },
  }
}

/**
 * The customer's accounts (rulings §3 `POST account`), the balance of one (`POST balance`), the holder
 * of an account (`POST details`), and of a mobile-money number or a prepaid card (rulings §9.2:
 * `details-wallet`, `details-card`).
 */
import { api } from '../../kernel/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { findHolder, findOwnBalance, listCustomerAccounts } from '../domain/accounts.ts'
import { findPayeeHolder } from '../domain/payee-holders.ts'
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
        body: {
          code: '0',
          comptes: accounts.map((a) => ({ id: a.id, compte: a.number, currency: a.currency, ...(a.balance !== undefined && { balance: a.balance }) })),
        },
      }
    },

    async balance(call) {
      const session = signedIn(call)
      // `code` is the account number; only the customer's own accounts have a balance to show.
      const number = call.body.code.trim().toUpperCase()
      // read with the session when it could be (http/auth.ts), else on its own
      const account = session.ownAccounts ? session.ownAccounts.find((own) => own.number === number) : await findOwnBalance(ctx.db, session.customerId, number)
      const currency = call.body.currency.trim()
      if (!account || (currency !== '' && currency !== account.currency)) {
        return { status: 200, body: { code: '1', message: api.notYourAccount } }
      }
      return { status: 200, body: { code: '0', amount: account.balance, currency: account.currency, compte: account.number } }
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

    async walletDetails(call) {
      signedIn(call)
      const holder = await findPayeeHolder(ctx.db, { kind: 'momo', phone: call.body.phone })
      if (!holder) return { status: 200, body: { code: '1', message: api.payeeNotFound } }
      return { status: 200, body: { code: '0', libelle: holder } }
    },

    async cardDetails(call) {
      signedIn(call)
      const holder = await findPayeeHolder(ctx.db, { kind: 'card', accountId: call.body.accountId, lastFour: call.body.lastFour })
      if (!holder) return { status: 200, body: { code: '1', message: api.payeeNotFound } }
      return { status: 200, body: { code: '0', libelle: holder } }
    },
  }
}

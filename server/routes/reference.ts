/** Public reference lists: currencies of mobile and card transfers, countries of the contact form. */
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { listCountries, listCurrencies } from '../domain/reference.ts'

export function referenceRoutes(ctx: AppContext): Handlers {
  return {
    async walletCurrencies() {
      return { status: 200, body: { code: '0', currencies: await listCurrencies(ctx.db, 'wallet') } }
    },
    async cardCurrencies() {
      return { status: 200, body: { code: '0', currencies: await listCurrencies(ctx.db, 'card') } }
    },
    async countries() {
      return { status: 200, body: { code: '0', countries: await listCountries(ctx.db) } }
    },
  }
}

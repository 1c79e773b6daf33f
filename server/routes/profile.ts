/** The customer's own data (spec §7): change-password, get-contact, update-contact, photo/update, photo/show/{id}. */
import { api } from '../../machines/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { changePin, getContact, updateContact } from '../domain/profile.ts'
import { signedIn } from './signed-in.ts'

export function profileRoutes(ctx: AppContext): Handlers {
  const settings = () => ({ now: ctx.now(), bankName: ctx.config.bankName, timeZone: ctx.config.timeZone })
  return {
    async changePassword(call) {
      const outcome = await changePin(ctx.db, signedIn(call), call.body, settings())
      return {
        status: 200,
        body: outcome.ok
          ? { status: '0', code: '0', description: api.changePassword.done }
          : { status: '1', description: outcome.description },
      }
    },
    async getContact(call) {
      return { status: 200, body: { code: '0', ...(await getContact(ctx.db, signedIn(call).customerId)) } }
    },
    async updateContact(call) {
      const outcome = await updateContact(ctx.db, signedIn(call).customerId, call.body, settings())
      return { status: 200, body: { code: outcome.ok ? '0' : '1', message: outcome.message } }
    },
  }
}

/** Notifications: the unread count of the shell. The list and the detail come with a later issue. */
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { unreadCount } from '../domain/notifications.ts'
import { signedIn } from './signed-in.ts'

export function notificationRoutes(ctx: AppContext): Handlers {
  return {
    async notificationSize(call) {
      return { status: 200, body: { code: '0', size: await unreadCount(ctx.db, signedIn(call).customerId) } }
    },
  }
}

/** Notifications (spec §2 /app/notification, §7): the unread count, a page of the list, one shown (and marked seen). */
import { api } from '../../kernel/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { listNotifications, showNotification, unreadCount } from '../domain/notifications.ts'
import { signedIn } from './signed-in.ts'

export function notificationRoutes(ctx: AppContext): Handlers {
  return {
    async notificationSize(call) {
      return { status: 200, body: { code: '0', size: await unreadCount(ctx.db, signedIn(call).customerId) } }
    },
    async notifications(call) {
      const { page, size } = call.query
      const list = await listNotifications(ctx.db, signedIn(call).customerId, page, size)
      return { status: 200, body: { code: '0', ...list } }
    },
    async showNotification(call) {
      const notification = await showNotification(ctx.db, signedIn(call).customerId, call.params.id, ctx.now())
      // Another customer's notification answers exactly like an unknown one.
      if (!notification) return { status: 404, body: { message: api.notFound } }
      return { status: 200, body: { code: '0', notification } }
    },
  }
}

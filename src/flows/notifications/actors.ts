/** The actors of the notifications machine (spec §7 GET notifications, GET notification/show/{id}). */
import { fromPromise } from 'xstate'
import type { LoadNotificationsInput, MarkSeenAnswer, MarkSeenInput, NotificationListAnswer } from '../../../machines/notifications/notifications.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const loadNotifications = fromPromise<NotificationListAnswer, LoadNotificationsInput>(({ input, signal }) =>
  answerOf(api.GET('/api/rest/customer/v1/notifications', { params: { query: input }, parseAs: 'text', signal })),
)

export const markSeen = fromPromise<MarkSeenAnswer, MarkSeenInput>(({ input, signal }) =>
  answerOf(api.GET('/api/rest/customer/v1/notification/show/{id}', { params: { path: { id: input.id } }, parseAs: 'text', signal })),
)

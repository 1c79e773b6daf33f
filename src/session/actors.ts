/**
 * The session machine's actors (sign-out, accounts, the notifications counter, keep-alive): one
 * call of the contract each, typed by the generated `paths`. They load with the signed-in app, not
 * with the sign-in page.
 */
import { fromPromise } from 'xstate'
import type { Account } from '../../machines/shared/customer'
import { api } from '../api/client'

export const endSession = fromPromise<void>(async () => {
  await api.POST('/api/rest/customer/v1/logout')
})

export const loadAccounts = fromPromise<Account[], { kcode: string }>(async ({ input, signal }) => {
  const { data } = await api.POST('/api/rest/customer/v1/account', {
    body: { code: input.kcode, currency: '' },
    signal,
  })
  if (data?.code !== '0' || !data.comptes) throw new Error('accounts unavailable')
  return data.comptes
})

export const loadNotificationSize = fromPromise<number>(async ({ signal }) => {
  const { data } = await api.GET('/api/rest/customer/v1/notification-size', { signal })
  if (data?.code !== '0' || typeof data.size !== 'number') throw new Error('counter unavailable')
  return data.size
})

/** POST keep-alive (rulings §6.4): the idle limit again, or a rejection when the answer is not code '0'. */
export const keepAlive = fromPromise<number>(async ({ signal }) => {
  const { data } = await api.POST('/api/rest/customer/v1/keep-alive', { signal })
  if (data?.code !== '0') throw new Error('keep-alive refused')
  return data.idleSeconds
})

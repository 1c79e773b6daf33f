/**
 * The actors the machines call by name: each one is one call of the contract, typed by the
 * generated `paths`. They translate transport into data and hold no rule of the spec: the
 * machines decide what an answer means.
 */
import { fromPromise } from 'xstate'
import type { AuthAnswer, Credentials, LoginAnswerBody } from '../../machines/login'
import type { Account } from '../../machines/session'
import { api } from './client'

/** A body that cannot be read as JSON is `null`: the machine treats it as an unusable answer. */
function parseJson(text: string | undefined): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export const authenticate = fromPromise<AuthAnswer, Credentials>(async ({ input, signal }) => {
  const { response, data, error } = await api.POST('/auth/login', {
    body: { username: input.username, password: input.password },
    parseAs: 'text',
    signal,
  })
  const body = parseJson((data ?? error) as string | undefined)
  return { status: response.status, body: body && typeof body === 'object' ? (body as LoginAnswerBody) : null }
})

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

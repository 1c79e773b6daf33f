/**
 * The actors of the session and login machines. Each actor is one call of the contract, typed by
 * the generated `paths`; it turns transport into data and holds no rule of the spec: the machines
 * decide what an answer means. Each flow keeps its own actors beside its screen
 * (`src/flows/<flow>/actors.ts`), so that they load with it, not with the first screen.
 */
import { fromPromise } from 'xstate'
import type { AuthAnswer, Credentials, LoginAnswerBody } from '../../machines/login/login.types'
import type { Account } from '../../machines/shared/customer'
import { api, bodyAlreadyRead } from './client'
import { rememberBankTimeZone } from '../ui/bankTime'
import { tooManyTriesAsRefusal } from './too-many-tries'

/** A body that cannot be read as JSON is `null`: the machine treats it as an unusable answer. */
/**
 * The body as JSON. A success comes as text (`parseAs: 'text'`, so that an unreadable body is not
 * an exception); an error body has already been parsed by openapi-fetch when it was JSON (it
 * ignores `parseAs` for errors), and stays text when it was not.
 */
function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? null
  if (!body) return null
  try {
    return JSON.parse(body)
  } catch {
    return null
  }
}

/**
 * The body as JSON, read once: a call made with `parseAs: 'stream'` takes the body the session
 * check already parsed, and reads the stream itself only when that check did not.
 */
async function bodyOf(response: Response, data: unknown): Promise<unknown> {
  if (!(data instanceof ReadableStream)) return parseJson(data)
  const read = bodyAlreadyRead(response)
  if (read !== undefined) {
    void data.cancel()
    return read
  }
  return parseJson(await new Response(data).text())
}

/**
 * An answer as the machines read it: the HTTP status and the JSON body, whatever the status
 * (`null` when unreadable). Only a missing answer (network failure, timeout) rejects.
 */
export async function answerOf<Body>(call: Promise<{ response: Response; data?: unknown; error?: unknown }>) {
  const { response, data, error } = await call
  const { status, body } = tooManyTriesAsRefusal(response.status, await bodyOf(response, data ?? error))
  return { status, body: body && typeof body === 'object' ? (body as Body) : null }
}

export const authenticate = fromPromise<AuthAnswer, Credentials>(async ({ input, signal }) => {
  const answer = await answerOf<LoginAnswerBody & { timeZone?: unknown }>(
    api.POST('/auth/login', { body: { username: input.username, password: input.password }, parseAs: 'text', signal }),
  )
  // The bank's zone is a setting of the portal, not of the sign-in flow: kept here, beside the call
  // that tells it, so the login machine stays about signing in.
  if (answer.status === 200) rememberBankTimeZone(answer.body?.timeZone)
  return answer
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

/** POST keep-alive (rulings §6.4): the idle limit again, or a rejection when the answer is not code '0'. */
export const keepAlive = fromPromise<number>(async ({ signal }) => {
  const { data } = await api.POST('/api/rest/customer/v1/keep-alive', { signal })
  if (data?.code !== '0') throw new Error('keep-alive refused')
  return data.idleSeconds
})

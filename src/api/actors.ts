/**
 * The login machine's actor and the reading of answers every flow shares. Each actor is one call
 * of the contract, typed by the generated `paths`; it turns transport into data and holds no rule
 * of the spec: the machines decide what an answer means. Each flow keeps its own actors beside its
 * screen (`src/flows/<flow>/actors.ts`, the session's in `src/session/actors.ts`), so that they
 * load with it, not with the first screen.
 */
import { fromPromise } from 'xstate'
import type { AuthAnswer, Credentials, LoginAnswerBody } from '../../machines/login/login.types'
import { api, bodyAlreadyRead } from './client'
import { rememberBankTimeZone } from '../ui/bankTimeZone'
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

/**
 * How every flow reads an answer of the contract: the HTTP status and the JSON body (`null` when
 * unreadable), as `src/api/answer.ts` turns a response into data. The rules that are the same for
 * every call live here once; what a body means for one flow stays in that flow's rules.
 */
import { fromPromise } from 'xstate'

/** An answer as the machines read it; only a missing answer (network failure, timeout) rejects. */
export interface Answer<Body> {
  status: number
  body: Body | null
}

/** The fields every answer may carry that end a session. */
type SessionFields = { code?: unknown; status?: unknown }

/** A non-blank text, trimmed; `undefined` otherwise. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

/** HTTP 2xx. */
export const isHttpSuccess = (status: number): boolean => status >= 200 && status < 300

/**
 * spec §4 Session: HTTP 403 or code '2' ends the session — the one rule for every flow. The answers
 * that carry their result in `status` (transfers, statement, password change) say '2' there: the
 * client's sign-out reads both fields (src/api/client.ts), so every machine reads both too, and a
 * flow never shows an error for an answer that already signed the customer out. REQ-ACCESS-04,
 * REQ-CHOICE-02.
 */
export const isSessionEnded = ({ status, body }: Answer<SessionFields>): boolean => status === 403 || body?.code === '2' || body?.status === '2'

/** An actor the machine declares and the app provides (src/flows/<flow>/actors.ts). */
export const stubActor = <Output, Input = void>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name}: provided by src/`)
  })

/** An action the machine names and the app provides (navigation, storage, toasts, downloads…). */
export const stubAction =
  (name: string) =>
  (..._args: unknown[]): void => {
    throw new Error(`${name}: provided by src/`)
  }

/** What the sign-in screen shows (spec §2 /login, REQ-SCREEN-LOGIN-01), from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import type { FieldErrors } from '../shared/form.ts'
import { FIELD_INPUTS } from '../shared/inputs.ts'
import type { LoginFormValues } from './login.form.ts'
import type { loginMachine } from './login.machine.ts'

export interface LoginScreen {
  /** The spinner: the bank checks the user code and the PIN, then the app opens the dashboard. */
  busy: boolean
  values: LoginFormValues
  /** Shown once a submit was tried (spec §5). */
  errors: FieldErrors<LoginFormValues>
  /** The error banner of the last failed attempt, `null` when none. */
  error: string | null
  /** Each field's limit, keyboard and autofill. */
  inputs: { username: typeof FIELD_INPUTS.userCode; password: typeof FIELD_INPUTS.pin }
}

const LOGIN_INPUTS = { username: FIELD_INPUTS.userCode, password: FIELD_INPUTS.pin }

export function loginScreen(snapshot: SnapshotFrom<typeof loginMachine>): LoginScreen {
  const { values, errors, error } = snapshot.context
  // Signed in, the form stays busy until the app has taken the page over (src/signIn.tsx).
  return { busy: snapshot.hasTag('busy') || snapshot.status === 'done', values, errors, error, inputs: LOGIN_INPUTS }
}

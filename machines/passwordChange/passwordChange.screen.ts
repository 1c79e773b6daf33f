/** What the password change screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import type { FieldErrors } from '../shared/form.ts'
import type { passwordChangeMachine } from './passwordChange.machine.ts'
import type { PasswordValues } from './passwordChange.types.ts'

export interface PasswordChangeScreen {
  busy: boolean
  values: PasswordValues
  errors: FieldErrors<PasswordValues>
  /** The success banner, `null` when none. */
  success: string | null
  /** The error banner, `null` when none. */
  error: string | null
}

export function passwordChangeScreen(snapshot: SnapshotFrom<typeof passwordChangeMachine>): PasswordChangeScreen {
  const { values, errors, result } = snapshot.context
  return {
    busy: snapshot.hasTag('busy'),
    values,
    errors,
    success: result?.ok ? result.message : null,
    error: result && !result.ok ? result.message : null,
  }
}

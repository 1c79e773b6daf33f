/** What the password change screen shows (spec §2 /app/update-password, REQ-SCREEN-PWD-01), from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { FIELD_MAX_LENGTH } from '../limits.ts'
import { password, temporaryPin, validation } from '../messages.ts'
import type { FieldErrors } from '../shared/form.ts'
import type { passwordChangeMachine } from './passwordChange.machine.ts'
import type { PasswordChangeMode, PasswordField, PasswordValues } from './passwordChange.types.ts'

/** One field of the form, in the screen's order. */
export interface PasswordFieldScreen {
  name: PasswordField
  label: string
  autoComplete: 'current-password' | 'new-password'
  maxLength: number
}

/** rulings §6.2: the change's result is unknown — the form gives way to this. */
export interface PasswordUnknownScreen {
  title: string
  message: string
  /** The one button (event `unknown.continue`): back to the profile, or sign out (the temporary PIN). */
  continueLabel: string
}

export interface PasswordChangeScreen {
  /** The page's heading and title: spec §2's, or rulings §9.5's "Choisissez un nouveau code PIN". */
  title: string
  /** The line under the heading (the temporary PIN's), `null` when none. */
  intro: string | null
  /** The three fields, in order. */
  fields: PasswordFieldScreen[]
  submit: string
  busy: boolean
  values: PasswordValues
  errors: FieldErrors<PasswordValues>
  /** The success banner, `null` when none. */
  success: string | null
  /** The error banner, `null` when none. */
  error: string | null
  /** The result unknown (rulings §6.2) instead of the form, `null` otherwise. */
  unknown: PasswordUnknownScreen | null
}

const textsOf = (mode: PasswordChangeMode) => (mode === 'temporaryPin' ? temporaryPin : password)

const field = (mode: PasswordChangeMode, name: PasswordField, autoComplete: PasswordFieldScreen['autoComplete']): PasswordFieldScreen => ({
  name,
  label: textsOf(mode)[`${name}Label`],
  autoComplete,
  maxLength: FIELD_MAX_LENGTH.password,
})

/** rulings §9.5: the required-field messages in the temporary PIN's words (the rules are the same). */
function errorsIn(mode: PasswordChangeMode, errors: FieldErrors<PasswordValues>): FieldErrors<PasswordValues> {
  if (mode !== 'temporaryPin') return errors
  const worded: Record<string, string> = {
    [validation.oldPasswordRequired]: temporaryPin.oldPasswordRequired,
    [validation.passwordRequired]: temporaryPin.passwordRequired,
  }
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, worded[message as string] ?? message]))
}

const unknownOf = (mode: PasswordChangeMode): PasswordUnknownScreen =>
  mode === 'temporaryPin'
    ? { title: temporaryPin.unknownTitle, message: temporaryPin.unknown, continueLabel: temporaryPin.unknownSignOut }
    : { title: password.unknownTitle, message: password.unknown, continueLabel: password.unknownBack }

export function passwordChangeScreen(snapshot: SnapshotFrom<typeof passwordChangeMachine>): PasswordChangeScreen {
  const { mode, values, errors, result } = snapshot.context
  return {
    title: textsOf(mode).title,
    intro: mode === 'temporaryPin' ? temporaryPin.intro : null,
    fields: [field(mode, 'oldPassword', 'current-password'), field(mode, 'password', 'new-password'), field(mode, 'password2', 'new-password')],
    submit: textsOf(mode).submit,
    busy: snapshot.hasTag('busy'),
    values,
    errors: errorsIn(mode, errors),
    success: result?.ok ? result.message : null,
    error: result && !result.ok ? result.message : null,
    unknown: snapshot.matches('resultUnknown') ? unknownOf(mode) : null,
  }
}

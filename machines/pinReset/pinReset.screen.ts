/** What the pinReset screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { type FieldErrors } from '../shared/form.ts'
import { FIELD_INPUTS } from '../shared/inputs.ts'
import { pinReset as texts } from '../messages.ts'
import type { pinResetMachine } from './pinReset.machine.ts'
import type { PinResetValues } from './pinReset.types.ts'

export interface PinResetScreen {
  /** Which step shows: the user code form, the confirmation code form, or the success message. */
  step: 'ask' | 'confirm' | 'done'
  /** The step's button is busy (spinner). */
  busy: boolean
  /** The field values. */
  values: PinResetValues
  /** The message under each field (only after a submit attempt). */
  errors: FieldErrors<PinResetValues>
  /** The error banner, `null` when none. */
  error: string | null
  /** The success message (`done`), `null` otherwise. */
  success: string | null
  /** Each field's limit, keyboard and autofill. */
  inputs: { compte: typeof FIELD_INPUTS.resetAccountCode; token: typeof FIELD_INPUTS.confirmationCode }
}

export function pinResetScreen(snapshot: SnapshotFrom<typeof pinResetMachine>): PinResetScreen {
  const { values, errors, error } = snapshot.context
  const step = snapshot.matches('done') ? 'done' : snapshot.matches('confirming') || snapshot.matches('confirmingCode') ? 'confirm' : 'ask'
  return {
    step,
    busy: snapshot.matches('requesting') || snapshot.matches('confirmingCode'),
    values,
    errors,
    error: step === 'done' ? null : error,
    success: step === 'done' ? texts.success : null,
    inputs: { compte: FIELD_INPUTS.resetAccountCode, token: FIELD_INPUTS.confirmationCode },
  }
}

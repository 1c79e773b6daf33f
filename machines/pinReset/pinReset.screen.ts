/**
 * What the PIN reset screen shows (spec §2 /reinit-password: REQ-SCREEN-PIN-01 the user code step,
 * REQ-SCREEN-PIN-02 the confirmation step, REQ-SCREEN-PIN-03 the message after it), from a
 * snapshot: the view reads only this and sends events.
 */
import { type SnapshotFrom } from 'xstate'
import { type FieldErrors } from '../shared/form.ts'
import { FIELD_INPUTS } from '../shared/inputs.ts'
import { pinReset as texts } from '../messages.ts'
import type { pinResetMachine } from './pinReset.machine.ts'
import type { PinResetValues } from './pinReset.types.ts'

export interface PinResetScreen {
  /** Which step shows: the user code form, the confirmation code form, the success message, or the result unknown. */
  step: 'ask' | 'confirm' | 'done' | 'unknown'
  /** The page's heading and title. */
  title: string
  /** The line under the heading (the confirmation step's), `null` when none. */
  subtitle: string | null
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
  /** The result unknown's message (`unknown`, rulings §6.2), `null` otherwise. */
  unknown: string | null
  /** Each field's limit, keyboard and autofill. */
  inputs: { compte: typeof FIELD_INPUTS.resetAccountCode; token: typeof FIELD_INPUTS.confirmationCode }
}

function stepOf(snapshot: SnapshotFrom<typeof pinResetMachine>): PinResetScreen['step'] {
  if (snapshot.matches('done')) return 'done'
  if (snapshot.matches('resultUnknown')) return 'unknown'
  return snapshot.matches('confirming') || snapshot.matches('confirmingCode') ? 'confirm' : 'ask'
}

export function pinResetScreen(snapshot: SnapshotFrom<typeof pinResetMachine>): PinResetScreen {
  const { values, errors, error } = snapshot.context
  const step = stepOf(snapshot)
  return {
    step,
    title: step === 'ask' ? texts.askTitle : step === 'unknown' ? texts.confirmUnknownTitle : texts.confirmTitle,
    subtitle: step === 'confirm' ? texts.confirmSubtitle : null,
    busy: snapshot.matches('requesting') || snapshot.matches('confirmingCode'),
    values,
    errors,
    error: step === 'ask' || step === 'confirm' ? error : null,
    success: step === 'done' ? texts.success : null,
    unknown: step === 'unknown' ? texts.confirmUnknown : null,
    inputs: { compte: FIELD_INPUTS.resetAccountCode, token: FIELD_INPUTS.confirmationCode },
  }
}

/** What the transfer screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { transfer as texts } from '../messages.ts'
import type { transferMachine } from './transfer.machine.ts'
import type { TransferContext } from './transfer.types.ts'

/**
 * The banner of the code form: the error, followed by the tries left (rulings §4) unless the
 * bank's description already says them (the reference server's does); `null` without an error.
 */
export function codeErrorBanner(context: Pick<TransferContext, 'error' | 'triesLeft'>): string | null {
  const { error, triesLeft } = context
  if (!error) return null
  const note = triesLeft !== null && triesLeft > 0 ? texts.triesLeft(triesLeft) : null
  return note && !error.includes(note) ? `${error} ${note}` : error
}

export type TransferStep = 'form' | 'code' | 'done' | 'failed' | 'unknown'

export interface TransferScreen {
  /** Which of the four screens to show. */
  step: TransferStep
  /** The form or the code form is waiting for the bank (spinner, buttons disabled). */
  busy: boolean
  lookingUpHolder: boolean
  loadingBalance: boolean
}

/** The screen of a snapshot of `transferMachine`. */
export function transferScreen(snapshot: SnapshotFrom<typeof transferMachine>): TransferScreen {
  const step: TransferStep = snapshot.matches('done')
    ? 'done'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('resultUnknown')
        ? 'unknown'
        : snapshot.matches('awaitingCode') || snapshot.matches('confirming')
          ? 'code'
          : 'form'
  const editing = (snapshot.value as { editing?: { holder?: string; balance?: string } }).editing
  return {
    step,
    busy: snapshot.hasTag('busy'),
    lookingUpHolder: editing?.holder === 'lookingUp',
    loadingBalance: editing?.balance === 'loading',
  }
}

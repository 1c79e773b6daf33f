/** What the photo screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import type { photoMachine } from './photo.machine.ts'

export interface PhotoScreen {
  busy: boolean
  /** The name of the chosen file, `null` when none. */
  fileName: string | null
  /** The message under the chooser (after a submit attempt), `null` when none. */
  fieldError: string | null
  error: string | null
}

export function photoScreen(snapshot: SnapshotFrom<typeof photoMachine>): PhotoScreen {
  const { file, errors, error } = snapshot.context
  return {
    busy: snapshot.matches('uploading'),
    fileName: file?.name ?? null,
    fieldError: errors.photo ?? null,
    error,
  }
}

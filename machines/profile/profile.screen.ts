/** What the profile screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { profile as texts } from '../messages.ts'
import type { profileMachine } from './profile.machine.ts'
import type { ProfileContact } from './profile.types.ts'
import { text } from '../shared/answers.ts'

export interface ProfileScreen {
  loading: boolean
  name: string
  /** "Code : " followed by the customer code. */
  codeLine: string
  contact: ProfileContact | null
  /** The message left by the photo update, `null` when none. */
  message: string | null
  error: string | null
}

export function profileScreen(snapshot: SnapshotFrom<typeof profileMachine>): ProfileScreen {
  const c = snapshot.context
  return {
    loading: snapshot.matches('loading'),
    name: c.name,
    codeLine: texts.codePrefix + c.kcode,
    contact: snapshot.matches('shown') ? c.contact : null,
    message: text(c.message) ?? null,
    error: snapshot.matches('failed') ? c.error : null,
  }
}

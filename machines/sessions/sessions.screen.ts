/** What the "Sessions et appareils" screen shows, from a snapshot: the view reads only this and sends events. */
import type { SnapshotFrom } from 'xstate'
import { sessionList as texts } from '../messages.ts'
import { text } from '../shared/answers.ts'
import type { sessionsMachine } from './sessions.machine.ts'
import { deviceOf, othersOf } from './sessions.rules.ts'

/** A time of the session: its label and the ISO instant (the view writes it in the bank's zone). */
export interface SessionTime {
  label: string
  iso: string
}

export interface SessionItem {
  id: string
  /** "Chrome 131 sur Windows", or sessions.unknownDevice. */
  device: string
  addressLabel: string
  address: string
  openedAt: SessionTime
  lastSeenAt: SessionTime
  /** "Cette session" on the current one, `null` on the others. */
  currentLabel: string | null
  /** "Fermer cette session" on the others, `null` on the current one; disabled while a call runs. */
  endLabel: string | null
}

export interface SessionsDialog {
  title: string
  text: string
  confirm: string
  cancel: string
  /** The session(s) are being ended. */
  busy: boolean
}

export interface SessionsScreen {
  title: string
  intro: string
  listLabel: string
  /** The list is being read (again). */
  busy: boolean
  items: SessionItem[]
  /** The failure banner, `null` when none; `retry` when a click on it reads again. */
  error: string | null
  retry: boolean
  /** The banner of sessions ended, `null` when none. */
  notice: string | null
  /** "Fermer toutes les autres sessions", `null` when no other session is listed. */
  endOthers: string | null
  /** "Aucune autre session n'est ouverte." once the list shows only this one. */
  noOther: string | null
  /** The confirmation dialog, `null` when closed. */
  dialog: SessionsDialog | null
}

function dialogOf(snapshot: SnapshotFrom<typeof sessionsMachine>): SessionsDialog | null {
  const { sessions, target } = snapshot.context
  const busy = snapshot.hasTag('busy')
  if (snapshot.matches('confirmingOne') || snapshot.matches('closingOne')) {
    const session = sessions.find((s) => s.id === target)
    return {
      title: texts.confirmOneTitle,
      text: texts.confirmOneText(session ? deviceOf(session) : texts.unknownDevice),
      confirm: texts.confirmOne,
      cancel: texts.cancel,
      busy,
    }
  }
  if (snapshot.matches('confirmingOthers') || snapshot.matches('closingOthers'))
    return {
      title: texts.confirmOthersTitle,
      text: texts.confirmOthersText(othersOf(sessions).length),
      confirm: texts.confirmOthers,
      cancel: texts.cancel,
      busy,
    }
  return null
}

export function sessionsScreen(snapshot: SnapshotFrom<typeof sessionsMachine>): SessionsScreen {
  const { sessions, error, notice } = snapshot.context
  const failed = snapshot.matches('failed')
  const items = failed
    ? []
    : sessions.map((s) => ({
        id: s.id,
        device: deviceOf(s),
        addressLabel: texts.addressLabel,
        address: text(s.address) ?? texts.unknownAddress,
        openedAt: { label: texts.openedAt, iso: s.createdAt },
        lastSeenAt: { label: texts.lastSeenAt, iso: s.lastSeenAt },
        currentLabel: s.current ? texts.current : null,
        endLabel: s.current ? null : texts.endOne,
      }))
  const others = failed ? 0 : othersOf(sessions).length
  const listed =
    snapshot.matches('shown') ||
    snapshot.matches('confirmingOne') ||
    snapshot.matches('confirmingOthers') ||
    snapshot.matches('closingOne') ||
    snapshot.matches('closingOthers')
  return {
    title: texts.title,
    intro: texts.intro,
    listLabel: texts.listLabel,
    busy: snapshot.matches('loading'),
    items,
    error,
    retry: failed && error !== null,
    notice,
    endOthers: others > 0 ? texts.endOthers : null,
    noOther: listed && others === 0 ? texts.noOther : null,
    dialog: dialogOf(snapshot),
  }
}

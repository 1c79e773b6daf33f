import type { RefObject } from 'react'
import type { EventFrom, SnapshotFrom } from 'xstate'
import type { transferMachine } from '../../../machines/transfer/transfer.machine'

/** What each part of the transfer screen receives: the machine's state and a way to send events. */
export interface TransferViewProps {
  snapshot: SnapshotFrom<typeof transferMachine>
  send: (event: EventFrom<typeof transferMachine>) => void
}

export type StepHeading = RefObject<HTMLHeadingElement | null>

import type { RefObject } from 'react'
import type { EventFrom } from 'xstate'
import type { transferMachine } from '../../../machines/transfer/transfer.machine'
import type { TransferScreen } from '../../../machines/transfer/transfer.screen'

/** What each part of the transfer screen receives: the screen model of the state and a way to send events. */
export interface TransferViewProps {
  screen: TransferScreen
  send: (event: EventFrom<typeof transferMachine>) => void
}

export type StepHeading = RefObject<HTMLHeadingElement | null>

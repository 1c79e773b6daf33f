import { useEffect, useRef } from 'react'
import type { TransferKind } from '../../../openapi/transfer-kinds'
import { transferMachine } from '../../../machines/transfer/transfer.machine'
import { transferScreen } from '../../../machines/transfer/transfer.screen'
import { askTransfer, confirmTransfer, downloadReceipt, loadBalance, loadCurrencies, loadSuggestions, lookUpHolder, quoteRate } from './actors'
import { usePageTitle } from '../../ui/usePageTitle'
import { CodeForm } from './CodeForm'
import { TransferForm } from './TransferForm'
import { TransferOutcome } from './TransferOutcome'

import { useFlow } from '../useFlow'

const actors = { askTransfer, confirmTransfer, lookUpHolder, quoteRate, loadSuggestions, loadCurrencies, loadBalance, downloadReceipt }

/**
 * spec §2 /app/transfer, /app/momo, /app/prepaid-card: one screen for the three transfers, driven
 * by the one transfer machine; what differs between the kinds comes in the screen model.
 */
export function TransferPage({ kind }: { kind: TransferKind }) {
  const [screen, send] = useFlow(transferMachine, { screen: transferScreen, actors, input: { kind }, withAccounts: true })
  usePageTitle(screen.heading)

  // Each outcome announces itself: focus goes to its heading (the code form focuses its own field).
  const stepHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (screen.step !== 'form' && screen.step !== 'code') stepHeading.current?.focus()
  }, [screen.step])

  return (
    <>
      <h1>{screen.heading}</h1>
      {screen.step === 'form' && <TransferForm screen={screen} send={send} />}
      {screen.step === 'code' && <CodeForm screen={screen} send={send} />}
      {(screen.step === 'done' || screen.step === 'failed' || screen.step === 'unknown') && (
        <TransferOutcome step={screen.step} screen={screen} send={send} headingRef={stepHeading} />
      )}
    </>
  )
}

export const AccountTransferPage = () => <TransferPage kind="account" />
export const MomoTransferPage = () => <TransferPage kind="momo" />
export const CardTransferPage = () => <TransferPage kind="card" />

import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { transferKinds, transferMachine, transferScreen, type TransferKind } from '../../../machines/transfer'
import { askTransfer, confirmTransfer, loadBalance, loadCurrencies, loadSuggestions, lookUpHolder } from './actors'
import { inspect } from '../../inspect/inspector'
import { useSession } from '../../session/session'
import { useForwardAccounts, useSessionAccounts } from '../../session/useSessionAccounts'
import { usePageTitle } from '../../ui/usePageTitle'
import { CodeForm } from './CodeForm'
import { TransferForm } from './TransferForm'
import { TransferOutcome } from './TransferOutcome'

const machine = transferMachine.provide({
  actors: { askTransfer, confirmTransfer, lookUpHolder, loadSuggestions, loadCurrencies, loadBalance },
  actions: { reloadPage: () => window.location.reload() },
})


/**
 * spec §2 /app/transfer, /app/momo, /app/prepaid-card: one screen for the three transfers, driven
 * by the one transfer machine; what differs comes from `transferKinds[kind]`.
 */
export function TransferPage({ kind }: { kind: TransferKind }) {
  const spec = transferKinds[kind]
  usePageTitle(spec.heading)
  const session = useSession()
  const { accounts, accountsFailed } = useSessionAccounts()
  const [snapshot, send] = useMachine(machine, { input: { kind, accounts, accountsFailed }, inspect: inspect() })
  const screen = transferScreen(snapshot)

  useForwardAccounts({ accounts, accountsFailed }, send)

  // A transfer leaves notifications and moves money (and one whose result is unknown may have run):
  // the shell's counter and the balances are read again.
  useEffect(() => {
    if (screen.step !== 'done' && screen.step !== 'unknown') return
    session.send({ type: 'notifications.refresh' })
    session.send({ type: 'accounts.refresh' })
  }, [screen.step, session])

  // Each step announces itself: focus goes to its heading.
  const stepHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (screen.step !== 'form') stepHeading.current?.focus()
  }, [screen.step])

  return (
    <>
      <h1>{spec.heading}</h1>
      {screen.step === 'form' && <TransferForm spec={spec} snapshot={snapshot} send={send} busy={screen.busy} lookingUpHolder={screen.lookingUpHolder} />}
      {screen.step === 'code' && <CodeForm snapshot={snapshot} send={send} busy={screen.busy} headingRef={stepHeading} />}
      {(screen.step === 'done' || screen.step === 'failed' || screen.step === 'unknown') && (
        <TransferOutcome step={screen.step} snapshot={snapshot} send={send} headingRef={stepHeading} />
      )}
    </>
  )
}

export const AccountTransferPage = () => <TransferPage kind="account" />
export const MomoTransferPage = () => <TransferPage kind="momo" />
export const CardTransferPage = () => <TransferPage kind="card" />

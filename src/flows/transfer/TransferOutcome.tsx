import { Link } from '@tanstack/react-router'
import { transfer as texts } from '../../../machines/messages'
import { bankZoneName, formatBankDateTime } from '../../ui/bankTime'
import { CopyButton } from '../../ui/CopyButton'
import { Banner, Spinner } from '../../ui/Feedback'
import { buttonSecondary, card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { StepHeading, TransferViewProps } from './types'

type Props = TransferViewProps & { step: 'done' | 'failed' | 'unknown'; headingRef: StepHeading }

/**
 * spec §4: success (with the receipt), a transfer that is over (rulings §6.1), or a result unknown (rulings §6.2: its exact
 * message and the statement link; beside it, "Mes transferts", whose list shows the bank's state of the transfer, rulings §9.1).
 */
export function TransferOutcome({ step, screen, send, headingRef }: Props) {
  if (step === 'unknown') {
    return (
      <section className={card} aria-labelledby="outcome-title">
        <h2 id="outcome-title" ref={headingRef} tabIndex={-1}>
          {texts.resultUnknownTitle}
        </h2>
        <Banner kind="warning">{texts.resultUnknown}</Banner>
        <div className={css.actions}>
          <Link to="/app/statement" className={buttonSecondary}>
            {texts.resultUnknownLink}
          </Link>
          <Link to="/app/transfers" className={buttonSecondary}>
            {texts.resultUnknownTransfersLink}
          </Link>
          <button type="button" className={button} onClick={() => send({ type: 'transfer.restart' })}>
            {texts.another}
          </button>
        </div>
      </section>
    )
  }

  if (step === 'failed') {
    return (
      <section className={card} aria-labelledby="outcome-title">
        <h2 id="outcome-title" ref={headingRef} tabIndex={-1}>
          {texts.codeTitle}
        </h2>
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
        <button type="button" className={button} onClick={() => send({ type: 'transfer.restart' })}>
          {texts.retry}
        </button>
      </section>
    )
  }

  const { receipt, downloading, downloadError } = screen
  return (
    <section className={card} aria-labelledby="outcome-title">
      <h2 id="outcome-title" ref={headingRef} tabIndex={-1}>
        {texts.doneTitle}
      </h2>
      {receipt && <Banner kind="success">{receipt.message}</Banner>}
      {receipt && (
        <dl className={css.summary}>
          <dt className={css.term}>{texts.receiptLabels.reference}</dt>
          <dd className={css.definition}>
            <span className={css.reference}>{receipt.reference}</span>
            <CopyButton text={receipt.reference} />
          </dd>
          {receipt.executedAt && (
            <>
              <dt className={css.term}>{texts.receiptLabels.executedAt}</dt>
              <dd className={css.definition}>
                {formatBankDateTime(receipt.executedAt, 'medium')} ({bankZoneName()})
              </dd>
            </>
          )}
          {receipt.amount !== null && (
            <>
              <dt className={css.term}>{texts.receiptLabels.amount}</dt>
              <dd className={css.definition}>{receipt.amount}</dd>
              <dt className={css.term}>{texts.receiptLabels.payee}</dt>
              <dd className={css.definition}>{receipt.payee}</dd>
            </>
          )}
          {receipt.newBalance && (
            <>
              <dt className={css.term}>{texts.receiptLabels.newBalance}</dt>
              <dd className={css.definition}>{receipt.newBalance}</dd>
            </>
          )}
        </dl>
      )}
      {downloadError && <Banner kind="error">{downloadError}</Banner>}
      <div className={css.actions}>
        {receipt && (
          <button type="button" className={buttonSecondary} onClick={() => send({ type: 'receipt.download' })} aria-disabled={downloading}>
            {downloading && <Spinner />}
            {texts.receipt}
          </button>
        )}
        <button type="button" className={button} onClick={() => send({ type: 'transfer.restart' })}>
          {texts.another}
        </button>
      </div>
    </section>
  )
}

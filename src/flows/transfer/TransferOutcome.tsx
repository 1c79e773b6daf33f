import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatAmount } from '../../../machines/amounts'
import { transfer as texts } from '../../../machines/messages'
import { saveReceipt } from '../../api/download'
import { bankZoneName, formatBankDateTime } from '../../ui/bankTime'
import { CopyButton } from '../../ui/CopyButton'
import { Banner, Spinner } from '../../ui/Feedback'
import { button, buttonSecondary, card } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { StepHeading, TransferViewProps } from './types'

type Props = TransferViewProps & { step: 'done' | 'failed' | 'unknown'; headingRef: StepHeading }

/** spec §4: success (with the receipt), a transfer that is over (rulings §6.1), or a result unknown (rulings §6.2). */
export function TransferOutcome({ step, snapshot, send, headingRef }: Props) {
  const c = snapshot.context
  const [downloading, setDownloading] = useState(false)

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
        {c.error && <Banner kind="error">{c.error}</Banner>}
        <button type="button" className={button} onClick={() => send({ type: 'transfer.restart' })}>
          {texts.retry}
        </button>
      </section>
    )
  }

  const receipt = c.receipt
  const pending = c.pending
  const download = async () => {
    if (!receipt) return
    setDownloading(true)
    // spec §8: download errors are only logged.
    await saveReceipt(receipt.reference).catch((e: unknown) => console.warn(e))
    setDownloading(false)
  }
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
          {pending && (
            <>
              <dt className={css.term}>{texts.receiptLabels.amount}</dt>
              <dd className={css.definition}>{formatAmount(pending.amount, pending.currency)}</dd>
              <dt className={css.term}>{texts.receiptLabels.payee}</dt>
              <dd className={css.definition}>{pending.payee}</dd>
            </>
          )}
          {receipt.solde && (
            <>
              <dt className={css.term}>{texts.receiptLabels.newBalance}</dt>
              <dd className={css.definition}>{formatAmount(receipt.solde, receipt.currency)}</dd>
            </>
          )}
        </dl>
      )}
      <div className={css.actions}>
        {receipt && (
          <button type="button" className={buttonSecondary} onClick={download} aria-disabled={downloading}>
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

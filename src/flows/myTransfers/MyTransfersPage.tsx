import { useEffect, useId, useRef } from 'react'
import { myTransfers as texts, transfer as transferTexts } from '../../../machines/messages'
import { myTransfersMachine } from '../../../machines/myTransfers/myTransfers.machine'
import { myTransfersScreen, type MyTransferItem, type MyTransfersScreen } from '../../../machines/myTransfers/myTransfers.screen'
import type { MyTransfersEvent } from '../../../machines/myTransfers/myTransfers.types'
import { formatBankDateTime, timesInBankZone } from '../../ui/bankTime'
import { CopyButton } from '../../ui/CopyButton'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { Dialog } from '../../ui/Dialog'
import { actions as dialogActions } from '../../ui/dialog.css'
import { buttonSecondary, card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import { useTimeLeft } from '../transfer/useTimeLeft'
import { useFlow } from '../useFlow'
import { cancelTransfer, confirmTransfer, downloadReceipt, loadTransfers } from './actors'
import * as css from './myTransfers.css'

const actors = { loadTransfers, cancelTransfer, confirmTransfer, downloadReceipt }

type Send = (event: MyTransfersEvent) => void
type Props = { screen: MyTransfersScreen; send: Send }

/** rulings §9.1 "Mes transferts": the customer's transfers, their receipts, a pending one completed or cancelled. */
export function MyTransfersPage() {
  const [screen, send] = useFlow(myTransfersMachine, { screen: myTransfersScreen, actors })
  usePageTitle(screen.title)
  // Back from the code form or its end, the list is announced by its heading (the form's field or
  // the end's heading had the focus, and they are gone).
  const heading = useRef<HTMLHeadingElement>(null)
  const lastStep = useRef(screen.step)
  useEffect(() => {
    if (screen.step === 'list' && lastStep.current !== 'list') heading.current?.focus()
    lastStep.current = screen.step
  }, [screen.step])
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {screen.title}
      </h1>
      {screen.step === 'list' && <TransferList screen={screen} send={send} />}
      {screen.step === 'code' && <CodeStep screen={screen} send={send} />}
      {screen.step === 'outcome' && <OutcomeStep screen={screen} send={send} />}
      {screen.cancelDialog && <CancelDialog screen={screen} send={send} />}
    </>
  )
}

function Notice({ screen }: { screen: MyTransfersScreen }) {
  return screen.notice ? <Banner kind={screen.notice.kind}>{screen.notice.message}</Banner> : null
}

function TransferList({ screen, send }: Props) {
  return (
    <section className={card} aria-label={screen.title} aria-busy={screen.busy}>
      <form role="search" aria-label={texts.filtersLabel} className={css.filters} onSubmit={(e) => e.preventDefault()}>
        {screen.filters.map((f) => (
          <Select
            key={f.field}
            name={f.field}
            label={f.label}
            value={f.value}
            placeholder={f.everyLabel}
            options={f.options}
            onValueChange={(value) => send({ type: 'filter.change', field: f.field, value })}
          />
        ))}
      </form>
      <Notice screen={screen} />
      {screen.busy && <Spinner label={texts.loading} />}
      {screen.loadError && (
        <Banner kind="error">
          <p>{screen.loadError}</p>
          <button type="button" className={buttonSecondary} onClick={() => send({ type: 'list.retry' })}>
            {texts.retry}
          </button>
        </Banner>
      )}
      {screen.empty && <p>{screen.empty}</p>}
      {screen.items.length > 0 && (
        <>
          <p className={css.zoneNote}>{timesInBankZone()}</p>
          <ul className={css.list} aria-label={texts.listLabel}>
            {screen.items.map((item) => (
              <Item key={item.reference} item={item} send={send} />
            ))}
          </ul>
        </>
      )}
      {screen.pager && (
        <nav aria-label={texts.paginationLabel} className={css.pager}>
          <button
            type="button"
            className={buttonSecondary}
            aria-disabled={!screen.pager.prevEnabled}
            onClick={() => screen.pager?.prevEnabled && send({ type: 'page.prev' })}
          >
            {texts.prev}
          </button>
          <span aria-current="page">{screen.pager.label}</span>
          <button
            type="button"
            className={buttonSecondary}
            aria-disabled={!screen.pager.nextEnabled}
            onClick={() => screen.pager?.nextEnabled && send({ type: 'page.next' })}
          >
            {texts.next}
          </button>
        </nav>
      )}
    </section>
  )
}

function Item({ item, send }: { item: MyTransferItem; send: Send }) {
  const titleId = useId()
  return (
    <li className={css.item}>
      <div className={css.itemHead}>
        <h2 id={titleId} className={css.itemTitle}>
          {item.kindLabel} — {item.payee}
        </h2>
        <span className={css.badge[item.state]}>{item.stateLabel}</span>
      </div>
      <dl className={css.details}>
        <dt className={css.term}>{texts.labels.amount}</dt>
        <dd className={css.amount}>{item.amount}</dd>
        {item.debited && (
          <>
            <dt className={css.term}>{texts.labels.debited}</dt>
            <dd className={css.definition}>{item.debited}</dd>
          </>
        )}
        <dt className={css.term}>{texts.labels.date}</dt>
        <dd className={css.definition}>
          <time dateTime={item.createdAt}>{formatBankDateTime(item.createdAt)}</time>
        </dd>
        {item.reason && (
          <>
            <dt className={css.term}>{texts.labels.state}</dt>
            <dd className={css.definition}>{item.reason}</dd>
          </>
        )}
        <dt className={css.term}>{texts.labels.description}</dt>
        <dd className={css.definition}>{item.description}</dd>
        <dt className={css.term}>{texts.labels.reference}</dt>
        <dd className={`${css.definition} ${css.reference}`}>{item.reference}</dd>
      </dl>
      {(item.canDownload || item.canComplete) && (
        <div className={css.actions}>
          {item.canDownload && (
            <button
              type="button"
              className={buttonSecondary}
              aria-describedby={titleId}
              aria-disabled={item.downloading}
              onClick={() => send({ type: 'receipt.download', reference: item.reference })}
            >
              {item.downloading && <Spinner label={texts.downloading} />}
              {texts.receipt}
            </button>
          )}
          {item.canComplete && (
            <>
              <button type="button" className={button} aria-describedby={titleId} onClick={() => send({ type: 'code.open', reference: item.reference })}>
                {texts.enterCode}
              </button>
              <button
                type="button"
                className={buttonSecondary}
                aria-describedby={titleId}
                onClick={() => send({ type: 'cancel.ask', reference: item.reference })}
              >
                {texts.cancel}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  )
}

const BANNER_ID = 'my-transfer-code-banner'

/** The code form of a pending transfer: the transfer screens' texts and rules; focus on the field, then on "Retour" once expired. */
function CodeStep({ screen, send }: Props) {
  const code = screen.code!
  const timeLeft = useTimeLeft(code.expiresAt)
  const section = useRef<HTMLElement>(null)
  const backButton = useRef<HTMLButtonElement>(null)
  const refusal = code.bannerOnField ? code.banner : null
  const focusField = () => section.current?.querySelector<HTMLInputElement>('input[name="token"]')?.focus()
  useEffect(() => {
    if (code.expired) backButton.current?.focus()
    else focusField()
  }, [code.expired])
  useEffect(() => {
    if (refusal) focusField()
  }, [refusal])

  return (
    <section ref={section} className={card} aria-labelledby="my-transfer-code-title">
      <h2 id="my-transfer-code-title">{code.title}</h2>
      <p>{code.summary}</p>
      {code.debitLine && <p>{code.debitLine}</p>}
      {code.expired ? (
        <Banner kind="warning">{transferTexts.codeExpired}</Banner>
      ) : (
        timeLeft && <p data-testid="time-left">{transferTexts.timeLeft(timeLeft.text)}</p>
      )}
      {code.banner && !code.expired && (
        <Banner kind="error" id={BANNER_ID}>
          {code.banner}
        </Banner>
      )}
      <form
        noValidate
        aria-busy={code.busy}
        onSubmit={(e) => {
          e.preventDefault()
          if (!code.expired) send({ type: 'code.submit' })
        }}
      >
        <Field
          name="token"
          label={code.label}
          hint={code.hint}
          {...code.input}
          value={code.token}
          disabled={code.expired}
          error={code.tokenError ?? undefined}
          errorElsewhere={refusal ? BANNER_ID : undefined}
          onValueChange={(value) => send({ type: 'code.change', value })}
        />
        <div className={css.actions}>
          <button type="submit" className={button} aria-disabled={code.busy} disabled={code.expired}>
            {code.busy && <Spinner label={transferTexts.confirming} />}
            {transferTexts.codeSubmit}
          </button>
          <button ref={backButton} type="button" className={buttonSecondary} onClick={() => send({ type: 'list.back' })}>
            {texts.back}
          </button>
        </div>
      </form>
    </section>
  )
}

/** The end of a transfer completed from the list: executed (its receipt), over, or result unknown. */
function OutcomeStep({ screen, send }: Props) {
  const outcome = screen.outcome!
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className={card} aria-labelledby="my-transfer-outcome-title">
      <h2 id="my-transfer-outcome-title" ref={heading} tabIndex={-1}>
        {outcome.title}
      </h2>
      <Banner kind={outcome.kind}>{outcome.message}</Banner>
      <dl className={css.details}>
        <dt className={css.term}>{texts.labels.reference}</dt>
        <dd className={css.definition}>
          <span className={css.reference}>{outcome.reference}</span>
          <CopyButton text={outcome.reference} />
        </dd>
        {outcome.stateLabel && (
          <>
            <dt className={css.term}>{texts.labels.state}</dt>
            <dd className={css.definition}>{outcome.stateLabel}</dd>
          </>
        )}
      </dl>
      <Notice screen={screen} />
      <div className={css.endActions}>
        {outcome.canDownload && (
          <button
            type="button"
            className={buttonSecondary}
            aria-disabled={outcome.downloading}
            onClick={() => send({ type: 'receipt.download', reference: outcome.reference })}
          >
            {outcome.downloading && <Spinner label={texts.downloading} />}
            {texts.receipt}
          </button>
        )}
        <button type="button" className={button} onClick={() => send({ type: 'list.back' })}>
          {texts.back}
        </button>
      </div>
    </section>
  )
}

/** rulings §9.1 "Annuler le transfert": asked for once more before the bank is told. */
function CancelDialog({ screen, send }: Props) {
  const dialog = screen.cancelDialog!
  const keep = useRef<HTMLButtonElement>(null)
  const dismiss = () => send({ type: 'cancel.dismiss' })
  return (
    <Dialog title={dialog.title} description={dialog.question} onCancel={dismiss} cancelOnOutsideClick initialFocus={keep}>
      <div className={dialogActions}>
        <button ref={keep} type="button" className={buttonSecondary} onClick={dismiss}>
          {texts.cancelKeep}
        </button>
        <button type="button" className={button} aria-disabled={dialog.busy} onClick={() => send({ type: 'cancel.confirm' })}>
          {dialog.busy && <Spinner label={texts.cancelling} />}
          {texts.cancelConfirm}
        </button>
      </div>
    </Dialog>
  )
}

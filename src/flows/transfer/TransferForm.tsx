import { useRef } from 'react'
import { accountLabel, currencyLabel, formatAmount } from '../../../machines/amounts'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { transfer as texts } from '../../../machines/messages'
import type { TransferField, TransferKindSpec } from '../../../machines/transfer/transfer.kinds'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { button, card } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { TransferViewProps } from './types'

type Props = TransferViewProps & { spec: TransferKindSpec; busy: boolean; lookingUpHolder: boolean }

/** The form of spec §2 for one kind of transfer; fields, lists and panel come from its spec. */
export function TransferForm({ spec, snapshot, send, busy, lookingUpHolder }: Props) {
  const c = snapshot.context
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, c.errors)
  const change = (field: TransferField) => (value: string) => send({ type: 'field.change', field, value })
  const suggestionsId = `suggestions-${spec.kind}`

  const fields: Record<TransferField, () => React.ReactNode> = {
    debitAccount: () => (
      <Select
        name="debitAccount"
        label={texts.labels.debitAccount}
        placeholder={texts.chooseAccount}
        value={c.values.debitAccount}
        error={c.errors.debitAccount}
        options={c.accounts.map((a) => ({ value: a.compte, label: accountLabel(a) }))}
        onValueChange={change('debitAccount')}
      />
    ),
    amount: () => (
      <Field
        name="amount"
        maxLength={FIELD_MAX_LENGTH.amount}
        label={texts.labels.amount}
        inputMode="decimal"
        autoComplete="off"
        value={c.values.amount}
        error={c.errors.amount}
        onValueChange={change('amount')}
      />
    ),
    creditAccount: () => (
      <Field
        name="creditAccount"
        label={texts.labels.creditAccount}
        maxLength={21}
        autoComplete="off"
        spellCheck={false}
        list={suggestionsId}
        value={c.values.creditAccount}
        error={c.errors.creditAccount}
        hint={lookingUpHolder ? texts.lookingUpHolder : c.holder ? texts.holder(c.holder) : c.holderError}
        onValueChange={change('creditAccount')}
      />
    ),
    currencySent: () => (
      <Select
        name="currencySent"
        label={texts.labels.currencySent}
        placeholder={texts.chooseCurrency}
        value={c.values.currencySent}
        error={c.errors.currencySent}
        options={(c.currencies ?? []).map((code) => ({ value: code, label: currencyLabel(code) }))}
        onValueChange={change('currencySent')}
      />
    ),
    phone: () => (
      <Field
        name="phone"
        label={texts.labels.phone}
        inputMode="tel"
        maxLength={12}
        autoComplete="off"
        list={suggestionsId}
        value={c.values.phone}
        error={c.errors.phone}
        onValueChange={change('phone')}
      />
    ),
    accountId: () => (
      <Field
        name="accountId"
        label={texts.labels.accountId}
        inputMode="numeric"
        maxLength={8}
        autoComplete="off"
        value={c.values.accountId}
        error={c.errors.accountId}
        onValueChange={change('accountId')}
      />
    ),
    lastFour: () => (
      <Field
        name="lastFour"
        label={texts.labels.lastFour}
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        value={c.values.lastFour}
        error={c.errors.lastFour}
        onValueChange={change('lastFour')}
      />
    ),
    description: () => (
      <Field
        name="description"
        maxLength={FIELD_MAX_LENGTH.description}
        label={texts.labels.description}
        autoComplete="off"
        value={c.values.description}
        error={c.errors.description}
        onValueChange={change('description')}
      />
    ),
  }

  return (
    <div className={css.layout}>
      <section className={card} aria-label={spec.formTitle}>
        {/* The account transfer's form title is its heading: not said twice. */}
        {spec.formTitle !== spec.heading && <h2>{spec.formTitle}</h2>}
        <AccountsMessage message={c.accountsUnavailable ? texts.accountsNotLoaded : null} onReload={() => send({ type: 'accounts.reload' })} />
        {c.error && <Banner kind="error">{c.error}</Banner>}
        <form
          ref={form}
          noValidate
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'transfer.submit' })
          }}
        >
          {spec.fields.map((field) => (
            <div key={field}>
              {fields[field]()}
              {field === 'debitAccount' && spec.showsBalance && c.balance && (
                <p role="status">{texts.balance(formatAmount(c.balance.amount, c.balance.currency))}</p>
              )}
            </div>
          ))}
          {c.suggestions && c.suggestions.length > 0 && (
            <datalist id={suggestionsId} aria-label={texts.suggestionsLabel}>
              {c.suggestions.map((s) => (
                <option key={s.value} value={s.value} label={s.holder ?? undefined} />
              ))}
            </datalist>
          )}
          <div className={css.actions}>
            <button type="submit" className={button} aria-disabled={busy}>
              {busy && <Spinner label={texts.asking} />}
              {texts.submit}
            </button>
          </div>
        </form>
      </section>
      {spec.showsSteps && (
        <aside className={card} aria-labelledby="transfer-steps-title">
          <h2 id="transfer-steps-title">{texts.stepsTitle}</h2>
          <ol className={css.steps}>
            {texts.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </aside>
      )}
    </div>
  )
}

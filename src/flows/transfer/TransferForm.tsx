import { useRef } from 'react'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { transfer as texts } from '../../../machines/messages'
import type { TransferField, TransferKindSpec } from '../../../machines/transfer/transfer.kinds'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { TransferViewProps } from './types'

type Props = TransferViewProps & { spec: TransferKindSpec }

/** The form of spec §2 for one kind of transfer; fields, lists and panel come from its spec. */
export function TransferForm({ spec, screen, send }: Props) {
  const { busy, values, errors } = screen
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, errors)
  const change = (field: TransferField) => (value: string) => send({ type: 'field.change', field, value })
  const suggestionsId = `suggestions-${spec.kind}`
  const formTitleId = `form-title-${spec.kind}`

  const fields: Record<TransferField, () => React.ReactNode> = {
    debitAccount: () => (
      <Select
        name="debitAccount"
        label={texts.labels.debitAccount}
        placeholder={texts.chooseAccount}
        value={values.debitAccount}
        error={errors.debitAccount}
        options={screen.accountOptions}
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
        value={values.amount}
        error={errors.amount}
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
        value={values.creditAccount}
        error={errors.creditAccount}
        hint={screen.holderHint}
        onValueChange={change('creditAccount')}
      />
    ),
    currencySent: () => (
      <Select
        name="currencySent"
        label={texts.labels.currencySent}
        placeholder={texts.chooseCurrency}
        value={values.currencySent}
        error={errors.currencySent}
        options={screen.currencyOptions}
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
        value={values.phone}
        error={errors.phone}
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
        value={values.accountId}
        error={errors.accountId}
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
        value={values.lastFour}
        error={errors.lastFour}
        onValueChange={change('lastFour')}
      />
    ),
    description: () => (
      <Field
        name="description"
        maxLength={FIELD_MAX_LENGTH.description}
        label={texts.labels.description}
        autoComplete="off"
        value={values.description}
        error={errors.description}
        onValueChange={change('description')}
      />
    ),
  }

  return (
    <div className={css.layout}>
      <section className={card} {...(screen.formTitle ? { 'aria-labelledby': formTitleId } : { 'aria-label': spec.formTitle })}>
        {screen.formTitle && <h2 id={formTitleId}>{screen.formTitle}</h2>}
        <AccountsMessage message={screen.accountsMessage} onReload={() => send({ type: 'accounts.reload' })} />
        {screen.error && <Banner kind="error">{screen.error}</Banner>}
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
              {field === 'debitAccount' && screen.balanceLine && <p role="status">{screen.balanceLine}</p>}
            </div>
          ))}
          {screen.suggestions.length > 0 && (
            <datalist id={suggestionsId} aria-label={texts.suggestionsLabel}>
              {screen.suggestions.map((s) => (
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

import { useRef } from 'react'
import { transfer as texts } from '../../../machines/messages'
import type { TransferFieldScreen } from '../../../machines/transfer/transfer.screen'
import { AccountsMessage } from '../../ui/AccountsMessage'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { card } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import * as css from './transfer.css'
import type { TransferViewProps } from './types'

/** The form of spec §2 for one kind of transfer: every field, list and panel comes complete from the screen model. */
export function TransferForm({ screen, send }: TransferViewProps) {
  const { busy } = screen
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, screen.errors)
  const formTitleId = 'transfer-form-title'

  const control = (field: TransferFieldScreen) => {
    const onValueChange = (value: string) => send({ type: 'field.change', field: field.name, value })
    if (field.control === 'select') {
      return (
        <Select
          name={field.name}
          label={field.label}
          placeholder={field.placeholder ?? ''}
          value={field.value}
          error={field.error}
          options={field.options}
          onValueChange={onValueChange}
        />
      )
    }
    return (
      <Field
        name={field.name}
        label={field.label}
        inputMode={field.inputMode}
        maxLength={field.maxLength ?? undefined}
        autoComplete="off"
        spellCheck={false}
        list={field.offersSuggestions ? screen.suggestionsId : undefined}
        value={field.value}
        error={field.error}
        hint={field.hint}
        onValueChange={onValueChange}
      />
    )
  }

  return (
    <div className={css.layout}>
      <section className={card} {...(screen.formTitle ? { 'aria-labelledby': formTitleId } : { 'aria-label': screen.formLabel })}>
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
          {screen.fields.map((field) => (
            <div key={field.name}>
              {control(field)}
              {field.status && (
                <p role="status" data-field-status={field.name}>
                  {field.status}
                </p>
              )}
            </div>
          ))}
          {screen.suggestions.length > 0 && (
            <datalist id={screen.suggestionsId} aria-label={texts.suggestionsLabel}>
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
      {screen.showsSteps && (
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

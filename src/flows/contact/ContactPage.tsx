import { useRef } from 'react'
import { contactMachine } from '../../../machines/contact/contact.machine'
import { contactScreen } from '../../../machines/contact/contact.screen'
import type { ContactField } from '../../../machines/contact/contact.types'
import { profile as texts } from '../../../machines/messages'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { card, retryButton } from '../../ui/controls.css'
import { button } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import { useFlow } from '../useFlow'
import { loadContact, loadCountries, updateContact } from './actors'

/** A list that could not be read: its message, announced, is the button that reads it again (as spec §8's accounts message). */
function RetryMessage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <button type="button" className={retryButton} onClick={onRetry}>
        {message}
      </button>
    </div>
  )
}

/** spec §2 /app/update-contact: e-mail, country, phone and address, pre-filled. */
export function ContactPage() {
  usePageTitle(texts.contactTitle)
  const [screen, send] = useFlow(contactMachine, { screen: contactScreen, actors: { loadContact, loadCountries, updateContact } })
  const { values, errors } = screen
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, errors)
  const change = (field: ContactField) => (value: string) => send({ type: 'field.change', field, value })

  return (
    <>
      <h1>{texts.contactTitle}</h1>
      <section className={card} aria-label={texts.contactTitle}>
        {screen.loading ? (
          <Spinner />
        ) : screen.loadError ? (
          <RetryMessage message={screen.loadError} onRetry={() => send({ type: 'contact.retry' })} />
        ) : (
          <form
            ref={form}
            noValidate
            aria-busy={screen.busy}
            onSubmit={(e) => {
              e.preventDefault()
              send({ type: 'contact.submit' })
            }}
          >
            <Field
              name="email"
              {...screen.inputs.email}
              type="email"
              label={texts.emailLabel}
              value={values.email}
              error={errors.email}
              onValueChange={change('email')}
            />
            <Select
              name="country"
              label={texts.countryLabel}
              placeholder={texts.chooseCountry}
              value={values.country}
              error={errors.country}
              options={screen.countryOptions}
              onValueChange={change('country')}
            />
            {screen.countriesError && <RetryMessage message={screen.countriesError} onRetry={() => send({ type: 'countries.retry' })} />}
            <Field
              name="phone"
              {...screen.inputs.phone}
              type="tel"
              label={texts.phoneLabel}
              value={values.phone}
              error={errors.phone}
              onValueChange={change('phone')}
            />
            <Field
              name="address"
              {...screen.inputs.address}
              label={texts.addressLabel}
              value={values.address}
              error={errors.address}
              onValueChange={change('address')}
            />
            <button type="submit" className={button} aria-disabled={screen.busy}>
              {screen.busy && <Spinner />}
              {texts.submit}
            </button>
          </form>
        )}
      </section>
      <div aria-live="polite">{screen.error && <Banner kind="error">{screen.error}</Banner>}</div>
    </>
  )
}

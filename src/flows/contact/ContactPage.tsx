import { useMachine } from '@xstate/react'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { contactMachine, contactScreen, type ContactField } from '../../../machines/contact'
import { FIELD_MAX_LENGTH } from '../../../machines/limits'
import { profile as texts } from '../../../machines/messages'
import { inspect } from '../../inspect/inspector'
import { Banner, Spinner } from '../../ui/Feedback'
import { Field, Select } from '../../ui/Field'
import { toaster } from '../../ui/toasts'
import { useFocusFirstError } from '../../ui/useFocusFirstError'
import { button, card } from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import { loadContact, loadCountries, updateContact } from './actors'

/** spec §2 /app/update-contact: e-mail, country, phone and address, pre-filled. */
export function ContactPage() {
  usePageTitle(texts.contactTitle)
  const navigate = useNavigate()
  const [machine] = useState(() =>
    contactMachine.provide({
      actors: { loadContact, loadCountries, updateContact },
      actions: {
        toastSent: (_, { message }) => toaster.show({ kind: 'success', title: message }),
        goToProfile: () => void navigate({ to: '/app/profile' }),
      },
    }),
  )
  const [snapshot, send] = useMachine(machine, { inspect: inspect() })
  const screen = contactScreen(snapshot)
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
              maxLength={FIELD_MAX_LENGTH.email}
              type="email"
              autoComplete="email"
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
              options={screen.countries.map((c) => ({ value: c.code, label: c.name }))}
              onValueChange={change('country')}
            />
            <Field
              name="phone"
              maxLength={FIELD_MAX_LENGTH.contactPhone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              label={texts.phoneLabel}
              value={values.phone}
              error={errors.phone}
              onValueChange={change('phone')}
            />
            <Field
              name="address"
              maxLength={FIELD_MAX_LENGTH.address}
              autoComplete="street-address"
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

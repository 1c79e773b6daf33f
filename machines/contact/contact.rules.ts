/** The pure rules of the contact flow: its fresh context, its form errors, what an answer means. */
import { contactForm } from './contact.form.ts'
import { fieldErrors, type FieldErrors } from '../shared/form.ts'
import { profile as texts } from '../messages.ts'
import type { ContactAnswer, ContactContext, ContactValues, Country, CountryListAnswer, UpdateContactAnswer, UpdateContactRequest } from './contact.types.ts'
import { isHttpSuccess, text } from '../shared/answers.ts'

export function freshContactContext(): ContactContext {
  return { values: { email: '', country: '', phone: '', address: '' }, errors: {}, submitted: false, countries: [], error: null }
}

/** spec §5: e-mail, country, phone, address, in the spec's order of checks. */
export const contactErrors = (values: ContactValues): FieldErrors<ContactValues> => fieldErrors(contactForm, values)

/** The form pre-filled from a get-contact answer (code '0'); `null` when it gives nothing usable. */
export function prefillOf({ status, body }: ContactAnswer): ContactValues | null {
  if (!isHttpSuccess(status) || body === null || body.code !== '0') return null
  return {
    email: text(body.email) ?? '',
    country: text(body.country) ?? '',
    phone: text(body.phone) ?? '',
    address: text(body.address) ?? '',
  }
}

export function countriesOf({ status, body }: CountryListAnswer): Country[] | null {
  if (!isHttpSuccess(status) || body === null || (body.code !== undefined && body.code !== '0') || !Array.isArray(body.countries)) return null
  return body.countries
}

/** The body of POST update-contact (trimmed). */
export const updateRequestOf = (values: ContactValues): UpdateContactRequest => ({
  phone: values.phone.trim(),
  email: values.email.trim(),
  address: values.address.trim(),
  country: values.country.trim(),
})

/** spec §4, §8: the message of a failed update. */
export function updateErrorOf({ status, body }: UpdateContactAnswer): string {
  if (!isHttpSuccess(status) || body === null) return texts.updateError
  return text(body.message) ?? texts.updateError
}

export const isUpdated = ({ status, body }: UpdateContactAnswer): boolean => isHttpSuccess(status) && body?.code === '0'

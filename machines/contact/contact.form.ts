/** The contact form of spec §5 (e-mail, country, phone, address; REQ-VAL-50, REQ-VAL-51, REQ-VAL-52, REQ-VAL-53), with the exact messages of the catalogue. */
import { validation as m } from '../messages.ts'
import { EMAIL, matches, requiredText } from '../shared/fields.ts'
import { minLength, plainForm } from '../shared/form.ts'

/** spec §9: address minimum 5; contact phone 6 to 10 digits. */
const ADDRESS_MIN_LENGTH = 5
const CONTACT_PHONE = /^\d{6,10}$/

export interface ContactFormValues {
  email: string
  country: string
  phone: string
  address: string
}

export const contactForm = plainForm<ContactFormValues>({
  email: requiredText(m.emailRequired, matches(EMAIL, m.emailFormat)),
  country: requiredText(m.countryRequired),
  phone: requiredText(m.phoneRequired, matches(CONTACT_PHONE, m.phoneFormat)),
  address: requiredText(m.addressRequired, minLength(ADDRESS_MIN_LENGTH, m.addressTooShort)),
})

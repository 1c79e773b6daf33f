/** The contact form of spec §5 (e-mail, country, phone, address; REQ-VAL-50, REQ-VAL-51, REQ-VAL-52, REQ-VAL-53), with the exact messages of the catalogue. */
import * as z from 'zod/mini'
import { validation as m } from '../messages.ts'
import { requiredText } from '../shared/fields.ts'

/** spec §9: address minimum 5; contact phone 6 to 10 digits. */
const ADDRESS_MIN_LENGTH = 5
const CONTACT_PHONE = /^\d{6,10}$/

export const contactForm = z.object({
  email: requiredText(m.emailRequired).check(z.email({ message: m.emailFormat })),
  country: requiredText(m.countryRequired),
  phone: requiredText(m.phoneRequired).check(z.regex(CONTACT_PHONE, m.phoneFormat)),
  address: requiredText(m.addressRequired).check(z.minLength(ADDRESS_MIN_LENGTH, m.addressTooShort)),
})

export type ContactFormValues = z.input<typeof contactForm>

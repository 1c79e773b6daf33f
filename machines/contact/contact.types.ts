/** The types of the contact flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import { type ContactFormValues } from './contact.form.ts'
import { type FieldErrors } from '../shared/form.ts'

export type ContactField = keyof ContactFormValues
export type ContactValues = { [F in ContactField]: string }
export type Country = components['schemas']['Country']

export type ContactBody = Partial<components['schemas']['ContactResponse']>
/** What `loadContact` resolves with (GET get-contact); it rejects only when no answer came. */
export interface ContactAnswer {
  status: number
  body: ContactBody | null
}
export type CountryListBody = Partial<components['schemas']['CountryListResponse']>
/** What `loadCountries` resolves with (GET auth/v1/countries); it rejects only when no answer came. */
export interface CountryListAnswer {
  status: number
  body: CountryListBody | null
}
/** The input of `updateContact`: the contract's UpdateContactRequest (POST update-contact). */
export type UpdateContactRequest = components['schemas']['UpdateContactRequest']
export type CodeMessageBody = Partial<components['schemas']['CodeMessageResponse']>
/** What `updateContact` resolves with; it rejects only when no answer came. */
export interface UpdateContactAnswer {
  status: number
  body: CodeMessageBody | null
}

/** The params of `toastSent`. */
export interface ToastParams {
  message: string
}

export interface ContactContext {
  values: ContactValues
  errors: FieldErrors<ContactValues>
  submitted: boolean
  /** The countries of the select (`[]` until loaded, or when they could not be). */
  countries: Country[]
  /** The error banner of the last update, `null` when none. */
  error: string | null
}

export type ContactEvent =
  | { type: 'field.change'; field: ContactField; value: string }
  | { type: 'contact.submit' }
  /** The click on profile.loadError: the contact data are read again. */
  | { type: 'contact.retry' }
  /** The click on profile.countriesLoadError: the countries are read again. */
  | { type: 'countries.retry' }

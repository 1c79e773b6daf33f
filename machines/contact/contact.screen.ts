/** What the contact screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { profile as texts } from '../messages.ts'
import { type FieldErrors } from '../shared/form.ts'
import { FIELD_INPUTS } from '../shared/inputs.ts'
import type { contactMachine } from './contact.machine.ts'
import type { ContactValues, Country } from './contact.types.ts'

export interface ContactScreen {
  /** The current data are being read (spinner instead of the form). */
  loading: boolean
  /** The current data could not be read: profile.loadError instead of the form (a click sends `contact.retry`); `null` otherwise. */
  loadError: string | null
  /** The country list could not be read: profile.countriesLoadError (a click sends `countries.retry`); `null` otherwise. */
  countriesError: string | null
  /** The button is busy. */
  busy: boolean
  values: ContactValues
  errors: FieldErrors<ContactValues>
  /** The options of the country select (the current country kept, by its name, when the list lacks it). */
  countries: Country[]
  /** The country select's options (value: ISO code, label: name). */
  countryOptions: { value: string; label: string }[]
  error: string | null
  /** Each field's limit, keyboard and autofill. */
  inputs: typeof CONTACT_INPUTS
}

const CONTACT_INPUTS = { email: FIELD_INPUTS.email, phone: FIELD_INPUTS.contactPhone, address: FIELD_INPUTS.address }

/**
 * The French name of a country the list does not hold (it could not be read): the name the
 * platform knows for its ISO code, else profile.savedCountry — never the bare code.
 */
export function countryNameOf(code: string): string {
  try {
    const name = new Intl.DisplayNames(['fr'], { type: 'region', fallback: 'none' }).of(code)
    if (name && name !== code) return name
  } catch {
    // Not a region code the platform knows (RangeError): the generic name below.
  }
  return texts.savedCountry
}

export function contactScreen(snapshot: SnapshotFrom<typeof contactMachine>): ContactScreen {
  const { values, errors, countries, error } = snapshot.context
  const current = values.country.trim()
  const options = current !== '' && !countries.some((c) => c.code === current) ? [...countries, { code: current, name: countryNameOf(current) }] : countries
  return {
    loading: snapshot.matches({ form: 'loading' }),
    loadError: snapshot.matches({ form: 'loadFailed' }) ? texts.loadError : null,
    countriesError: snapshot.matches({ countries: 'failed' }) ? texts.countriesLoadError : null,
    busy: snapshot.matches({ form: 'saving' }),
    values,
    errors,
    countries: options,
    countryOptions: options.map((c) => ({ value: c.code, label: c.name })),
    error,
    inputs: CONTACT_INPUTS,
  }
}

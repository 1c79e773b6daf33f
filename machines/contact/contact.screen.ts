/** What the contact screen shows, from a snapshot: the view reads only this and sends events. */
import { type SnapshotFrom } from 'xstate'
import { type FieldErrors } from '../shared/form.ts'
import type { contactMachine } from './contact.machine.ts'
import type { ContactValues, Country } from './contact.types.ts'

export interface ContactScreen {
  /** The current data are being read (spinner instead of the form). */
  loading: boolean
  /** The button is busy. */
  busy: boolean
  values: ContactValues
  errors: FieldErrors<ContactValues>
  /** The options of the country select (the current country kept when the list lacks it). */
  countries: Country[]
  error: string | null
}

export function contactScreen(snapshot: SnapshotFrom<typeof contactMachine>): ContactScreen {
  const { values, errors, countries, error } = snapshot.context
  const current = values.country.trim()
  const options = current !== '' && !countries.some((c) => c.code === current) ? [...countries, { code: current, name: current }] : countries
  return {
    loading: snapshot.matches({ form: 'loading' }),
    busy: snapshot.matches({ form: 'saving' }),
    values,
    errors,
    countries: options,
    error,
  }
}

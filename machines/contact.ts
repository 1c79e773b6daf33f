/**
 * The edit of the contact data (spec §2 /app/update-contact; §3 Contact, Country list item; §4
 * Contact and picture updates; §5 contact e-mail, country, phone, address; §8 contact update HTTP
 * failure; §9 address min 5, phone 6 to 10 digits).
 *
 * Two parallel regions:
 *
 *   form:      loading ──contact read──▶ editing ──contact.submit [valid]──▶ saving ──code '0'──▶ sent
 *                 (pre-filled; empty when       ▲ (errors after a submit)      │ (toast "Envoyé", go to /app/profile)
 *                  it could not be read)        └── another code: the message; HTTP error or no answer:
 *                                                   profile.updateError; HTTP 403 / code '2': no message
 *   countries: loading ──list──▶ loaded, or failed (nothing shown: the select stays empty)
 *
 * Choices (spec silent, documented here): when the current contact data cannot be read, the form
 * shows empty (the customer can still type them); when the countries cannot be read nothing is
 * shown (as for the currencies, spec §8), the select offers the current country only.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../openapi/schema'
import { contactForm, type ContactFormValues } from './flowForms.ts'
import { fieldErrors, type FieldErrors } from './shared/form.ts'
import { profile as texts } from './messages.ts'

// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
const ok = (status: number) => status >= 200 && status < 300

export function freshContactContext(): ContactContext {
  return { values: { email: '', country: '', phone: '', address: '' }, errors: {}, submitted: false, countries: [], error: null }
}

/** spec §5: e-mail, country, phone, address, in the spec's order of checks. */
export const contactErrors = (values: ContactValues): FieldErrors<ContactValues> => fieldErrors(contactForm, values)

/** The form pre-filled from a get-contact answer (code '0'); `null` when it gives nothing usable. */
export function prefillOf({ status, body }: ContactAnswer): ContactValues | null {
  if (!ok(status) || body === null || body.code !== '0') return null
  return {
    email: text(body.email) ?? '',
    country: text(body.country) ?? '',
    phone: text(body.phone) ?? '',
    address: text(body.address) ?? '',
  }
}

export function countriesOf({ status, body }: CountryListAnswer): Country[] | null {
  if (!ok(status) || body === null || (body.code !== undefined && body.code !== '0') || !Array.isArray(body.countries)) return null
  return body.countries
}

/** The body of POST update-contact (trimmed). */
export const updateRequestOf = (values: ContactValues): UpdateContactRequest => ({
  phone: values.phone.trim(),
  email: values.email.trim(),
  address: values.address.trim(),
  country: values.country.trim(),
})

const isSessionEndedAnswer = ({ status, body }: { status: number; body: { code?: string } | null }) =>
  status === 403 || body?.code === '2'

/** spec §4, §8: the message of a failed update. */
export function updateErrorOf({ status, body }: UpdateContactAnswer): string {
  if (!ok(status) || body === null) return texts.updateError
  return text(body.message) ?? texts.updateError
}

export const isUpdated = ({ status, body }: UpdateContactAnswer): boolean => ok(status) && body?.code === '0'

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

const contactAnswer = ({ event }: { event: { output: ContactAnswer } }) => event.output
const countryAnswer = ({ event }: { event: { output: CountryListAnswer } }) => event.output
const updateAnswer = ({ event }: { event: { output: UpdateContactAnswer } }) => event.output

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    /** GET get-contact → HTTP status and body. Provided by src/. */
    loadContact: fromPromise<ContactAnswer, void>(async () => {
      throw new Error('loadContact: provided by src/')
    }),
    /** GET auth/v1/countries → HTTP status and body. Provided by src/. */
    loadCountries: fromPromise<CountryListAnswer, void>(async () => {
      throw new Error('loadCountries: provided by src/')
    }),
    /** POST update-contact {phone, email, address, country} → HTTP status and body. Provided by src/. */
    updateContact: fromPromise<UpdateContactAnswer, UpdateContactRequest>(async () => {
      throw new Error('updateContact: provided by src/')
    }),
  },
  guards: {
    /** spec §5 contact: valid e-mail, a country, phone of 6 to 10 digits, address of at least 5 characters. */
    isFormValid: ({ context }) => Object.keys(contactErrors(context.values)).length === 0,
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §4 Session: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: { status: number; body: { code?: string } | null }) => isSessionEndedAnswer(answer),
    /** spec §2 /app/update-contact: the current contact data came (HTTP success, code '0') to pre-fill the form. */
    hasPrefill: (_, answer: ContactAnswer) => prefillOf(answer) !== null,
    /** spec §3 Country list item, §7 auth/v1/countries: a list of countries came (HTTP success). */
    hasCountries: (_, answer: CountryListAnswer) => countriesOf(answer) !== null,
    /** spec §4 Contact and picture updates: code '0' is success. */
    isUpdated: (_, answer: UpdateContactAnswer) => isUpdated(answer),
  },
  actions: {
    /** A toast (spec §2: "Envoyé"). Provided by src/. */
    toastSent: (_, _params: ToastParams) => provided('toastSent')(),
    /** Goes to /app/profile. Provided by src/. */
    goToProfile: provided('goToProfile'),

    /** spec §2 /app/update-contact: pre-fills the form with the current contact data. */
    prefill: assign({ values: ({ context }, answer: ContactAnswer) => prefillOf(answer) ?? context.values }),
    /** spec §3 Country list item: the countries of the select; none when they could not be read. */
    setCountries: assign({ countries: (_, answer: CountryListAnswer) => countriesOf(answer) ?? [] }),
    /** spec §2 /app/update-contact: keeps what the customer typed or chose in one field of the form. */
    setField: assign({
      values: ({ context }, event: ContactEvent) =>
        event.type === 'field.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    /** spec §5 contact: works out the message of each invalid field. */
    validate: assign({ errors: ({ context }) => contactErrors(context.values) }),
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: assign({ submitted: true }),
    /** spec §4, §8: the banner of a failed update (server message, else profile.updateError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'contact',
  description:
    'The edit of the contact data: e-mail, country, phone, address, pre-filled with the current data ' +
    '(spec §2 /app/update-contact).',
  context: freshContactContext,
  type: 'parallel',
  states: {
    form: {
      description: 'The form and its update.',
      meta: { spec: 'spec §2 /app/update-contact; spec §4 Contact and picture updates' },
      initial: 'loading',
      states: {
        loading: {
          description: 'The spinner: the current contact data are being read.',
          meta: { spec: 'spec §2 (pre-filled with current contact data); spec §7 get-contact' },
          invoke: {
            id: 'loadContact',
            src: 'loadContact',
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: contactAnswer },
                target: 'editing',
                description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasPrefill', params: contactAnswer },
                target: 'editing',
                actions: { type: 'prefill', params: contactAnswer },
                description: "spec §2: code '0' — the form is pre-filled with the current contact data",
              },
              {
                target: 'editing',
                description: 'the current data could not be read: the form shows empty — decision (docs/decisions.md, Common rules)',
              },
            ],
            onError: {
              target: 'editing',
              description: 'no answer: the form shows empty — decision (docs/decisions.md, Common rules)',
            },
          },
        },
        editing: {
          description:
            'The title profile.contactTitle, the e-mail, country select, phone and address fields, the button; ' +
            'the errors under the fields once a submit was tried; the banner of a failed update.',
          meta: { spec: 'spec §2 /app/update-contact; spec §5 Contact e-mail, country, phone, address; spec §9' },
          on: {
            'field.change': [
              {
                guard: 'wasSubmitted',
                actions: [{ type: 'setField', params: ({ event }) => event }, 'validate'],
                description: 'spec §5: after a submit attempt, the errors follow what the customer types',
              },
              {
                actions: { type: 'setField', params: ({ event }) => event },
                description: 'spec §5: before any submit attempt, no error is shown',
              },
            ],
            'contact.submit': [
              {
                guard: 'isFormValid',
                target: 'saving',
                actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
                description: 'spec §4, §5: a valid form is sent',
              },
              {
                actions: ['markSubmitted', 'validate'],
                description: 'spec §5: the errors show after a submit attempt and the fields are highlighted',
              },
            ],
          },
        },
        saving: {
          description: 'The busy button: the contact data are being saved.',
          meta: { spec: 'spec §4 Contact and picture updates; spec §7 update-contact' },
          invoke: {
            id: 'updateContact',
            src: 'updateContact',
            input: ({ context }) => updateRequestOf(context.values),
            onDone: [
              {
                guard: { type: 'isSessionEnded', params: updateAnswer },
                target: 'editing',
                description: "spec §4 Session: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'isUpdated', params: updateAnswer },
                target: 'sent',
                actions: [{ type: 'toastSent', params: { message: texts.contactSent } }, 'goToProfile'],
                description: "spec §2, §4: code '0' — the toast profile.contactSent and /app/profile",
              },
              {
                target: 'editing',
                actions: { type: 'showError', params: ({ event }) => ({ message: updateErrorOf(event.output) }) },
                description: 'spec §4: any other code shows the message; spec §8: an HTTP error shows profile.updateError',
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'showError', params: { message: texts.updateError } },
              description: 'spec §8 contact update HTTP failure: no answer (network failure, timeout)',
            },
          },
          on: {
            'contact.submit': { description: 'a double click sends one request: a submit while saving is ignored — decision (docs/decisions.md, Common rules)' },
          },
        },
        sent: {
          description: 'Saved: the app shows the toast and leaves for /app/profile.',
          meta: { spec: 'spec §2 /app/update-contact (toast, then /app/profile)' },
          type: 'final',
        },
      },
    },
    countries: {
      description: 'The countries of the select.',
      meta: { spec: 'spec §3 Country list item; spec §7 auth/v1/countries' },
      initial: 'loading',
      states: {
        loading: {
          description: 'The countries are being read; the select offers the current country meanwhile.',
          meta: { spec: 'spec §7 auth/v1/countries' },
          invoke: {
            id: 'loadCountries',
            src: 'loadCountries',
            onDone: [
              {
                guard: { type: 'hasCountries', params: countryAnswer },
                target: 'loaded',
                actions: { type: 'setCountries', params: countryAnswer },
                description: 'spec §3: the list of countries (code, name) fills the select',
              },
              {
                target: 'failed',
                description: 'the countries could not be read: nothing shown (as for currencies, spec §8)',
              },
            ],
            onError: {
              target: 'failed',
              description: 'no answer: nothing shown (as for currencies, spec §8)',
            },
          },
        },
        loaded: {
          description: 'The select offers the countries.',
          meta: { spec: 'spec §5 Contact country' },
        },
        failed: {
          description: 'Nothing shown; the select offers the current country only.',
          meta: { spec: 'spec §8 (currency load failure: nothing is shown), by analogy' },
        },
      },
    },
  },
})

// ---------------------------------------------------------------------------------------------
// What the screen shows, from a snapshot
// ---------------------------------------------------------------------------------------------

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
  const options =
    current !== '' && !countries.some((c) => c.code === current) ? [...countries, { code: current, name: current }] : countries
  return {
    loading: snapshot.matches({ form: 'loading' }),
    busy: snapshot.matches({ form: 'saving' }),
    values,
    errors,
    countries: options,
    error,
  }
}

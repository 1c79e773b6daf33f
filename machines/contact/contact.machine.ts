/**
 * The edit of the contact data (spec §2 /app/update-contact; §3 Contact, Country list item; §4
 * Contact and picture updates; §5 contact e-mail, country, phone, address; §8 contact update HTTP
 * failure; §9 address min 5, phone 6 to 10 digits).
 *
 * Two parallel regions:
 *
 *   form:      loading ──contact read──▶ editing ──contact.submit [valid]──▶ saving ──code '0'──▶ sent
 *                 │  (pre-filled)               ▲ (errors after a submit)      │ (toast "Envoyé", go to /app/profile)
 *                 │                             └── another code: the message; HTTP error or no answer:
 *                 │                                 profile.updateError; HTTP 403 / code '2': no message
 *                 └── not read ──▶ loadFailed (profile.loadError) ──contact.retry──▶ loading
 *   countries: loading ──list──▶ loaded, or failed (profile.countriesLoadError) ──countries.retry──▶ loading
 *
 * Choices (spec silent, documented in docs/decisions.md): when the current contact data cannot be
 * read, no form is shown (an empty one would invite the customer to overwrite her data unseen) but
 * the message of the profile page, profile.loadError, whose click reads them again; when the
 * countries cannot be read, profile.countriesLoadError with the same retry, and the select offers
 * the current country only, by its French name (the screen's), never by its code.
 */
import { assign, setup } from 'xstate'
import { profile as texts } from '../messages.ts'
import { formKit } from '../shared/formKit.ts'
import { contactErrors, countriesOf, freshContactContext, isUpdated, prefillOf, updateErrorOf, updateRequestOf } from './contact.rules.ts'
import type { ContactAnswer, ContactContext, ContactEvent, CountryListAnswer, ToastParams, UpdateContactAnswer, UpdateContactRequest } from './contact.types.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'

const contactAnswer = ({ event }: { event: { output: ContactAnswer } }) => event.output
const countryAnswer = ({ event }: { event: { output: CountryListAnswer } }) => event.output
const updateAnswer = ({ event }: { event: { output: UpdateContactAnswer } }) => event.output

const form = formKit<ContactContext, ContactEvent>((context) => contactErrors(context.values))

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: {
    /** GET get-contact → HTTP status and body. Provided by src/. */
    loadContact: stubActor<ContactAnswer, void>('loadContact'),
    /** GET auth/v1/countries → HTTP status and body. Provided by src/. */
    loadCountries: stubActor<CountryListAnswer, void>('loadCountries'),
    /** POST update-contact {phone, email, address, country} → HTTP status and body. Provided by src/. */
    updateContact: stubActor<UpdateContactAnswer, UpdateContactRequest>('updateContact'),
  },
  guards: {
    /** spec §5 contact: valid e-mail, a country, phone of 6 to 10 digits, address of at least 5 characters. */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: { status: number; body: { code?: string } | null }) => isSessionEnded(answer),
    /** spec §2 /app/update-contact: the current contact data came (HTTP success, code '0') to pre-fill the form. */
    hasPrefill: (_, answer: ContactAnswer) => prefillOf(answer) !== null,
    /** spec §3 Country list item, §7 auth/v1/countries: a list of countries came (HTTP success). */
    hasCountries: (_, answer: CountryListAnswer) => countriesOf(answer) !== null,
    /** spec §4 Contact and picture updates: code '0' is success. */
    isUpdated: (_, answer: UpdateContactAnswer) => isUpdated(answer),
  },
  actions: {
    /** A toast (spec §2: "Envoyé"). Provided by src/. */
    toastSent: (_, _params: ToastParams) => stubAction('toastSent')(),
    /** Goes to /app/profile. Provided by src/. */
    goToProfile: stubAction('goToProfile'),

    /** spec §2 /app/update-contact: pre-fills the form with the current contact data. */
    prefill: assign({ values: ({ context }, answer: ContactAnswer) => prefillOf(answer) ?? context.values }),
    /** spec §3 Country list item: the countries of the select; none when they could not be read. */
    setCountries: assign({ countries: (_, answer: CountryListAnswer) => countriesOf(answer) ?? [] }),
    /** spec §2 /app/update-contact: keeps what the customer typed or chose in one field of the form. */
    setField: form.setField,
    /** spec §5 contact: works out the message of each invalid field. */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
    /** spec §4, §8: the banner of a failed update (server message, else profile.updateError); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'contact',
  description: 'The edit of the contact data: e-mail, country, phone, address, pre-filled with the current data ' + '(spec §2 /app/update-contact).',
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
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'hasPrefill', params: contactAnswer },
                target: 'editing',
                actions: { type: 'prefill', params: contactAnswer },
                description: "spec §2: code '0' — the form is pre-filled with the current contact data",
              },
              {
                target: 'loadFailed',
                description:
                  'the current data could not be read (another code, an HTTP error): profile.loadError and a retry, no ' +
                  'form — decision (docs/decisions.md, Screen defects)',
              },
            ],
            onError: {
              target: 'loadFailed',
              description: 'no answer: profile.loadError and a retry, no form — decision (docs/decisions.md, Screen defects)',
            },
          },
        },
        loadFailed: {
          description: 'Instead of the form, the message profile.loadError as a button whose click reads the contact data again.',
          meta: { spec: 'spec §8 (load failures: the accounts message, cliquez pour réessayer), by analogy; decision (docs/decisions.md, Screen defects)' },
          on: {
            'contact.retry': {
              target: 'loading',
              description: 'the click on profile.loadError reads the contact data again (REQ-CHOICE-01) — decision (docs/decisions.md, Screen defects)',
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
                description: 'spec §4, §5, REQ-VAL-01: a valid form is sent',
              },
              {
                actions: ['markSubmitted', 'validate'],
                description: 'spec §5, REQ-VAL-01: the errors show after a submit attempt and the fields are highlighted',
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
                description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
              },
              {
                guard: { type: 'isUpdated', params: updateAnswer },
                target: 'sent',
                actions: [{ type: 'toastSent', params: { message: texts.contactSent } }, 'goToProfile'],
                description: "spec §2, §4, REQ-PROFILE-01, REQ-SCREEN-CONTACT-01: code '0' — the toast profile.contactSent and /app/profile",
              },
              {
                target: 'editing',
                actions: { type: 'showError', params: ({ event }) => ({ message: updateErrorOf(event.output) }) },
                description: 'spec §4, REQ-PROFILE-01, REQ-ERR-16: any other code shows the message; spec §8: an HTTP error shows profile.updateError',
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'showError', params: { message: texts.updateError } },
              description: 'spec §8 contact update HTTP failure (REQ-ERR-16): no answer (network failure, timeout)',
            },
          },
          on: {
            'contact.submit': {
              description: 'a double click sends one request (REQ-CHOICE-01): a submit while saving is ignored — decision (docs/decisions.md, Common rules)',
            },
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
                description:
                  'the countries could not be read: profile.countriesLoadError and a retry — decision (docs/decisions.md, ' +
                  'Self-service: contact data not read)',
              },
            ],
            onError: {
              target: 'failed',
              description: 'no answer: profile.countriesLoadError and a retry — decision (docs/decisions.md, Screen defects)',
            },
          },
        },
        loaded: {
          description: 'The select offers the countries.',
          meta: { spec: 'spec §5 Contact country' },
        },
        failed: {
          description:
            'The message profile.countriesLoadError as a button whose click reads the list again; the select offers the ' +
            'current country only, by its name.',
          meta: { spec: 'spec §8 (load failures: the accounts message, cliquez pour réessayer), by analogy; decision (docs/decisions.md, Screen defects)' },
          on: {
            'countries.retry': {
              target: 'loading',
              description: 'the click on profile.countriesLoadError reads the countries again — decision (docs/decisions.md, Screen defects)',
            },
          },
        },
      },
    },
  },
})

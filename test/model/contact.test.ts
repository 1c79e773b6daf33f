import { describe, expect, it } from 'vitest'
import { contactMachine } from '../../machines/contact/contact.machine.ts'
import { contactScreen, countryNameOf } from '../../machines/contact/contact.screen.ts'
import type { ContactAnswer, ContactEvent, ContactField, CountryListAnswer, UpdateContactAnswer } from '../../machines/contact/contact.types.ts'
import { profile as texts } from '../../machines/messages.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const type = (field: ContactField, value: string): ContactEvent => ({ type: 'field.change', field, value })
const submit: ContactEvent = { type: 'contact.submit' }
const retryContact: ContactEvent = { type: 'contact.retry' }
const retryCountries: ContactEvent = { type: 'countries.retry' }
const contactRead = (answer: ContactAnswer) => doneEvent('loadContact', answer)
const countriesRead = (answer: CountryListAnswer) => doneEvent('loadCountries', answer)
const updated = (answer: UpdateContactAnswer) => doneEvent('updateContact', answer)

const current: ContactAnswer = {
  status: 200,
  body: { code: '0', email: 'client@exemple.cd', phone: '0812345678', address: '12 avenue du Port', country: 'CD', photo: '' },
}
const countryList: CountryListAnswer = {
  status: 200,
  body: {
    countries: [
      { code: 'CD', name: 'RD Congo' },
      { code: 'FR', name: 'France' },
    ],
  },
}
const expired = { status: 403, body: { code: '2' } }

describe('contact machine — walk of every transition (spec §2 /app/update-contact, §4, §8)', () => {
  const walk = createWalk(contactMachine, {
    screen: contactScreen,
    events: [
      type('email', 'x'),
      submit,
      retryContact,
      retryCountries,
      contactRead(current),
      contactRead({ status: 500, body: null }),
      contactRead(expired),
      errorEvent('loadContact'),
      countriesRead(countryList),
      countriesRead({ status: 500, body: null }),
      errorEvent('loadCountries'),
      updated({ status: 200, body: { code: '0', message: 'Mis à jour' } }),
      updated({ status: 200, body: { code: '1', message: 'Adresse refusée' } }),
      updated(expired),
      errorEvent('updateContact'),
    ],
    stubActions: ['toastSent', 'goToProfile'],
    invariant: (snapshot) => {
      if (!snapshot.context.submitted) expect(snapshot.context.errors).toEqual({})
    },
  })
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const walk = createWalk(contactMachine, {
  events: [contactRead(current), countriesRead(countryList), updated({ status: 200, body: { code: '0' } })],
  stubActions: ['toastSent', 'goToProfile'],
})
const play = (...events: Array<ContactEvent | SyntheticEvent>) => walk.play(undefined, events)
const actorCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor').map((c) => [c.src, c.input])
const actionCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action').map((c) => [c.name, c.params])

describe('contact — loading (spec §2 pre-filled)', () => {
  it('reads the contact data and the countries; the form is pre-filled', async () => {
    const { snapshot, calls } = await play(contactRead(current), countriesRead(countryList))
    expect(
      actorCalls(calls)
        .map(([src]) => src)
        .sort(),
    ).toEqual(['loadContact', 'loadCountries'])
    expect(contactScreen(snapshot)).toMatchObject({
      loading: false,
      values: { email: 'client@exemple.cd', phone: '0812345678', address: '12 avenue du Port', country: 'CD' },
      countries: [
        { code: 'CD', name: 'RD Congo' },
        { code: 'FR', name: 'France' },
      ],
      errors: {},
      error: null,
    })
  })

  it('unreadable contact data: no form but profile.loadError, whose click reads them again', async () => {
    for (const failure of [errorEvent('loadContact'), contactRead({ status: 500, body: null }), contactRead({ status: 200, body: { code: '1' } })]) {
      const { snapshot } = await play(failure)
      expect(snapshot.matches({ form: 'loadFailed' })).toBe(true)
      expect(contactScreen(snapshot)).toMatchObject({ loading: false, loadError: texts.loadError })
    }
    const again = await play(errorEvent('loadContact'), retryContact)
    expect(contactScreen(again.snapshot)).toMatchObject({ loading: true, loadError: null })
    expect(actorCalls(again.calls).filter(([src]) => src === 'loadContact')).toHaveLength(2)
    const read = await play(errorEvent('loadContact'), retryContact, contactRead(current))
    expect(contactScreen(read.snapshot)).toMatchObject({ loading: false, loadError: null, values: { country: 'CD', email: 'client@exemple.cd' } })
    // A failure never submits: the form is not there to be sent.
    const sent = await play(errorEvent('loadContact'), submit)
    expect(actorCalls(sent.calls).filter(([src]) => src === 'updateContact')).toEqual([])
  })

  it('no country list: profile.countriesLoadError and a retry; the current country by its French name, never its code', async () => {
    const noList = await play(contactRead(current), errorEvent('loadCountries'))
    expect(contactScreen(noList.snapshot)).toMatchObject({ countriesError: texts.countriesLoadError, loadError: null })
    expect(contactScreen(noList.snapshot).countries).toEqual([{ code: 'CD', name: 'Congo-Kinshasa' }])
    const refused = await play(contactRead(current), countriesRead({ status: 500, body: null }))
    expect(contactScreen(refused.snapshot).countriesError).toBe(texts.countriesLoadError)
    // Meanwhile too (the list still loading), a name and not a code.
    expect(contactScreen((await play(contactRead(current))).snapshot).countries).toEqual([{ code: 'CD', name: 'Congo-Kinshasa' }])
    const again = await play(contactRead(current), errorEvent('loadCountries'), retryCountries, countriesRead(countryList))
    expect(contactScreen(again.snapshot)).toMatchObject({ countriesError: null, countries: countryList.body!.countries })
    expect(actorCalls(again.calls).filter(([src]) => src === 'loadCountries')).toHaveLength(2)
  })

  it('a country code the platform cannot name shows profile.savedCountry', () => {
    expect(countryNameOf('FR')).toBe('France')
    expect(countryNameOf('XX')).toBe(texts.savedCountry)
    expect(countryNameOf('not a code')).toBe(texts.savedCountry)
  })
})

describe('contact — the form (spec §5)', () => {
  it('a blank form shows the four required messages after a submit attempt', async () => {
    const { snapshot, calls } = await play(contactRead({ status: 200, body: { code: '0' } }), submit)
    expect(contactScreen(snapshot).errors).toEqual({
      email: "Saisir l'adresse email",
      country: 'Veuillez sélectionner un pays',
      phone: 'Saisir le numéro de téléphone',
      address: 'Saisir une adresse',
    })
    expect(actorCalls(calls).filter(([src]) => src === 'updateContact')).toEqual([])
  })

  it('format rules: e-mail, phone 6 to 10 digits, address min 5', async () => {
    const { snapshot } = await play(contactRead(current), type('email', 'client@'), type('phone', '12345'), type('address', 'rue'), submit)
    expect(snapshot.context.errors).toEqual({
      email: "Le format de l'email ne correspond pas",
      phone: 'Le numéro saisi est incorrect',
      address: "L'adresse saisie est trop courte",
    })
    const longPhone = await play(contactRead(current), type('phone', '12345678901'), submit)
    expect(longPhone.snapshot.context.errors).toEqual({ phone: 'Le numéro saisi est incorrect' })
  })

  it('no error before a submit attempt; the errors follow the typing after it', async () => {
    expect((await play(contactRead(current), type('email', 'x'))).snapshot.context.errors).toEqual({})
    const { snapshot } = await play(contactRead(current), type('email', 'x'), submit, type('email', 'a@b.cd'))
    expect(snapshot.context.errors).toEqual({})
  })
})

describe('contact — the update (spec §4, §8)', () => {
  it('sends the trimmed data once; code 0: toast "Envoyé" and the profile', async () => {
    const { snapshot, calls } = await play(
      contactRead(current),
      type('address', ' 5 rue Neuve '),
      submit,
      submit,
      updated({ status: 200, body: { code: '0' } }),
    )
    expect(actorCalls(calls).filter(([src]) => src === 'updateContact')).toEqual([
      ['updateContact', { phone: '0812345678', email: 'client@exemple.cd', address: '5 rue Neuve', country: 'CD' }],
    ])
    expect(snapshot.matches({ form: 'sent' })).toBe(true)
    expect(actionCalls(calls)).toEqual([
      ['toastSent', { message: 'Envoyé' }],
      ['goToProfile', undefined],
    ])
  })

  it('another code: the message; the form stays', async () => {
    const { snapshot } = await play(contactRead(current), submit, updated({ status: 200, body: { code: '1', message: 'Adresse refusée' } }))
    expect(contactScreen(snapshot)).toMatchObject({ busy: false, error: 'Adresse refusée' })
  })

  it.each([
    ['an HTTP error', updated({ status: 500, body: { code: '500', message: 'Erreur interne' } })],
    ['no answer', errorEvent('updateContact')],
  ])('%s: "Une erreur lors de votre transfert, veuillez réessayer"', async (_, event) => {
    const { snapshot } = await play(contactRead(current), submit, event)
    expect(contactScreen(snapshot).error).toBe('Une erreur lors de votre transfert, veuillez réessayer')
    expect(texts.updateError).toBe('Une erreur lors de votre transfert, veuillez réessayer')
  })

  it('HTTP 403 / code 2: no message (the session signs out)', async () => {
    const { snapshot, calls } = await play(contactRead(current), submit, updated(expired))
    expect(contactScreen(snapshot)).toMatchObject({ busy: false, error: null })
    expect(actionCalls(calls)).toEqual([])
  })
})

/** The actors of the contact machine (spec §7 get-contact, auth/v1/countries, update-contact). */
import { fromPromise } from 'xstate'
import type { ContactAnswer, CountryListAnswer, UpdateContactAnswer, UpdateContactRequest } from '../../../machines/contact/contact.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const loadContact = fromPromise<ContactAnswer, void>(({ signal }) => answerOf(api.GET('/api/rest/customer/v1/get-contact', { parseAs: 'text', signal })))

export const loadCountries = fromPromise<CountryListAnswer, void>(({ signal }) => answerOf(api.GET('/auth/v1/countries', { parseAs: 'text', signal })))

export const updateContact = fromPromise<UpdateContactAnswer, UpdateContactRequest>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/update-contact', { body: input, parseAs: 'text', signal })),
)

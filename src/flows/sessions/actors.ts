/** The actors of the "Sessions et appareils" machine (rulings §9.4: GET sessions, POST sessions/end, POST sessions/end-others). */
import { fromPromise } from 'xstate'
import type { CloseOthersAnswer, CloseSessionAnswer, CloseSessionInput, SessionListAnswer } from '../../../machines/sessions/sessions.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const loadSessions = fromPromise<SessionListAnswer>(({ signal }) => answerOf(api.GET('/api/rest/customer/v1/sessions', { parseAs: 'text', signal })))

export const closeSession = fromPromise<CloseSessionAnswer, CloseSessionInput>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/sessions/end', { body: { id: input.id }, parseAs: 'text', signal })),
)

export const closeOtherSessions = fromPromise<CloseOthersAnswer>(({ signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/sessions/end-others', { parseAs: 'text', signal })),
)

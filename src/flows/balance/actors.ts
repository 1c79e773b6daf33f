/** The actors of the balance machine (spec §7 POST balance). */
import { fromPromise } from 'xstate'
import type { BalanceAnswer, LoadBalanceInput } from '../../../machines/balance/balance.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const loadBalance = fromPromise<BalanceAnswer, LoadBalanceInput>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/balance', { body: { code: input.compte, currency: input.currency }, parseAs: 'text', signal })),
)

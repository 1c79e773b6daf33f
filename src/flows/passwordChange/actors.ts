/** The actor of the password change machine (spec §7 POST change-password). */
import { fromPromise } from 'xstate'
import type { ChangePasswordAnswer, ChangePasswordRequest } from '../../../machines/passwordChange/passwordChange.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const changePassword = fromPromise<ChangePasswordAnswer, ChangePasswordRequest>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/change-password', { body: input, parseAs: 'text', signal })),
)

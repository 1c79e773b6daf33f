/** The actors of the PIN reset machine (spec §7 POST auth/v1/password/ask and password/confirm). */
import { fromPromise } from 'xstate'
import type { PinResetAskAnswer, PinResetAskRequest, PinResetConfirmAnswer, PinResetConfirmRequest } from '../../../machines/pinReset/pinReset.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'

export const askPinReset = fromPromise<PinResetAskAnswer, PinResetAskRequest>(({ input, signal }) =>
  answerOf(api.POST('/auth/v1/password/ask', { body: input, parseAs: 'text', signal })),
)

export const confirmPinReset = fromPromise<PinResetConfirmAnswer, PinResetConfirmRequest>(({ input, signal }) =>
  answerOf(api.POST('/auth/v1/password/confirm', { body: input, parseAs: 'text', signal })),
)

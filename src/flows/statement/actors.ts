/** The actors of the statement machine (spec §7 POST statements, GET download/pdf/{id}). */
import { fromPromise } from 'xstate'
import type { DownloadFileInput, StatementAnswer, StatementRequest } from '../../../machines/statement/statement.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'
import { saveStatementFile } from '../../api/download'

export const loadStatement = fromPromise<StatementAnswer, StatementRequest>(({ input, signal }) =>
  // A stream: the body is read once, by the session check (a long statement is megabytes of JSON).
  answerOf(api.POST('/api/rest/customer/v1/statements', { body: input, parseAs: 'stream', signal })),
)

export const downloadFile = fromPromise<void, DownloadFileInput>(({ input }) => saveStatementFile(input.filename))

/** The actors of the statement machine (spec §7 POST statements; download/link for the files). */
import { fromPromise } from 'xstate'
import type { DownloadFileInput, DownloadLinkAnswer, SaveFile, StatementAnswer, StatementRequest } from '../../../machines/statement/statement.types'
import { answerOf } from '../../api/actors'
import { api } from '../../api/client'
import { apiBaseUrl } from '../../config'

export const loadStatement = fromPromise<StatementAnswer, StatementRequest>(({ input, signal }) =>
  // A stream: the body is read once, by the session check.
  answerOf(api.POST('/api/rest/customer/v1/statements', { body: input, parseAs: 'stream', signal })),
)

/** POST download/link: the signed, single-use link of `{filename}.pdf|csv`. */
export const downloadLink = fromPromise<DownloadLinkAnswer, DownloadFileInput>(({ input, signal }) =>
  answerOf(api.POST('/api/rest/customer/v1/download/link', { body: { id: input.filename }, parseAs: 'stream', signal })),
)

/**
 * The browser downloads the file itself: a link to the signed address, clicked. The answer is an
 * attachment, so the page stays and the browser's download manager shows the progress and writes
 * the file to disk; no time limit of the page's requests applies, nothing is held in the page.
 */
export function saveFile({ url, filename }: SaveFile): void {
  const href = new URL(`${apiBaseUrl.replace(/\/$/, '')}${url}`, window.location.href).href
  const link = Object.assign(document.createElement('a'), { href, download: filename, rel: 'noopener' })
  document.body.append(link)
  link.click()
  link.remove()
}

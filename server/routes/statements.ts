/**
 * Statements (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): the lines of one
 * account between two dates, the statement record they are downloaded from, and its PDF and CSV,
 * produced from the ledger at download time. Rules in domain/statements.ts and statement-pdf.ts (drawn in a worker thread: statement-pdf-stream.ts).
 * The portal downloads the files through signed single-use links (download/link, /api/rest/download/v1/statement;
 * domain/download-links.ts), so that the browser's own download manager fetches them.
 */
import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { api } from '../../kernel/messages.ts'
import { LINK_SECONDS, loadLinkKey, signLink, useLinkOnce, verifyLink } from '../domain/download-links.ts'
import type { StatementFacts } from '../domain/statement-pdf.ts'
import { PDF_RETRY_SECONDS } from '../domain/statement-pdf-stream.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import type { StatementPdfs } from '../domain/statement-pdf-stream.ts'
import {
  checkStatementRequest,
  createStatementFile,
  findStatementFile,
  periodOf,
  statementCsv,
  statementJson,
  statementScreenPage,
  statementSummary,
  STATEMENT_PAGE_SIZE,
  type StatementAccount,
  type StatementFile,
} from '../domain/statements.ts'
import { searchOf } from '../../kernel/statementSearch.ts'
import { statementChart } from '../domain/statement-chart.ts'
import type { Period } from '../domain/statement-lines.ts'
import { statementFoundPage } from '../domain/statement-search.ts'
import { signedIn } from './signed-in.ts'

/** Where a signed link is opened (/api/rest/download/v1/statement?link=…, outside the customer calls: no session), under the API base address. */
const LINK_PATH = '/api/rest/download/v1/statement?link='

export function statementRoutes(ctx: AppContext, pdfs: StatementPdfs): Handlers {
  const tooManyLines = api.statement.tooManyLines(ctx.config.statementMaxRows)
  // The links' key, read (or made) once, at the first link.
  let key: Promise<Buffer> | undefined
  const linkKey = () => (key ??= loadLinkKey(ctx.db).catch((error: unknown) => ((key = undefined), Promise.reject(error))))
  /** The period's summary when its lines are within STATEMENT_MAX_ROWS, else undefined. */
  const withinCap = async (account: Pick<StatementAccount, 'id'>, period: Period) => {
    const summary = await statementSummary(ctx.db, account.id, period)
    return summary.count > ctx.config.statementMaxRows ? undefined : summary
  }
  return {
    async statements(call) {
      const { customerId } = signedIn(call)
      const checked = await checkStatementRequest(ctx.db, customerId, call.body, ctx.config.timeZone)
      if (!checked.ok) return { status: 200, body: { code: '0', status: '1', message: checked.message } }
      const { period } = checked
      const summary = await withinCap(checked.account, period)
      if (!summary) return { status: 200, body: { code: '0', status: '1', message: tooManyLines } }
      const { page, size } = call.body
      // Issue 27: the lines that match a search (label, reference, amount); blank is no search.
      const search = searchOf(call.body.search)
      if (page === undefined) {
        // spec §7 as written: every line, streamed as JSON page by page of the ledger. With a
        // search, the lines that match it and no file name: the files hold the whole period.
        const filename = search ? null : await createStatementFile(ctx.db, customerId, checked.account, call.body, ctx.now())
        return call.reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(Readable.from(statementJson(ctx.db, checked.account, period, filename, search)))
      }
      // One page of the screen; the first also carries the file name, the totals and the chart.
      const pageSize = size ?? STATEMENT_PAGE_SIZE
      if (search) {
        // A page of the lines that match, counted over the whole period, and on page 0 their
        // totals; no file name nor summary (the screen has the period's from its first page).
        const { found, transactions } = await statementFoundPage(ctx.db, checked.account, period, search, page * pageSize, pageSize)
        const answer = { code: '0', status: '0', transactions, count: found.count, page, size: pageSize }
        if (page > 0) return { status: 200, body: answer }
        return { status: 200, body: { ...answer, found: { totalDebits: found.totalDebits, totalCredits: found.totalCredits } } }
      }
      const transactions = await statementScreenPage(ctx.db, checked.account, period, page * pageSize, pageSize)
      const paging = { count: summary.count, page, size: pageSize }
      if (page > 0) return { status: 200, body: { code: '0', status: '0', transactions, ...paging } }
      const filename = await createStatementFile(ctx.db, customerId, checked.account, call.body, ctx.now())
      const balances = await statementChart(ctx.db, checked.account.id, period, summary)
      const { opening, closing, totalDebits, totalCredits, lowest, highest } = summary
      return {
        status: 200,
        body: {
          code: '0',
          status: '0',
          filename,
          transactions,
          ...paging,
          summary: { opening, closing, totalDebits, totalCredits, lowest, highest, balances },
        },
      }
    },

    async statementReport(call) {
      const { customerId } = signedIn(call)
      // `transactions` of the body is ignored: the files are made from the ledger.
      const checked = await checkStatementRequest(ctx.db, customerId, call.body, ctx.config.timeZone)
      if (!checked.ok) return { status: 200, body: { code: '0', status: '1', message: checked.message } }
      const { period } = checked
      if (!(await withinCap(checked.account, period))) return { status: 200, body: { code: '0', status: '1', message: tooManyLines } }
      const filename = await createStatementFile(ctx.db, customerId, checked.account, call.body, ctx.now())
      return { status: 200, body: { code: '0', status: '0', filename } }
    },

    async downloadStatement(call) {
      const { customerId } = signedIn(call)
      const id = call.params.id
      const match = /^(.+)\.(pdf|csv)$/.exec(id)
      const file = match ? await findStatementFile(ctx.db, customerId, match[1]!) : undefined
      // Unknown or another customer's: the same 404.
      if (!match || !file) return { status: 404, body: { message: api.notFound } }
      const ready = await readyToSend(file, match[2] as 'pdf' | 'csv', customerId)
      if (!ready.ok) return refusal(call.reply, ready)
      return send(call.reply, file, match[2] as 'pdf' | 'csv', customerId, ready.facts)
    },

    async statementDownloadLink(call) {
      const { customerId } = signedIn(call)
      const match = /^(.+)\.(pdf|csv)$/.exec(call.body.id)
      const file = match ? await findStatementFile(ctx.db, customerId, match[1]!) : undefined
      if (!match || !file) return { status: 404, body: { message: api.notFound } }
      // Refused here rather than by the link: the page can say why, the browser's download could not.
      const ready = await readyToSend(file, match[2] as 'pdf' | 'csv', customerId)
      if (!ready.ok) return refusal(call.reply, ready)
      const { link } = signLink(await linkKey(), { file: file.id, format: match[2] as 'pdf' | 'csv', customer: customerId }, ctx.now())
      return { status: 200, body: { code: '0', url: `${LINK_PATH}${link}`, expiresIn: LINK_SECONDS } }
    },

    async downloadStatementByLink(call) {
      const now = ctx.now()
      const claims = verifyLink(await linkKey(), call.query.link, now)
      // Not signed here, expired, used already, or its statement gone: the same 404.
      const file = claims ? await findStatementFile(ctx.db, claims.customer, claims.file) : undefined
      if (!claims || !file || !(await useLinkOnce(ctx.db, claims, now))) return { status: 404, body: { message: api.notFound } }
      const ready = await readyToSend(file, claims.format, claims.customer)
      if (!ready.ok) return refusal(call.reply, ready)
      return send(call.reply, file, claims.format, claims.customer, ready.facts)
    },
  }

  type Ready = { ok: true; facts: StatementFacts } | { ok: false; status: 422 | 503; message: string }

  /**
   * Whether a file may be sent now: the ledger may have grown since the statement was asked for
   * (the cap is checked again), and a PDF waits for a worker in a queue of bounded length, one at a
   * time per customer (statement-pdf-stream.ts).
   */
  async function readyToSend(file: StatementFile, format: 'pdf' | 'csv', customerId: string): Promise<Ready> {
    const period = await periodOf(ctx.db, file.startDate, file.endDate, ctx.config.timeZone)
    const summary = await withinCap({ id: file.accountId }, period)
    if (!summary) return { ok: false, status: 422, message: tooManyLines }
    if (format === 'pdf') {
      const admission = pdfs.admit(customerId)
      if (admission !== 'ok') return { ok: false, status: 503, message: admission === 'busy' ? api.statement.busy : api.statement.oneAtATime }
    }
    return { ok: true, facts: { period, summary } }
  }

  function refusal(reply: FastifyReply, ready: Extract<Ready, { ok: false }>) {
    if (ready.status === 503) reply.header('retry-after', String(PDF_RETRY_SECONDS))
    return reply.code(ready.status).send({ code: '1', message: ready.message })
  }

  function send(reply: FastifyReply, file: StatementFile, format: 'pdf' | 'csv', customerId: string, facts: StatementFacts) {
    const name = `${file.id}.${format}`
    reply.code(200).header('content-disposition', `attachment; filename="${name}"`)
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(Readable.from(statementCsv(ctx.db, file, ctx.config.timeZone)))
    const context = { bankName: ctx.config.bankName, timeZone: ctx.config.timeZone, now: ctx.now() }
    return reply.type('application/pdf').send(pdfs.stream(ctx.db, file, facts, context, customerId))
  }
}

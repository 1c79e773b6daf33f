/**
 * Statements (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): the lines of one
 * account between two dates, the statement record they are downloaded from, and its PDF and CSV,
 * produced from the ledger at download time. Rules in domain/statements.ts and statement-pdf.ts (drawn in a worker thread: statement-pdf-stream.ts).
 */
import { Readable } from 'node:stream'
import { api } from '../../machines/messages.ts'
import type { Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import type { StatementPdfs } from '../domain/statement-pdf-stream.ts'
import {
  checkStatementRequest,
  createStatementFile,
  findStatementFile,
  periodOf,
  statementCsv,
  statementLines,
  statementSummary,
  type Period,
  type StatementAccount,
  type StatementLine,
} from '../domain/statements.ts'
import { signedIn } from './signed-in.ts'

export function statementRoutes(ctx: AppContext, pdfs: StatementPdfs): Handlers {
  const tooManyLines = api.statement.tooManyLines(ctx.config.statementMaxRows)
  /** The period's summary when its lines are within STATEMENT_MAX_ROWS, else undefined. */
  const withinCap = async (account: Pick<StatementAccount, 'id'>, period: Period) => {
    const summary = await statementSummary(ctx.db, account.id, period)
    return summary.count > ctx.config.statementMaxRows ? undefined : summary
  }
  return {
    async statements(call) {
      const { customerId } = signedIn(call)
      const checked = await checkStatementRequest(ctx.db, customerId, call.body)
      if (!checked.ok) return { status: 200, body: { code: '0', status: '1', message: checked.message } }
      const period = await periodOf(ctx.db, call.body.startDate, call.body.endDate, ctx.config.timeZone)
      if (!(await withinCap(checked.account, period))) return { status: 200, body: { code: '0', status: '1', message: tooManyLines } }
      // At most STATEMENT_MAX_ROWS lines: the answer is one JSON document.
      const transactions: StatementLine[] = []
      for await (const line of statementLines(ctx.db, checked.account, period)) transactions.push(line)
      const filename = await createStatementFile(ctx.db, customerId, checked.account, call.body, ctx.now())
      return { status: 200, body: { code: '0', status: '0', filename, transactions } }
    },

    async statementReport(call) {
      const { customerId } = signedIn(call)
      // `transactions` of the body is ignored: the files are made from the ledger.
      const checked = await checkStatementRequest(ctx.db, customerId, call.body)
      if (!checked.ok) return { status: 200, body: { code: '0', status: '1', message: checked.message } }
      const period = await periodOf(ctx.db, call.body.startDate, call.body.endDate, ctx.config.timeZone)
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
      // The ledger may have grown since the statement was asked for: the cap is checked again.
      const period = await periodOf(ctx.db, file.startDate, file.endDate, ctx.config.timeZone)
      const summary = await withinCap({ id: file.accountId }, period)
      if (!summary) return { status: 422, body: { code: '1', message: tooManyLines } }
      const reply = call.reply.code(200).header('content-disposition', `attachment; filename="${id}"`)
      if (match[2] === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(Readable.from(statementCsv(ctx.db, file, ctx.config.timeZone)))
      }
      const context = { bankName: ctx.config.bankName, timeZone: ctx.config.timeZone, now: ctx.now() }
      return reply.type('application/pdf').send(pdfs.stream(ctx.db, file, { period, summary }, context))
    },
  }
}

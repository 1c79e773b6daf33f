/**
 * Transfers to another account, to a mobile-money number and to a prepaid card, in two steps
 * (spec §4 Transfers, rulings §4), their receipt, and the payees used most (used-freq); the
 * customer's own transfers and the cancellation of a pending one (My transfers, rulings §9.1); the
 * rate and the debit before asking (rulings §9.3).
 * The rules are in domain/transfer-ask.ts, transfer-confirm.ts, transfer-cancel.ts and transfers.ts;
 * this file turns outcomes into the contract's answers.
 */
import { api } from '../../kernel/messages.ts'
import type { Call, ContractReply, Handlers } from '../http/contract.ts'
import type { AppContext } from '../context.ts'
import { securityEvent } from '../http/security-log.ts'
import type { FastifyReply } from 'fastify'
import { callerOf, sessionRefused } from '../http/auth.ts'
import { isRefusal } from '../domain/sessions.ts'
import { askTransfer, type AskInput } from '../domain/transfer-ask.ts'
import { cancelByCustomer } from '../domain/transfer-cancel.ts'
import { confirmTransfer } from '../domain/transfer-confirm.ts'
import { findExecuted, frequentPayees } from '../domain/transfers.ts'
import { myTransfers } from '../domain/my-transfers.ts'
import type { LeasedMessage } from '../domain/outbox.ts'
import { quote } from '../domain/rates.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { operations } from '../../openapi/schema.d.ts'
import { signedIn } from './signed-in.ts'

/** My transfers: transfers per page when the call does not say. */
const MY_TRANSFERS_PAGE = 20

type AskId = 'askTransfer' | 'askWalletTransfer' | 'askCardTransfer'
type ConfirmId = 'confirmTransfer' | 'confirmWalletTransfer' | 'confirmCardTransfer'

export function transferRoutes(ctx: AppContext): Handlers {
  const settings = async () => ({
    now: ctx.now(),
    lifetimeSeconds: ctx.config.codeLifetimeSeconds,
    bankName: ctx.config.bankName,
    timeZone: ctx.config.timeZone,
    askLimit: { max: ctx.config.transferAskLimit, windowMs: ctx.config.transferAskWindowMinutes * 60_000 },
    codeKey: await ctx.codeKey(),
    lease: ctx.outboxLease(),
  })

  const sendNow = (leased: readonly LeasedMessage[]) => (leased.length ? ctx.outboxLeased(leased) : ctx.outboxWritten())

  // The ask and the confirm check the caller's session in their own statement (http/auth.ts, SESSION_IN_STATEMENT).
  async function ask<Id extends AskId>(call: Call<Id>, input: AskInput): Promise<ContractReply<Id> | FastifyReply> {
    const s = await settings()
    const outcome = await askTransfer(ctx.db, callerOf(ctx, call.request, s.now), input, s)
    if (isRefusal(outcome)) return sessionRefused(call.reply, outcome)
    // The code's SMS and e-mail, awaited by the customer: sent now by this process when leased to it, else at once by its sender's round.
    if (outcome.ok) sendNow(outcome.leased)
    const body = outcome.ok
      ? {
          status: '0',
          code: outcome.reference,
          message: outcome.message,
          solde: outcome.solde,
          currency: outcome.currency,
          currencySent: outcome.currencySent,
          amount: outcome.amount,
          debitAmount: outcome.debitAmount,
          payee: outcome.payee,
          expiresAt: outcome.expiresAt.toISOString(),
        }
      : { status: '1', message: outcome.message }
    return { status: 200, body } as ContractReply<Id>
  }

  async function confirm<Id extends ConfirmId>(call: Call<Id>, kind: TransferKind): Promise<ContractReply<Id> | FastifyReply> {
    const { code, token } = call.body as { code: string; token: string }
    const s = await settings()
    const outcome = await confirmTransfer(ctx.db, callerOf(ctx, call.request, s.now), kind, code, token, s)
    if (isRefusal(outcome)) return sessionRefused(call.reply, outcome)
    // rulings §6.1, REQ-XFER-05: a wrong code with tries left is an HTTP error (the code form stays); a 200 with
    // status '1' is kept for a transfer that is over, where no code can succeed any more.
    if (!outcome.ok && 'wrongCode' in outcome) {
      const { description, triesLeft } = outcome
      securityEvent(call.request, 'transfer.codeRefused', { kind, triesLeft })
      return { status: 422, body: { code: '1', message: description, description, triesLeft } } as ContractReply<Id>
    }
    if (outcome.ok) {
      sendNow(outcome.leased)
      securityEvent(call.request, 'transfer.confirmed', { kind, reference: outcome.reference, customer: signedIn(call.request).customerId })
    } else securityEvent(call.request, 'transfer.refused', { kind })
    const body = outcome.ok
      ? {
          status: '0',
          code: '0',
          message: outcome.message,
          description: api.transfer.executed,
          solde: outcome.balance,
          currency: outcome.currency,
          reference: outcome.reference,
          executedAt: outcome.executedAt.toISOString(),
        }
      : {
          status: '1',
          description: outcome.description,
          ...(outcome.triesLeft !== undefined ? { triesLeft: outcome.triesLeft } : {}),
          ...(outcome.reference !== undefined ? { reference: outcome.reference } : {}),
        }
    return { status: 200, body } as ContractReply<Id>
  }

  return {
    askTransfer: (call) => ask(call, { kind: 'account', ...call.body }),
    askWalletTransfer: (call) => ask(call, { kind: 'momo', ...call.body }),
    askCardTransfer: (call) => ask(call, { kind: 'card', ...call.body }),
    confirmTransfer: (call) => confirm(call, 'account'),
    confirmWalletTransfer: (call) => confirm(call, 'momo'),
    confirmCardTransfer: (call) => confirm(call, 'card'),

    async transferReceipt(call) {
      const transfer = await findExecuted(ctx.db, signedIn(call).customerId, call.params.reference)
      // Unknown, pending, cancelled or another customer's: the same 404.
      if (!transfer) return { status: 404, body: { message: api.notFound } }
      // PDFKit and its fonts load with the first receipt, not with every start of the server.
      const { receiptPdf } = await import('../domain/receipt.ts')
      const pdf = await receiptPdf(transfer, { bankName: ctx.config.bankName, timeZone: ctx.config.timeZone })
      return call.reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="recu-${transfer.reference}.pdf"`)
        .send(Buffer.from(pdf))
    },

    async myTransfers(call) {
      // Every parameter is optional, so the generated type marks `query` itself optional.
      const q = call.query as unknown as operations['myTransfers']['parameters']['query']
      const query = { before: q?.before, size: q?.size ?? MY_TRANSFERS_PAGE, state: q?.state, kind: q?.kind }
      const page = await myTransfers(ctx.db, signedIn(call).customerId, query, ctx.now())
      // A cursor that is not one of the customer's own references: the same 404 as any other object.
      if (!page.found) return { status: 404, body: { message: api.notFound } }
      return { status: 200, body: { code: '0', transfers: page.transfers, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } }
    },

    async cancelTransfer(call) {
      const outcome = await cancelByCustomer(ctx.db, signedIn(call).customerId, call.body.code, ctx.now())
      if (!outcome.ok && outcome.notFound) return { status: 404, body: { message: api.notFound } }
      if (outcome.ok) securityEvent(call.request, 'transfer.cancelled', { reference: call.body.code, customer: signedIn(call).customerId })
      return {
        status: 200,
        body: outcome.ok
          ? { status: '0', description: outcome.description, state: 'cancelled' }
          : { status: '1', description: outcome.description, state: outcome.state },
      }
    },

    async exchangeRate(call) {
      signedIn(call)
      const outcome = await quote(ctx.db, call.body, ctx.now())
      if (!outcome.ok) return { status: 200, body: { code: '1', message: outcome.message } }
      const { ok: _, validFrom, ...rest } = outcome
      return { status: 200, body: { code: '0', ...rest, ...(validFrom ? { validFrom: validFrom.toISOString() } : {}) } }
    },

    async frequentlyUsed(call) {
      const kind = call.params.id === '1' ? 'account' : 'momo'
      const payees = await frequentPayees(ctx.db, signedIn(call).customerId, kind)
      return { status: 200, body: { code: '0', comptes: payees.map((p) => p.compte), payees } }
    },
  }
}

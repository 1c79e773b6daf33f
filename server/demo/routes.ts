/**
 * Demo-mode tools (rulings §5, REQ-DEMO-02): the outbox (JSON and a readable page) and the fault injector (its
 * page for QA is faults-page-routes.ts).
 * Registered only in demo mode; otherwise these paths answer 404 like any unknown path.
 */
import type { FastifyInstance } from 'fastify'
import { devFaults, devOutbox } from '../../kernel/messages/devTools.ts'
import type { Handlers } from '../http/contract.ts'
import { customerExists, normalUserCode, USER_CODE_FORMAT, type Fault, type FaultStore } from './faults.ts'
import { escapeHtml } from '../http/html.ts'
import type { AppContext } from '../context.ts'
import { listOutbox, type OutboxMessage } from '../domain/outbox.ts'

export function devRoutes(ctx: AppContext, faults: FaultStore): Handlers {
  return {
    async devOutbox() {
      return { status: 200, body: await listOutbox(ctx.db) }
    },
    async devListFaults() {
      return { status: 200, body: faults.list() }
    },
    async devAddFault({ body }) {
      const refusal = await faultRefusal(ctx, body)
      if (refusal) return { status: 400, body: { code: '400', message: refusal.message, errors: [refusal] } }
      return { status: 200, body: faults.add(body.customer === undefined ? body : { ...body, customer: normalUserCode(body.customer) }) }
    },
    async devClearFaults({ query }) {
      // The contract's only optional-only query: contract.ts types it as absent, the request carries it.
      const scope = (query as { customer?: string } | undefined)?.customer
      if (scope === undefined) faults.clear()
      else {
        const customer = normalUserCode(scope)
        if (!USER_CODE_FORMAT.test(customer)) return { status: 400, body: customerRefusal(devFaults.errors.customerFormat) }
        faults.clear(customer)
      }
      return { status: 200, body: { code: '0' } }
    },
  }
}

const customerRefusal = (message: string) => ({ code: '400' as const, message, errors: [{ field: 'customer', message }] })

/**
 * Why a fault cannot be added, beyond the contract's schema: a scope that names no customer, or a
 * lost answer that would also answer something. Nothing is added then.
 */
export async function faultRefusal(ctx: AppContext, fault: Fault): Promise<{ field: string; message: string } | undefined> {
  const e = devFaults.errors
  if (fault.loseAnswer && (fault.status !== undefined || 'body' in fault || fault.dropConnection)) return { field: 'loseAnswer', message: e.loseWithAnswer }
  if (fault.customer === undefined) return undefined
  const customer = normalUserCode(fault.customer)
  if (!USER_CODE_FORMAT.test(customer)) return { field: 'customer', message: e.customerFormat }
  if (!(await customerExists(ctx.db, customer))) return { field: 'customer', message: e.unknownCustomer(customer) }
  return undefined
}

/** /__dev/outbox.html: not part of the contract, a page for people. */
export function registerOutboxPage(app: FastifyInstance, ctx: AppContext): void {
  app.get('/__dev/outbox.html', async (_request, reply) => {
    const html = outboxPage(await listOutbox(ctx.db), ctx.config.bankName)
    return reply.type('text/html; charset=utf-8').send(html)
  })
  // The CSP forbids inline styles, so the page's few rules are a file of their own.
  app.get('/__dev/outbox.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(OUTBOX_CSS))
}

const OUTBOX_CSS = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f2f2f2}td.text{white-space:pre-wrap}`

function outboxPage(messages: OutboxMessage[], bankName: string): string {
  const t = devOutbox
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.to)}</td><td class="text">${escapeHtml(m.text)}</td><td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></td></tr>`,
    )
    .join('\n')
  const body = messages.length
    ? `<table><thead><tr><th scope="col">${t.channel}</th><th scope="col">${t.to}</th><th scope="col">${t.text}</th><th scope="col">${t.createdAt}</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`
    : `<p>${t.empty}</p>`
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)} — ${escapeHtml(bankName)}</title>
<link rel="stylesheet" href="/__dev/outbox.css"></head>
<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>
${body}
</main></body></html>
`
}

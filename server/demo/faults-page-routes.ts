/**
 * /__dev/faults.html (rulings §5, demo mode only): the fault injector as a page for QA. Plain HTML
 * forms post back here (urlencoded); a post that changes something answers 303 back to the page
 * (so a reload never posts twice), with the confirmation named in the query; a refused custom
 * form answers 400 with the page, its values kept and its errors shown, and adds nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { devFaults } from '../../kernel/messages/devTools.ts'
import type { AppContext } from '../context.ts'
import { customerOfForm, faultOfForm, panelOperations, readFaultForm } from './fault-form.ts'
import { scenarioById } from './fault-scenarios.ts'
import { FAULTS_CSS, FAULTS_PAGE, faultsPage, scenarioTitle, type FaultsPageModel } from './faults-page.ts'
import type { ContractOperation } from '../http/contract.ts'
import { customerExists, type FaultStore } from './faults.ts'

const t = devFaults
/** The page's forms are small; a larger body is refused before it is parsed. */
const FORM_LIMIT = 16 * 1024

export async function registerFaultsPage(
  app: FastifyInstance,
  ctx: AppContext,
  store: FaultStore,
  contractOperations: readonly ContractOperation[],
): Promise<void> {
  const operations = panelOperations(contractOperations)
  const render = (reply: FastifyReply, model: Omit<FaultsPageModel, 'bankName' | 'faults' | 'operations'>, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(faultsPage({ bankName: ctx.config.bankName, faults: store.list(), operations, ...model }))

  // A plugin of its own: the urlencoded parser exists only for these routes, never for the
  // contract's, which take JSON alone.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) =>
      done(null, new URLSearchParams(body as string)),
    )

    scope.get(FAULTS_PAGE, async (request, reply) => {
      const query = request.query as Record<string, string>
      return render(reply, { notice: confirmation(query), customer: customerOfForm(String(query.customer ?? '')) ?? '' })
    })

    /** Why a customer typed on the page cannot scope a fault, or undefined when it can (or is empty). */
    const customerRefusal = async (customer: string | undefined | null): Promise<string | undefined> => {
      if (customer === null) return t.errors.customerFormat
      if (customer !== undefined && !(await customerExists(ctx.db, customer))) return t.errors.unknownCustomer(customer)
      return undefined
    }

    scope.post(FAULTS_PAGE, async (request, reply) => {
      // A page of another site could post this form from the tester's browser (a form post needs
      // no CORS preflight, unlike the JSON API): refused.
      if (!sameOrigin(request)) return render(reply, { notice: { kind: 'error', text: t.errors.crossOrigin } }, 403)
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
      switch (form.get('action')) {
        case 'clear': {
          const customer = customerOfForm(form.get('customer') ?? '')
          if (customer === null) return render(reply, { notice: { kind: 'error', text: t.errors.customerFormat } }, 400)
          store.clear(customer)
          return back(reply, 'cleared', { customer })
        }
        case 'scenario': {
          const id = form.get('scenario') ?? ''
          const scenario = scenarioById(id)
          const typed = form.get('customer') ?? ''
          const customer = customerOfForm(typed)
          const refusal = await customerRefusal(customer)
          if (refusal) return render(reply, { customer: typed, customerError: refusal, notice: { kind: 'error', text: refusal } }, 400)
          if (!scenario) return render(reply, { notice: { kind: 'error', text: t.errors.unknownScenario } }, 400)
          // A scenario replaces what was in force (for its customer only, when it names one), so that
          // its faults are the first to match.
          store.clear(customer ?? undefined)
          for (const fault of scenario.faults) store.add(customer ? { ...fault, customer } : fault)
          return back(reply, 'scenario', { scenario: id, customer })
        }
        case 'custom': {
          const values = readFaultForm(form)
          const outcome = faultOfForm(values, operations)
          if (outcome.errors) return render(reply, { form: values, errors: outcome.errors }, 400)
          const refusal = await customerRefusal(outcome.fault.customer)
          if (refusal) return render(reply, { form: values, errors: { customer: refusal } }, 400)
          store.add(outcome.fault)
          return back(reply, 'added', { customer: outcome.fault.customer })
        }
        default:
          return render(reply, { notice: { kind: 'error', text: t.errors.unknownAction } }, 400)
      }
    })

    scope.get('/__dev/faults.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(FAULTS_CSS))
  })
}

type Done = 'added' | 'cleared' | 'scenario'

/**
 * 303: the browser GETs the page, which names what was done; nothing from the post is echoed but a
 * scenario id and a checked user code (which keeps the customer field filled for the next post).
 */
function back(reply: FastifyReply, done: Done, what: { scenario?: string; customer?: string | null | undefined } = {}): FastifyReply {
  const query = new URLSearchParams({ done })
  if (what.scenario) query.set('scenario', what.scenario)
  if (what.customer) query.set('customer', what.customer)
  return reply.redirect(`${FAULTS_PAGE}?${query}`, 303)
}

/** The confirmation named by the query; only known words and scenario ids are shown. */
function confirmation(query: Record<string, string>): FaultsPageModel['notice'] {
  if (query.done === 'added') return { kind: 'ok', text: t.added }
  if (query.done === 'cleared') {
    const customer = customerOfForm(String(query.customer ?? ''))
    return { kind: 'ok', text: customer ? t.clearedCustomer(customer) : t.cleared }
  }
  const scenario = query.done === 'scenario' ? scenarioById(query.scenario ?? '') : undefined
  return scenario ? { kind: 'ok', text: t.scenarioApplied(scenarioTitle(scenario)) } : undefined
}

/**
 * Whether the post comes from this server's own page. Browsers send Sec-Fetch-Site with every
 * request; the Origin of a form post is "null" here, because every answer carries
 * `Referrer-Policy: no-referrer`, so it is only a fallback for older browsers. Neither header
 * (curl, a test's fetch): accepted, the demo tools are open to any client anyway.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site === 'same-origin' || site === 'none'
  const origin = request.headers.origin
  if (origin === undefined || origin === 'null') return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

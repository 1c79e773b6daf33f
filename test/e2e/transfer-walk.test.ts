/**
 * The transfer flow as a model-based browser walk: the paths come from the transfer machine's own
 * graph, each event of a path is executed by a Playwright step on the real screen against the real
 * demo server, and after each step what the customer sees must match the state's screen model
 * (`transferScreen`). The demo server's fault hooks give the answers a healthy bank never gives
 * (refusals, no answer, a result that is unknown); the browser holds each call of the path until
 * its busy state has been checked. Every state of the machine must be reached in the browser.
 *
 * 1. PLAN. From the machine's initial snapshot of each kind, a breadth-first search over the steps
 *    below (`getNextSnapshot`, pure) keeps, for each state node, the shortest path that makes it
 *    active; a path that is the start of a longer one is dropped. The three kinds are walked: the
 *    account kind looks up the holder, the momo kind shows the balance and loads the currencies,
 *    the card kind loads its own currencies and sends its own ask and confirm.
 * 2. RUN. Each path opens its screen with the faults its answers need already in place (a call is
 *    faulted once, in the order the path answers it), then executes its steps one by one, checking
 *    the screen after each one; a state that waits for a call also checks that call is under way.
 *    Every call the path waits for is held in the browser (Playwright's routing) until the step
 *    that answers it: the state waiting for it is looked at for as long as the check takes, on a
 *    quiet machine or a loaded one, and no step waits for a timer (a hold of 6 s each made the
 *    walk 3 minutes). A call no step answers is never let through. The receipt's call ends with
 *    the transfer's reference: its fault is set once the reference is on screen, just before the
 *    receipt button is clicked.
 */
import type { Browser, Page, Route } from 'playwright-core'
import { getInitialSnapshot, getNextSnapshot, type EventObject, type SnapshotFrom } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts as accountTexts, login, transfer as texts } from '../../machines/messages'
import { transferMachine } from '../../machines/transfer/transfer.machine'
import { transferScreen } from '../../machines/transfer/transfer.screen'
import type { TransferEvent, TransferInput } from '../../machines/transfer/transfer.types'
import { transferKindContract, type TransferKind } from '../../openapi/transfer-kinds'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data'
import { devFault, launchBrowser, newPage, pageProblems, startServer, type RunningServer } from './harness'

type Snapshot = SnapshotFrom<typeof transferMachine>

/** The actors the transfer machine invokes (their ids in the chart). */
type ActorId = 'lookUpHolder' | 'quoteRate' | 'loadSuggestions' | 'loadCurrencies' | 'loadBalance' | 'askTransfer' | 'confirmTransfer' | 'downloadReceipt'
const ACTOR_IDS: ActorId[] = [
  'lookUpHolder',
  'quoteRate',
  'loadSuggestions',
  'loadCurrencies',
  'loadBalance',
  'askTransfer',
  'confirmTransfer',
  'downloadReceipt',
]
/** Every event type the machine handles: the customer's, and its actors' answers. */
type EventType = TransferEvent['type'] | `xstate.done.actor.${ActorId}` | `xstate.error.actor.${ActorId}`

const CUSTOMER = '/api/rest/customer/v1'
const USD = mainCustomer.accounts.usd!
const usdPayee = payeeAccounts.find((p) => p.currency === '1')!
/** The receipt's path ends with the transfer's reference, known once the transfer is executed. */
const RECEIPT_PATH = `${CUSTOMER}/transfer/receipt/`

/** The call of each actor (`kind` picks the ask and confirm of the kind); the receipt's, without its reference. */
const callOf = (id: ActorId, kind: TransferKind): { method: 'GET' | 'POST'; path: string } => {
  const contract = transferKindContract[kind]
  switch (id) {
    case 'lookUpHolder':
      // rulings §9.2: a wallet's and a card's holders have calls of their own.
      return { method: 'POST', path: `${CUSTOMER}/${kind === 'account' ? 'details' : kind === 'momo' ? 'details-wallet' : 'details-card'}` }
    case 'quoteRate':
      return { method: 'POST', path: `${CUSTOMER}/rate` }
    case 'loadSuggestions':
      return { method: 'GET', path: `${CUSTOMER}/used-freq/${contract.usedFreqId ?? ''}` }
    case 'loadCurrencies':
      return { method: 'GET', path: `/auth/v1/currencies/${contract.currencies ?? ''}` }
    case 'loadBalance':
      return { method: 'POST', path: `${CUSTOMER}/balance` }
    case 'askTransfer':
      return { method: 'POST', path: contract.askPath }
    case 'confirmTransfer':
      return { method: 'POST', path: contract.confirmPath }
    case 'downloadReceipt':
      return { method: 'GET', path: RECEIPT_PATH }
  }
}
/** A call of the browser as `callOf` names it: every receipt is the one call `downloadReceipt`. */
const callKey = (method: string, path: string) => `${method} ${path.startsWith(RECEIPT_PATH) ? RECEIPT_PATH : path}`

/**
 * A valid form of each kind walked (spec §5): 1 USD from the USD account. The currency sent is the
 * account's: the rate before committing (asked after a pause, a timer) is not part of this walk.
 */
const validForm: Partial<Record<TransferKind, Record<string, string>>> = {
  account: { debitAccount: USD.number, amount: '1', creditAccount: usdPayee.number, description: 'Essai du parcours' },
  momo: { debitAccount: USD.number, amount: '1', currencySent: '1', phone: '243812345678', description: 'Essai du parcours' },
  card: { debitAccount: USD.number, amount: '1', currencySent: '1', accountId: '12345678', lastFour: '4321', description: 'Essai du parcours' },
}

// ---------------------------------------------------------------------------------------------
// The steps: for each event type, its samples — the events the model takes, the fault the server
// applies (for an answer), and the Playwright step that makes it happen on the real screen.
// ---------------------------------------------------------------------------------------------

interface Walker {
  page: Page
  kind: TransferKind
  /** The answer of `id` is over (answered or failed) in the browser. */
  answered(id: ActorId): Promise<void>
  /** The code of the last real ask, read from the outbox as the customer reads the SMS. */
  realCode(): Promise<string>
  /** Whether the path answers the next confirm for real (then the real code is typed). */
  confirmIsReal(): boolean
  /** Before the receipt button: the fault of its answer, on the path of the reference shown. */
  holdReceipt(): Promise<void>
}

interface Sample {
  /** Short name in the path's title. */
  name: string
  /** What the model takes for this step. */
  events: (kind: TransferKind) => TransferEvent[] | EventObject[]
  /** For an answer: the server's fault (none: the real answer). Every answer is held until its step. */
  fault?: Record<string, unknown>
  /** Whether this answer is the real one (a confirm with the real code). */
  real?: boolean
  /** Whether the browser can do it in this state (the model may accept more than a screen lets do). */
  possible?: (snapshot: Snapshot) => boolean
}

interface Executor {
  samples: Sample[]
  run(walker: Walker, sample: Sample): Promise<void>
}

const answer = (id: ActorId, samples: Sample[]): Executor => ({
  samples,
  run: (w) => w.answered(id),
})
const done = (id: ActorId, name: string, output: unknown, extra: Partial<Sample> = {}): Sample => ({
  name,
  events: () => [{ type: `xstate.done.actor.${id}`, output } as EventObject],
  ...extra,
})
const failed = (id: ActorId, name: string, fault: Record<string, unknown>): Sample => ({
  name,
  events: () => [{ type: `xstate.error.actor.${id}`, error: new TypeError('Failed to fetch') } as EventObject],
  fault,
})
const noAnswer = { dropConnection: true }
const serverError = { status: 500, body: { code: '500', message: 'Erreur interne' } }

const executors = {
  'field.change': {
    samples: [
      {
        name: 'a valid form',
        // The currency select has its options once the currency list has come.
        possible: (s) => !transferKindContract[s.context.kind].currencies || (s.context.currencies?.length ?? 0) > 0,
        events: (kind) => Object.entries(validForm[kind] ?? {}).map(([field, value]) => ({ type: 'field.change', field, value }) as TransferEvent),
      },
    ],
    async run({ page, kind }) {
      for (const [name, value] of Object.entries(validForm[kind] ?? {})) {
        const select = page.locator(`main select[name="${name}"]`)
        if (await select.count()) await select.selectOption(value)
        else await page.locator(`main input[name="${name}"]`).fill(value)
      }
    },
  },
  'transfer.submit': {
    samples: [{ name: 'submit', events: () => [{ type: 'transfer.submit' }] }],
    run: ({ page }) => page.getByRole('button', { name: texts.submit }).click(),
  },
  'code.change': {
    samples: [{ name: 'a code', events: () => [{ type: 'code.change', value: '12345678' }] }],
    async run(w) {
      await w.page.locator('main input[name="token"]').fill(w.confirmIsReal() ? await w.realCode() : '12345678')
    },
  },
  'code.submit': {
    samples: [{ name: 'confirm', events: () => [{ type: 'code.submit' }] }],
    run: ({ page }) => page.getByRole('button', { name: texts.codeSubmit }).click(),
  },
  'transfer.restart': {
    samples: [{ name: 'restart', events: () => [{ type: 'transfer.restart' }] }],
    // The code form's cancel, the failed screen's retry, the outcome's "another transfer".
    run: ({ page }) =>
      page
        .locator('main')
        .getByRole('button', { name: new RegExp(`^(${[texts.cancel, texts.retry, texts.another].join('|')})$`) })
        .click(),
  },
  'receipt.download': {
    samples: [{ name: 'receipt', events: () => [{ type: 'receipt.download' }] }],
    async run(w) {
      await w.holdReceipt()
      await w.page.getByRole('button', { name: texts.receipt }).click()
    },
  },
  // Sent by the app when the session's account list changes: a transfer done refreshes it.
  'accounts.change': {
    samples: [],
    run: ({ page }) => page.getByRole('heading', { name: texts.doneTitle }).waitFor(),
  },
  // The click on the accounts message, shown only when the accounts are unavailable.
  'accounts.reload': {
    samples: [],
    run: ({ page }) => page.locator('main').getByRole('button', { name: accountTexts.notLoaded }).click(),
  },
  'xstate.done.actor.lookUpHolder': answer('lookUpHolder', [done('lookUpHolder', 'holder found', { found: true, libelle: usdPayee.holder })]),
  'xstate.error.actor.lookUpHolder': answer('lookUpHolder', [failed('lookUpHolder', 'holder lookup, no answer', noAnswer)]),
  // The rate is asked after a pause (a timer): walked in test/e2e/transfer-payees.test.ts.
  'xstate.done.actor.quoteRate': answer('quoteRate', []),
  'xstate.error.actor.quoteRate': answer('quoteRate', []),
  // An empty list, as the model has it: the demo's real list names the walk's payees (seeded wallet
  // transfers, the walk's own executed ones) with their holders, which would name the payee without
  // the holder lookup the model waits for (docs/decisions.md, "Mobile data: a frequent payee's
  // holder from its suggestion"; walked in test/model/transfer.test.ts).
  'xstate.done.actor.loadSuggestions': answer('loadSuggestions', [
    done('loadSuggestions', 'suggestions', [], { fault: { status: 200, body: { code: '0', comptes: [], payees: [] } } }),
  ]),
  'xstate.error.actor.loadSuggestions': answer('loadSuggestions', [failed('loadSuggestions', 'suggestions, no answer', noAnswer)]),
  'xstate.done.actor.loadCurrencies': answer('loadCurrencies', [done('loadCurrencies', 'currencies', ['1', '3'])]),
  'xstate.error.actor.loadCurrencies': answer('loadCurrencies', [failed('loadCurrencies', 'currencies fail', serverError)]),
  'xstate.done.actor.loadBalance': answer('loadBalance', [done('loadBalance', 'balance', { amount: '100.00', currency: USD.currency })]),
  'xstate.error.actor.loadBalance': answer('loadBalance', [failed('loadBalance', 'balance fails', serverError)]),
  'xstate.done.actor.askTransfer': answer('askTransfer', [
    done('askTransfer', 'code sent', {
      status: 200,
      body: { status: '0', code: 'REF', amount: '1.00', currency: USD.currency, currencySent: USD.currency, payee: 'x' },
    }),
    done(
      'askTransfer',
      'ask refused',
      { status: 200, body: { status: '1', message: texts.failed } },
      {
        fault: { status: 200, body: { status: '1', message: texts.failed } },
      },
    ),
  ]),
  'xstate.error.actor.askTransfer': answer('askTransfer', [failed('askTransfer', 'ask, no answer', noAnswer)]),
  'xstate.done.actor.confirmTransfer': answer('confirmTransfer', [
    done('confirmTransfer', 'executed', { status: 200, body: { status: '0', reference: 'VIR1', solde: '99.00', currency: USD.currency } }, { real: true }),
    done(
      'confirmTransfer',
      'cancelled',
      { status: 200, body: { status: '1', description: texts.failed, triesLeft: 0 } },
      {
        fault: { status: 200, body: { status: '1', description: texts.failed, triesLeft: 0 } },
      },
    ),
    done('confirmTransfer', 'result unknown', { status: 200, body: {} }, { fault: { status: 200, body: {} } }),
  ]),
  'xstate.error.actor.confirmTransfer': answer('confirmTransfer', [failed('confirmTransfer', 'confirm, no answer', noAnswer)]),
  'xstate.done.actor.downloadReceipt': answer('downloadReceipt', [done('downloadReceipt', 'receipt saved', undefined)]),
  'xstate.error.actor.downloadReceipt': answer('downloadReceipt', [failed('downloadReceipt', 'receipt fails', serverError)]),
} satisfies Record<EventType, Executor>

const executorOf = (type: string): Executor | undefined => (executors as Record<string, Executor>)[type]

// ---------------------------------------------------------------------------------------------
// Plan: shortest paths from the machine's graph
// ---------------------------------------------------------------------------------------------

interface Step {
  type: EventType
  sample: Sample
}
interface Path {
  kind: TransferKind
  steps: Step[]
  /** The model's snapshot at start and after each step. */
  snapshots: Snapshot[]
}

const inputOf = (kind: TransferKind): TransferInput => ({
  kind,
  accounts: [{ id: '1', compte: USD.number, currency: USD.currency }],
  accountsFailed: false,
})
const activeNodes = (s: Snapshot): string[] => s._nodes.filter((n) => n.parent).map((n) => n.id)
const invokedIds = (s: Snapshot) => Object.keys(s.children)

function plan(kind: TransferKind): Path[] {
  const start = getInitialSnapshot(transferMachine, inputOf(kind))
  const best = new Map<string, Path>()
  const seen = new Set<string>()
  const queue: Path[] = [{ kind, steps: [], snapshots: [start] }]
  const keyOf = (s: Snapshot) => JSON.stringify([s.value, invokedIds(s), s.context.submitted, s.context.values, s.context.token])
  seen.add(keyOf(start))
  for (let path = queue.shift(); path; path = queue.shift()) {
    const current = path.snapshots[path.snapshots.length - 1]!
    for (const node of activeNodes(current)) if (!best.has(node)) best.set(node, path)
    if (path.steps.length >= 8) continue
    for (const [type, executor] of Object.entries(executors) as [EventType, Executor][]) {
      // An actor answers once, and only while it runs.
      if (type.startsWith('xstate.') && !invokedIds(current).includes(type.replace(/^xstate\.(done|error)\.actor\./, ''))) continue
      for (const sample of executor.samples) {
        if (sample.possible && !sample.possible(current)) continue
        let next = current
        for (const event of sample.events(kind)) next = getNextSnapshot(transferMachine, next, event as TransferEvent)
        if (next === current) continue
        const key = keyOf(next)
        if (seen.has(key)) continue
        seen.add(key)
        queue.push({ kind, steps: [...path.steps, { type, sample }], snapshots: [...path.snapshots, next] })
      }
    }
  }
  const paths = [...new Set(best.values())]
  const isPrefix = (a: Path, b: Path) => a.steps.length < b.steps.length && a.steps.every((s, i) => s === b.steps[i])
  return paths.filter((p) => !paths.some((q) => isPrefix(p, q)))
}

const titleOf = (path: Path) =>
  `${path.kind}: ${path.steps.map((s) => s.sample.name).join(' → ') || '(open)'} ⇒ ${JSON.stringify(path.snapshots[path.snapshots.length - 1]!.value)}`

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

let server: RunningServer
let browser: Browser
let page: Page
const reached = new Set<string>()

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ TRANSFER_ASK_LIMIT: '1000' }), launchBrowser()])
  // No service worker: every call of the page goes through the page's routing, which holds them.
  ;({ page } = await newPage(browser, server.url, undefined, { serviceWorkers: 'block' }))
  await page.goto('/login')
  await page.getByPlaceholder(login.userCodePlaceholder).fill(mainCustomer.kcode)
  await page.getByPlaceholder(login.pinPlaceholder).fill(mainCustomer.pin)
  await page.getByRole('button', { name: login.submit }).click()
  await page.waitForURL('**/app/dashboard')
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** What the customer sees matches the screen model of the state. */
async function expectScreen(snapshot: Snapshot, where: string): Promise<void> {
  const screen = transferScreen(snapshot)
  const main = page.locator('main')
  const visible = (locator: ReturnType<Page['locator']>) => locator.first().waitFor({ state: 'visible' })
  switch (screen.step) {
    case 'form':
      await visible(main.getByRole('button', { name: texts.submit }))
      await expect.poll(() => main.locator('form[aria-busy]').first().getAttribute('aria-busy'), { message: where }).toBe(String(screen.busy))
      if (screen.lookingUpHolder && screen.holderHint) await visible(main.getByText(screen.holderHint))
      break
    case 'code':
      await visible(main.locator('input[name="token"]'))
      await expect.poll(() => main.locator('form[aria-busy]').first().getAttribute('aria-busy'), { message: where }).toBe(String(screen.busy))
      break
    case 'done':
      await visible(main.getByRole('heading', { name: texts.doneTitle }))
      await expect
        .poll(() => main.getByRole('button', { name: texts.receipt }).getAttribute('aria-disabled'), { message: where })
        .toBe(String(screen.downloading))
      // rulings §9.7: a receipt that failed says so until the next try.
      await expect.poll(() => main.getByText(texts.downloadFailed).count(), { message: where }).toBe(screen.downloadError ? 1 : 0)
      break
    case 'failed':
      await visible(main.getByRole('button', { name: texts.retry }))
      expect(await main.locator('input[name="token"]').count(), where).toBe(0)
      break
    case 'unknown':
      await visible(main.getByRole('heading', { name: texts.resultUnknownTitle }))
      // rulings §6.2's statement link, and My transfers beside it (rulings §9.1).
      expect(await main.getByRole('link', { name: texts.resultUnknownLink }).getAttribute('href'), where).toBe('/app/statement')
      expect(await main.getByRole('link', { name: texts.resultUnknownTransfersLink }).getAttribute('href'), where).toBe('/app/transfers')
      break
  }
}

/** The calls under way in the browser, by method and path. */
const inFlight = new Map<string, number>()

/**
 * The calls of one actor held in the browser: each waits for a pass, given by the step that
 * answers it (a pass given before the call comes lets it through at once).
 */
class Gate {
  #waiting: (() => void)[] = []
  #passes = 0
  pass(): Promise<void> {
    if (this.#passes > 0) {
      this.#passes -= 1
      return Promise.resolve()
    }
    return new Promise((open) => this.#waiting.push(open))
  }
  open(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#passes += 1
  }
}

async function runPath(path: Path): Promise<void> {
  await fetch(`${server.url}/__dev/faults`, { method: 'DELETE' })
  // The answers of the path, in order: a fault for each that the healthy server would not give,
  // and one that changes nothing for each real one, so that each fault meets the call it is for.
  // The receipt's answers wait for its reference (`holdReceipt`).
  const receiptAnswers = path.steps.filter((s) => s.type.endsWith('.actor.downloadReceipt')).map((s) => s.sample)
  for (const step of path.steps) {
    if (!step.type.startsWith('xstate.')) continue
    const id = step.type.replace(/^xstate\.(done|error)\.actor\./, '') as ActorId
    if (id === 'downloadReceipt') continue
    const { method, path: callPath } = callOf(id, path.kind)
    await devFault(server.url, { method, path: callPath, times: 1, ...step.sample.fault })
  }
  // Every call the path waits for is held in the browser until the step that answers it (a call
  // no step answers, for ever), so that the state waiting for it can be looked at.
  const answeredByStep = path.steps.map((s) => s.type.replace(/^xstate\.(done|error)\.actor\./, ''))
  const heldIds = new Set([...answeredByStep, ...path.snapshots.flatMap(invokedIds)].filter((id): id is ActorId => ACTOR_IDS.includes(id as ActorId)))
  const gates = new Map([...heldIds].map((id) => [callKey(callOf(id, path.kind).method, callOf(id, path.kind).path), new Gate()]))
  const gateOf = (method: string, url: string) => gates.get(callKey(method, new URL(url).pathname))
  const hold = async (route: Route) => {
    await gateOf(route.request().method(), route.request().url())?.pass()
    // The page may have left meanwhile (the path's end): the call is gone with it.
    await route.continue().catch(() => {})
  }
  const heldPaths = new Set([...gates.keys()].map((key) => key.slice(key.indexOf(' ') + 1)))
  await page.route((url) => heldPaths.has(callKey('', url.pathname).slice(1)), hold)

  const finished = new Map<ActorId, number>()
  const onOver = (request: { method(): string; url(): string }) => {
    const key = callKey(request.method(), new URL(request.url()).pathname)
    inFlight.set(key, (inFlight.get(key) ?? 1) - 1)
    for (const id of ACTOR_IDS) {
      const call = callOf(id, path.kind)
      if (callKey(call.method, call.path) === key) finished.set(id, (finished.get(id) ?? 0) + 1)
    }
  }
  const onStart = (request: { method(): string; url(): string }) => {
    const key = callKey(request.method(), new URL(request.url()).pathname)
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1)
  }
  page.on('request', onStart)
  page.on('requestfinished', onOver)
  page.on('requestfailed', onOver)
  const awaited = new Map<ActorId, number>()
  let confirmsLeft = path.steps.filter((s) => s.type === 'xstate.done.actor.confirmTransfer' && s.sample.real).length
  const walker: Walker = {
    page,
    kind: path.kind,
    async answered(id) {
      const wanted = (awaited.get(id) ?? 0) + 1
      awaited.set(id, wanted)
      const call = callOf(id, path.kind)
      gates.get(callKey(call.method, call.path))!.open()
      await expect.poll(() => finished.get(id) ?? 0, { timeout: 30_000, message: `the ${id} call is over` }).toBeGreaterThanOrEqual(wanted)
      if (id === 'confirmTransfer') confirmsLeft = 0
    },
    async realCode() {
      const outbox = (await (await fetch(`${server.url}/__dev/outbox`)).json()) as { channel: string; text: string }[]
      // Newest first (/__dev/outbox): the code of the ask just made.
      const sms = outbox.find((m) => m.channel === 'sms' && /Code de validation : \d{8}/.test(m.text))!
      return /Code de validation : (\d{8})/.exec(sms.text)![1]!
    },
    confirmIsReal: () => confirmsLeft > 0,
    async holdReceipt() {
      const reference = await page.locator('main dd').first().locator('span').first().textContent()
      const sample = receiptAnswers.shift()
      if (sample?.fault) await devFault(server.url, { method: 'GET', path: `${RECEIPT_PATH}${reference}`, times: 1, ...sample.fault })
    },
  }
  try {
    await page.goto(transferKindContract[path.kind].screen)
    const check = async (index: number) => {
      const snapshot = path.snapshots[index]!
      const where = `${titleOf(path)}, after step ${index}`
      await expectScreen(snapshot, where)
      // A state that waits for a call: that call is under way in the browser.
      for (const id of invokedIds(snapshot) as ActorId[]) {
        const { method, path: callPath } = callOf(id, path.kind)
        await expect.poll(() => inFlight.get(callKey(method, callPath)) ?? 0, { message: `${where}: ${id} under way` }).toBeGreaterThan(0)
      }
      for (const node of activeNodes(snapshot)) reached.add(node)
    }
    await check(0)
    for (const [index, step] of path.steps.entries()) {
      await executorOf(step.type)!.run(walker, step.sample)
      await check(index + 1)
    }
  } finally {
    page.off('request', onStart)
    page.off('requestfinished', onOver)
    page.off('requestfailed', onOver)
    inFlight.clear()
    // The page leaves the path's screen, with the calls still held; their routes are dropped.
    await page.goto('/app/dashboard')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  }
  expect(pageProblems(page)).toEqual([])
}

const paths = (['account', 'momo', 'card'] as const).flatMap(plan)

/**
 * Transitions taken by a timer (`after`) are not steps of this walk, which waits for no timer (2.
 * RUN): the states only they reach are walked in the browser by the file named here, and their
 * transitions by the model test (test/model/transfer.test.ts).
 */
const TIMED = 'xstate.after.'
const REACHED_BY_A_TIMER_ONLY: Record<string, string> = {
  'transfer.codeExpired': 'test/e2e/screen-defects.test.ts, "an expired code disables the field and Confirmer"',
  // The rate's wait ends with a timer; the forms here send the account's own currency (no rate).
  'transfer.editing.rate.waiting': 'test/e2e/transfer-payees.test.ts, "momo: … the rate and the amount debited …"',
  'transfer.editing.rate.quoting': 'test/e2e/transfer-payees.test.ts, "momo: … the rate and the amount debited …"',
}

describe('the transfer machine, walked in a real browser', () => {
  it('has an executor for every event type of its graph', () => {
    const types = new Set(getStateNodes(transferMachine.root).flatMap((n) => [...n.transitions.keys()]))
    for (const type of types) if (!type.startsWith(TIMED)) expect(executorOf(type), type).toBeDefined()
  })

  for (const path of paths) it(titleOf(path), () => runPath(path))

  it('reached every state of the machine in the browser (but those a timer alone reaches, walked elsewhere)', () => {
    const all = getStateNodes(transferMachine.root)
      .map((n) => n.id)
      .filter((id) => !(id in REACHED_BY_A_TIMER_ONLY))
    expect([...reached].sort()).toEqual(all.sort())
  })
})

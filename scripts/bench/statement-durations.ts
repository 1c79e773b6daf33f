/**
 * A statement's durations as a customer's browser meets them, at 1,000, 10,000 and 50,000 lines:
 * the whole statement as JSON (spec §7's `statements` call, asked without a page), the first page
 * the screen asks for (25 lines, the totals and the chart), then the CSV and the PDF through the
 * statement's download link, each read to its last byte. Meanwhile an unrelated customer asks for
 * a balance every 20 ms, and the slowest of those answers during each is kept. And the first
 * receipt after a start (PDFKit and its fonts are warmed in the PDF worker at start, never on the
 * main thread): the slowest balance while a fresh portal draws it.
 *
 * The unrelated customer is always the demo's main customer (`unrelatedToken`: a session of hers)
 * asking for her USD account's balance.
 *
 * The clients run in a worker thread of their own (plain JavaScript, no loader), so that their
 * fetch calls and JSON do not share the server's event loop; the portal is the bench's, on PGlite.
 */
import { Worker } from 'node:worker_threads'
import type { Db } from '../../server/db/db.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import type { Row } from './row.ts'
import { accountWithLines } from './server-figures.ts'
import { measure, RUNS } from './stats.ts'

const API = '/api/rest/customer/v1'
const SIZES = [1000, 10_000, 50_000] as const
const log = (line: string) => process.stderr.write(`${line}\n`)

/** One call of a step: its method, path (after the API's) and JSON body, or a GET of a path. */
interface Step {
  label: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
}

interface StepResult {
  ms: Record<string, number>
  slowest: Record<string, number>
}

/**
 * The worker: for each step in order, the time from the request to the answer's last byte, and the
 * slowest unrelated balance answered while it ran. A step's path may name `{filename}`, the
 * statement's file name from an earlier step's JSON answer.
 */
const CLIENTS = `
const { workerData, parentPort } = require('node:worker_threads')
;(async () => {
  const { base, token, unrelatedToken, balanceBody, steps } = workerData
  let running = true
  let slowest = 0
  const unrelated = (async () => {
    while (running) {
      const started = performance.now()
      const res = await fetch(base + '/balance', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + unrelatedToken }, body: balanceBody })
      if (res.status !== 200) throw new Error('balance answered ' + res.status)
      await res.json()
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  const ms = {}, slow = {}, names = {}
  try {
    for (const step of steps) {
      const path = step.path.replace(/\\{(\\w+)\\}/g, (_, name) => names[name])
      slowest = 0
      const started = performance.now()
      const res = await fetch(base + path, {
        method: step.method,
        headers: { authorization: 'Bearer ' + token, ...(step.body ? { 'content-type': 'application/json' } : {}) },
        body: step.body ? JSON.stringify(step.body) : undefined,
      })
      if (res.status !== 200) throw new Error(step.label + ': HTTP ' + res.status + ' ' + (await res.text()).slice(0, 200))
      if ((res.headers.get('content-type') || '').startsWith('application/json')) {
        const answer = await res.json()
        if (answer.code !== '0' && answer.status !== '0') throw new Error(step.label + ': ' + JSON.stringify(answer).slice(0, 200))
        if (answer.filename) names.filename = answer.filename
      } else {
        const reader = res.body.getReader()
        for (;;) if ((await reader.read()).done) break
      }
      ms[step.label] = performance.now() - started
      slow[step.label] = slowest
    }
  } finally {
    running = false
  }
  await unrelated
  parentPort.postMessage({ ms, slowest: slow })
})().catch((error) => { throw error })
`

function runSteps(url: string, token: string, unrelatedToken: string, steps: Step[]): Promise<StepResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        base: `${url}${API}`,
        token,
        unrelatedToken,
        balanceBody: JSON.stringify({ code: mainCustomer.accounts.usd.number, currency: '1' }),
        steps,
      },
    })
    let result: StepResult | undefined
    worker.once('message', (message: StepResult) => (result = message))
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`statement clients exited with ${code}`))))
  })
}

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)

/**
 * The rows of each size: JSON, first page, CSV and PDF durations, and the slowest unrelated answer
 * during the 50,000-line statement's JSON, CSV and PDF. `plannerCheck` is the server's own
 * statistics check, as its timer runs it when the ledger grows (server/db/statistics.ts).
 */
export async function statementDurations(portal: { url: string; db: Db; plannerCheck: () => Promise<unknown> }, esther: string, jean: string): Promise<Row[]> {
  const rows: Row[] = []
  for (const [i, size] of SIZES.entries()) {
    const number = `DURATION${String(i).padStart(13, '0')}`
    log(`statement of ${size} lines: writing its lines…`)
    await accountWithLines(portal.db, number, size, `DUR${i}`)
    await portal.plannerCheck()
    const body = { startDate: day(10), endDate: day(0), account: number, currency: '3' }
    const steps: Step[] = [
      { label: 'json', method: 'POST', path: '/statements', body },
      { label: 'firstPage', method: 'POST', path: '/statements', body: { ...body, page: 0, size: 25 } },
      { label: 'csv', method: 'GET', path: '/download/pdf/{filename}.csv' },
      { label: 'pdf', method: 'GET', path: '/download/pdf/{filename}.pdf' },
    ]
    const runs: StepResult[] = []
    for (let run = 0; run < RUNS; run++) {
      runs.push(await runSteps(portal.url, esther, jean, steps))
      const r = runs.at(-1)!
      log(
        `  run ${run + 1}/${RUNS}: ${steps.map((s) => `${s.label} ${r.ms[s.label]!.toFixed(0)} ms (slowest balance ${r.slowest[s.label]!.toFixed(0)})`).join(', ')}`,
      )
    }
    const of = (label: string) => measure(runs.map((r) => r.ms[label]!))
    const target = (label: string) =>
      size === 50_000 && (label === 'json' || label === 'csv')
        ? { kind: 'absolute' as const, limit: 3000, text: '≤ 3 s' }
        : size === 10_000 && label === 'pdf'
          ? { kind: 'absolute' as const, limit: 4000, text: '≤ 4 s' }
          : undefined
    const names = { json: 'JSON, the whole statement', firstPage: 'its first page (25 lines, totals, chart)', csv: 'CSV', pdf: 'PDF' }
    for (const [label, name] of Object.entries(names)) {
      const t = target(label)
      rows.push({
        figure: `statement of ${size.toLocaleString('en')} lines: ${name}, to the last byte`,
        project: of(label),
        unit: 'ms',
        ...(t ? { target: t } : {}),
      })
    }
    if (size === 50_000) {
      rows.push({
        figure: '50,000-line statement: slowest unrelated request during its JSON, CSV and PDF (a balance every 20 ms)',
        project: measure(runs.map((r) => Math.max(r.slowest.json!, r.slowest.csv!, r.slowest.pdf!))),
        unit: 'ms',
        target: { kind: 'absolute', limit: 100, text: '≤ 100 ms' },
      })
    }
  }
  return rows
}

/**
 * The first receipt of a freshly started portal (`fresh`: started for this measure and closed
 * after), while an unrelated customer asks for a balance every 20 ms. The transfer is made first
 * (ask, the code from the portal's outbox, confirm); only the receipt is timed.
 */
export async function firstReceipt(fresh: { url: string; db: Db }, jean: string, jeanElsewhere: string): Promise<number> {
  const usd = mainCustomer.accounts.usd
  const payee = payeeAccounts.find((p) => p.currency === usd.currency)!
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${fresh.url}${API}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jean}` },
      body: JSON.stringify(body),
    })
    return (await res.json()) as Record<string, string>
  }
  const asked = await call('/transfer/ask', {
    debitAccount: usd.number,
    creditAccount: payee.number,
    currency: usd.currency,
    amount: '1.23',
    description: 'Reçu du banc',
  })
  if (asked.status !== '0') throw new Error(`ask refused: ${asked.message}`)
  const [sms] = await fresh.db.query<{ body: string }>(
    "select body from outbox where channel = 'sms' and body like 'Code de validation%' order by id desc limit 1",
  )
  const code = /Code de validation : (\d{8})/.exec(sms?.body ?? '')?.[1]
  const confirmed = await call('/transfer/confirm', { code: asked.code, token: code })
  if (confirmed.status !== '0') throw new Error(`confirm refused: ${confirmed.description}`)
  // The receipt is the customer's own; the unrelated requests are another session's (a balance).
  const result = await runSteps(fresh.url, jean, jeanElsewhere, [{ label: 'receipt', method: 'GET', path: `/transfer/receipt/${asked.code}` }])
  log(`  first receipt ${result.ms.receipt!.toFixed(0)} ms, slowest balance meanwhile ${result.slowest.receipt!.toFixed(0)} ms`)
  return result.slowest.receipt!
}

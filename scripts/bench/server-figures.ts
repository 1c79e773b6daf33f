/**
 * The server figures that need more than one HTTP call: complete transfers (ask, the code read
 * from the outbox, confirm; 10 at a time) against the floor transfer (bare PGlite transactions that
 * lock, debit and credit two rows, 10 at a time), and the 50,000-row statement (PDF then CSV
 * streamed while an unrelated customer asks for a balance every 20 ms: memory growth, slowest
 * unrelated answer, longest event-loop stall of the main thread).
 */
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Worker } from 'node:worker_threads'
import type { Db } from '../../server/db/db.ts'
import { internalAccountNumber, mainCustomer, payeeAccounts, statementOnlyCustomer } from '../../server/demo/demo-data.ts'

const API = '/api/rest/customer/v1'
const CODE_IN_TEXT = /Code de validation : (\d{8})/
const MiB = 1024 * 1024

/** The fields of an answer the benchmark reads (status, code, message, description, id). */
type Answer = Record<string, string | undefined>

async function post(url: string, token: string, body: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as Answer
}

/**
 * The transfer loops of completeTransfers, in a worker thread (plain JavaScript, so that no loader
 * is needed there): a customer's phone is not in the server's process, and in it the clients'
 * fetch calls and JSON took a share of the server's core (the floor transfer has no client at all).
 * Each loop asks, asks the main thread for its code (it reads the SMS from the portal's database)
 * and confirms; every check is made as before (HTTP 200, status '0', a code found).
 */
const TRANSFER_CLIENTS = `
const { workerData, parentPort } = require('node:worker_threads')
const { url, token, parallel, durationMs, debit, credit, currency } = workerData
const waiting = new Map()
let next = 0
parentPort.on('message', (m) => { waiting.get(m.id)(m.code); waiting.delete(m.id) })
const codeOf = (shown) => new Promise((resolve) => { const id = next++; waiting.set(id, resolve); parentPort.postMessage({ id, shown }) })
async function post(path, body) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(path + ' answered ' + res.status + ': ' + (await res.text()))
  return res.json()
}
;(async () => {
  const end = Date.now() + durationMs
  let done = 0
  await Promise.all(Array.from({ length: parallel }, async (_, i) => {
    const cents = String(i + 1).padStart(2, '0')
    while (Date.now() < end) {
      const asked = await post('/transfer/ask', { debitAccount: debit, creditAccount: credit, currency, amount: '0.' + cents, description: 'Banc d’essai' })
      if (asked.status !== '0') throw new Error('ask refused: ' + asked.message)
      const code = await codeOf('0,' + cents)
      if (!code) throw new Error('no code SMS')
      const confirmed = await post('/transfer/confirm', { code: asked.code, token: code })
      if (confirmed.status !== '0') throw new Error('confirm refused: ' + confirmed.description)
      done++
    }
  }))
  parentPort.postMessage({ done })
})().catch((error) => { throw error })
`

/** The newest messages first: the code SMS of an ask just made is among them (10 loops write a few each). */
const RECENT_MESSAGES = 100

/**
 * The code of the newest code SMS naming `shown` (each loop moves its own amount, so it is the
 * loop's own). Read among the newest messages by the primary key first, as a phone shows the
 * newest SMS: the whole outbox, scanned, grew with every run and took the portal's database for
 * the bench's own read. The whole outbox only when the recent ones have none.
 */
async function codeSms(db: Db, shown: string): Promise<string | undefined> {
  const params = [mainCustomer.contact.phone, `%${shown}%`]
  const where = "channel = 'sms' and recipient = $1 and body like 'Code de validation%' and body like $2"
  const recent = await db.query<{ body: string }>(
    `select body from (select id, channel, recipient, body from outbox order by id desc limit ${RECENT_MESSAGES}) m where ${where} order by id desc limit 1`,
    params,
  )
  const sms = recent.length ? recent : await db.query<{ body: string }>(`select body from outbox where ${where} order by id desc limit 1`, params)
  return CODE_IN_TEXT.exec(sms[0]?.body ?? '')?.[1]
}

/**
 * Complete transfers per second: `parallel` loops each ask, read their code and confirm (the
 * loops in a worker thread, TRANSFER_CLIENTS). The code is read from the same database the portal
 * uses, in this thread, as a customer reads an SMS: one more query per transfer than the portal
 * itself makes, counted against the project.
 */
export function completeTransfers(url: string, db: Db, token: string, parallel: number, durationMs: number): Promise<number> {
  const usd = mainCustomer.accounts.usd
  return new Promise((resolve, reject) => {
    const worker = new Worker(TRANSFER_CLIENTS, {
      eval: true,
      workerData: { url: `${url}${API}`, token, parallel, durationMs, debit: usd.number, credit: payeeAccounts[0]!.number, currency: usd.currency },
    })
    // The worker listens for codes until it is ended: ended here once it has counted.
    let ended = false
    const end = (outcome: () => void) => {
      ended = true
      void worker.terminate().then(outcome)
    }
    worker.on('message', (message: { id: number; shown: string } | { done: number }) => {
      if ('done' in message) return end(() => resolve((message.done * 1000) / durationMs))
      codeSms(db, message.shown).then(
        (code) => worker.postMessage({ id: message.id, code }),
        (error: unknown) => end(() => reject(error as Error)),
      )
    })
    worker.once('error', reject)
    worker.once('exit', (code) => ended || reject(new Error(`transfer clients exited with ${code}`)))
  })
}

/**
 * The floor: bare transactions of a transfer's own work, `parallel` at a time: lock both accounts,
 * check the funds, debit, credit, write the ledger transaction and its two entries (without
 * HTTP, sessions, codes or messages). The customer's USD account pays the bank's own.
 */
export async function floorTransfers(db: Db, parallel: number, durationMs: number): Promise<number> {
  const rows = await db.query<{ id: string; number: string }>('select id::text, number from accounts where number = any($1)', [
    [internalAccountNumber('1'), mainCustomer.accounts.usd.number],
  ])
  const credit = rows.find((r) => r.number === internalAccountNumber('1'))!.id
  const debit = rows.find((r) => r.number === mainCustomer.accounts.usd.number)!.id
  const end = Date.now() + durationMs
  let done = 0
  await Promise.all(
    Array.from({ length: parallel }, async (_, client) => {
      for (let n = 0; Date.now() < end; n++) {
        await db.transaction(async (tx) => {
          const locked = await tx.query<{ id: string; balance: string }>(
            'select id::text, balance::text from accounts where id in ($1, $2) order by id for no key update',
            [debit, credit],
          )
          if (Number(locked.find((r) => r.id === debit)!.balance) < 0.01) throw new Error('floor: no funds')
          const [d] = await tx.query<{ balance: string }>('update accounts set balance = balance - 0.01 where id = $1 returning balance::text', [debit])
          const [k] = await tx.query<{ balance: string }>('update accounts set balance = balance + 0.01 where id = $1 returning balance::text', [credit])
          const [t] = await tx.query<{ id: string }>(
            "insert into ledger_transactions (reference, kind, description, booked_at) values ($1, 'account', 'Plancher', now()) returning id::text",
            [`FLOOR${Date.now()}${client}N${n}`],
          )
          await tx.query(
            `insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
             values ($1, $2, -0.01, $3, now(), 'Plancher'), ($1, $4, 0.01, $5, now(), 'Plancher')`,
            [t!.id, debit, d!.balance, credit, k!.balance],
          )
        })
        done++
      }
    }),
  )
  return (done * 1000) / durationMs
}

/**
 * A CDF account of the statement-only customer with `count` ledger lines, written in bulk; their
 * references (unique) start with `prefix`, one per account of a run.
 */
export async function accountWithLines(db: Db, number: string, count: number, prefix = 'BENCH'): Promise<void> {
  const [customer] = await db.query<{ id: string }>('select id::text from customers where kcode = $1', [statementOnlyCustomer.kcode])
  const [account] = await db.query<{ id: string }>(
    `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
    [number, customer!.id, statementOnlyCustomer.name],
  )
  const [bank] = await db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
  await db.query(
    `with t as (
       insert into ledger_transactions (reference, kind, description, booked_at)
       select $4 || lpad(i::text, 6, '0'), 'deposit', 'Dépôt en espèces n° ' || i, now() - interval '5 days' + make_interval(secs => i)
         from generate_series(1, $3::int) i
       returning id, reference, booked_at)
     insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
     select id, $1::bigint, 1, right(reference, 6)::int, booked_at from t
     union all
     select id, $2::bigint, -1, -right(reference, 6)::int, booked_at from t`,
    [account!.id, bank!.id, count, prefix],
  )
  await db.query('update accounts set balance = $2 where id = $1', [account!.id, count])
}

export interface StatementRun {
  /**
   * Peak growth of the main thread's heap and buffers during the downloads, plus the whole heap of
   * the PDF worker (its peak, baseline included). Both customers' clients run in a worker thread of
   * their own, so their buffers are not counted as the server's. `external` and the resident size are left out:
   * they count PGlite's WebAssembly memory, which grows with any 50,000-row scan and which a server
   * on PostgreSQL does not carry.
   */
  memoryMiB: number
  /** Its two parts: the main thread's peak growth, and the PDF worker's peak heap (BENCH_DETAIL=1). */
  mainMiB: number
  workerMiB: number
  /** The slowest unrelated balance answer while the files were produced. */
  slowestMs: number
  /** The longest event-loop stall meanwhile. */
  stallMs: number
  /**
   * The most CPU time the main thread itself spent within one stall (Linux; undefined elsewhere):
   * on a loaded machine a stall is mostly the thread waiting for a core, which this tells apart.
   */
  busyMs?: number
}

/** The main thread's CPU time in ms (utime + stime of its task, 10 ms ticks), where /proc has it. */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/**
 * The two customers' clients, in a worker thread (plain JavaScript, so that no loader is needed
 * there): one reads the PDF then the CSV whole and drops the bytes; the other, unrelated, asks for
 * a balance every 20 ms meanwhile and reports its slowest answer. Their requests, answers and
 * buffers live in the worker's heap: measured in the server's thread, the unrelated customer's
 * fetch calls alone grew it by 20–38 MiB over 30 s with no statement at all.
 */
const CLIENTS = `
const { workerData, parentPort } = require('node:worker_threads')
;(async () => {
  let downloading = true
  let slowest = 0
  const unrelated = (async () => {
    while (downloading) {
      const started = performance.now()
      const res = await fetch(workerData.balanceUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + workerData.unrelatedToken },
        body: workerData.balanceBody,
      })
      if (res.status !== 200) throw new Error('balance answered ' + res.status + ': ' + (await res.text()))
      await res.json()
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  try {
    for (const extension of ['pdf', 'csv']) {
      const res = await fetch(workerData.url + '.' + extension, { headers: { authorization: 'Bearer ' + workerData.token } })
      if (res.status !== 200) throw new Error('download ' + extension + ': ' + res.status)
      const reader = res.body.getReader()
      for (;;) if ((await reader.read()).done) break
    }
  } finally {
    downloading = false
  }
  await unrelated
  parentPort.postMessage({ slowest })
})().catch((error) => { throw error })
`

interface Clients {
  url: string
  token: string
  balanceUrl: string
  unrelatedToken: string
  balanceBody: string
}

/** Runs both clients; resolves with the slowest unrelated answer in ms. */
function clientsInWorker(clients: Clients): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, { eval: true, workerData: clients })
    let slowest: number | undefined
    worker.once('message', (message: { slowest: number }) => (slowest = message.slowest))
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 && slowest !== undefined ? resolve(slowest) : reject(new Error(`clients exited with ${code}`))))
  })
}

/** The PDF then the CSV of `number`'s statement over the last 10 days, downloaded whole while another customer asks for a balance. */
export async function statementDownloads(url: string, number: string, esther: string, jean: string, workerHeapPeak: () => number): Promise<StatementRun> {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
  const asked = await post(`${url}${API}/report/pdf`, esther, { startDate: day(10), endDate: day(0), account: number, currency: '3' })
  if (asked.status !== '0') throw new Error(`statement refused: ${asked.message}`)
  // a full collection first, so that the growth measured is what the downloads hold
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  const used = () => {
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  const before = used()
  let peak = before
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  let busy = 0
  let lastTick = performance.now()
  let lastCpu = mainThreadCpuMs()
  const ticker = setInterval(() => {
    const now = performance.now()
    const cpu = mainThreadCpuMs()
    if (now - lastTick > 50 && cpu !== undefined && lastCpu !== undefined) busy = Math.max(busy, cpu - lastCpu)
    lastTick = now
    lastCpu = cpu
  }, 10)
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 20)
  const slowest = await clientsInWorker({
    url: `${url}${API}/download/pdf/${asked.filename}`,
    token: esther,
    balanceUrl: `${url}${API}/balance`,
    unrelatedToken: jean,
    balanceBody: JSON.stringify({ code: mainCustomer.accounts.usd.number, currency: '1' }),
  })
  clearInterval(sampler)
  peak = Math.max(peak, used())
  delay.disable()
  clearInterval(ticker)
  const worker = workerHeapPeak()
  return {
    memoryMiB: (peak - before + worker) / MiB,
    mainMiB: (peak - before) / MiB,
    workerMiB: worker / MiB,
    slowestMs: slowest,
    stallMs: delay.max / 1e6,
    busyMs: lastCpu === undefined ? undefined : busy,
  }
}

/**
 * The load generator of the PostgreSQL figures, in a process of its own (forked by
 * postgres-figures.ts), so that the servers measured share the machine with it but not an event
 * loop. It is also the SMS gateway the servers deliver to (real delivery, as a bank's gateway): a
 * transfer's code is read from the SMS it received, as a customer reads it.
 *
 * Jobs come by IPC, one at a time:
 * - `transfers`: `clients` closed loops of complete transfers (ask, wait for the SMS, confirm);
 * - `mixed`: an open loop at `rate` requests a second of customer traffic (sign-in 3 %, balance
 *   45 %, statement 22 %, mobile-money ask 15 % and its confirm 15 %), each request timed from when
 *   it was due, so that a stalled server is not forgiven.
 * Every answer's status is counted: a 5xx, a refused transfer or a failed sign-in is an error.
 */
import { createServer } from 'node:http'
import { Agent, request } from 'undici'
import { centsToDecimal, formatMoney } from '../../server/domain/money.ts'

export interface LoadCustomer {
  kcode: string
  pin: string
  usd: string
}
export type Job =
  | { type: 'transfers'; origins: string[]; customers: LoadCustomer[]; clients: number; durationMs: number }
  | { type: 'mixed'; origins: string[]; customers: LoadCustomer[]; rate: number; durationMs: number }
  | { type: 'stop' }
export interface JobResult {
  /** Complete transfers a second (transfers), or requests a second done (mixed). */
  rate: number
  /** Complete transfers done (transfers). */
  done?: number
  /** Latency of each request in ms (mixed). */
  latencies: number[]
  errors: number
  /** Median latency in ms of each kind of request (mixed), to say where the time goes. */
  medians: Record<string, number>
  /** Latency of each request but the sign-ins in ms (mixed): how the rest fares beside their scrypt. */
  withoutSignIn: number[]
  /** The first few errors, said. */
  said: string[]
  /** E-mails the servers owe for the run's asks and confirms that succeeded (mixed): one each. */
  mailsOwed?: number
}

const API = '/api/rest/customer/v1'
/**
 * The customers' side of the calls: undici's request over kept connections (up to 512 an origin),
 * not node:http's client, which cost about half as much again of this process's CPU a call
 * (measured in the bench's own CPU-per-transfer line). This process shares the 2 cores with the
 * servers and PostgreSQL, where a bank's customers call from their own phones: what it spends is
 * taken from the product measured.
 */
const agent = new Agent({ connections: 512, pipelining: 1 })
let origin = 0

async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await request(`${base}${path}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.body.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    parsed = { text }
  }
  return { status: res.statusCode, body: parsed }
}

// The SMS gateway: each code waited for by the amount its SMS names ("Transfert de 1,23 USD ").
const waiting = new Map<string, (code: string) => void>()
const arrived = new Map<string, string>()
const gateway = createServer((req, res) => {
  let body = ''
  req.on('data', (c: Buffer) => (body += c.toString()))
  req.on('end', () => {
    const { text } = JSON.parse(body) as { text: string }
    const code = /Code de validation : (\d{8})/.exec(text)?.[1]
    const amount = /Transfert de (.+?) vers/.exec(text)?.[1]
    if (code && amount) {
      const wake = waiting.get(amount)
      if (wake) {
        waiting.delete(amount)
        wake(code)
      } else arrived.set(amount, code)
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"accepted"}')
  })
})
function codeFor(said: string, timeoutMs = 30_000): Promise<string> {
  const early = arrived.get(said)
  if (early) {
    arrived.delete(said)
    return Promise.resolve(early)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(said)
      reject(new Error(`no SMS for ${said}`))
    }, timeoutMs)
    waiting.set(said, (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

/** Distinct amounts in cents, so that each SMS names its transfer; said as the SMS says them. */
let nextCents = 100n
function nextAmount(): { amount: string; said: string } {
  const cents = nextCents++
  if (nextCents > 99_999n) nextCents = 100n
  return { amount: centsToDecimal(cents), said: formatMoney(cents, '1') }
}

const tokens = new Map<string, string>()
async function signIn(base: string, customer: LoadCustomer): Promise<{ ok: boolean; said?: string }> {
  const res = await post(base, '/auth/login', { username: customer.kcode, password: customer.pin })
  if (res.status !== 200) return { ok: false, said: `sign-in ${res.status} ${JSON.stringify(res.body)}` }
  tokens.set(customer.kcode, res.body.token as string)
  return { ok: true }
}

async function completeTransfer(base: string, customer: LoadCustomer, n: number): Promise<string | undefined> {
  const token = tokens.get(customer.kcode)!
  const { amount, said } = nextAmount()
  const ask = await post(
    base,
    `${API}/transfer/ask-wallet`,
    { debitAccount: customer.usd, phone: `2438100${String(n % 100000).padStart(5, '0')}`, description: 'Charge', currency: '1', amount, currencySent: '1' },
    token,
  )
  if (ask.status !== 200 || ask.body.status !== '0') return `ask ${ask.status} ${JSON.stringify(ask.body)}`
  const code = await codeFor(said)
  const confirm = await post(base, `${API}/transfer/confirm-wallet`, { code: ask.body.code, token: code }, token)
  if (confirm.status !== 200 || confirm.body.status !== '0') return `confirm ${confirm.status} ${JSON.stringify(confirm.body)}`
  return undefined
}

async function run(job: Exclude<Job, { type: 'stop' }>): Promise<JobResult> {
  const result: JobResult = { rate: 0, latencies: [], errors: 0, medians: {}, withoutSignIn: [], said: [] }
  const byKind: Record<string, number[]> = {}
  const fail = (said: string) => {
    result.errors++
    if (result.said.length < 5) result.said.push(said)
  }
  const base = () => job.origins[origin++ % job.origins.length]!
  await Promise.all(job.customers.filter((c) => !tokens.has(c.kcode)).map((c) => signIn(base(), c).then((r) => r.ok || fail(r.said!))))

  if (job.type === 'transfers') {
    let done = 0
    const end = Date.now() + job.durationMs
    const started = Date.now()
    await Promise.all(
      Array.from({ length: job.clients }, async (_, client) => {
        const customer = job.customers[client % job.customers.length]!
        for (let n = 0; Date.now() < end; n++) {
          const error = await completeTransfer(base(), customer, client * 1000 + n).catch((e: Error) => e.message)
          if (error) fail(error)
          else done++
        }
      }),
    )
    result.rate = (done * 1000) / (Date.now() - started)
    result.done = done
    return result
  }

  // Mixed traffic: the operation of each arrival drawn from the mix; a transfer is two requests
  // (its ask and, once the SMS came, its confirm), each timed from when it was due.
  const total = Math.round((job.rate * job.durationMs) / 1000)
  let mailsOwed = 0
  const start = performance.now()
  const calls: Promise<void>[] = []
  const today = new Date().toISOString().slice(0, 10)
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  let picked = 0
  const time = async (due: number, work: () => Promise<string | undefined>, kind: string) => {
    const error = await work().catch((e: Error) => e.message)
    const took = performance.now() - due
    result.latencies.push(took)
    if (kind !== 'sign-in') result.withoutSignIn.push(took)
    ;(byKind[kind] ??= []).push(took)
    if (error) fail(error)
  }
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / job.rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const customer = job.customers[picked++ % job.customers.length]!
    const token = tokens.get(customer.kcode)!
    const roll = (i * 37) % 100 // a fixed spread of the mix over every 100 arrivals
    const at = base()
    if (roll < 3) {
      calls.push(time(due, async () => ((await signIn(at, customer)).ok ? undefined : 'sign-in refused'), 'sign-in'))
    } else if (roll < 48) {
      calls.push(
        time(
          due,
          async () => {
            const res = await post(at, `${API}/balance`, { code: customer.usd, currency: '1' }, token)
            return res.status === 200 ? undefined : `balance ${res.status}`
          },
          'balance',
        ),
      )
    } else if (roll < 70) {
      calls.push(
        time(
          due,
          async () => {
            const res = await post(at, `${API}/statements`, { startDate: monthAgo, endDate: today, account: customer.usd, currency: '1' }, token)
            return res.status === 200 ? undefined : `statement ${res.status}`
          },
          'statement',
        ),
      )
    } else if (roll < 85) {
      // The ask now; its confirm counts as the next 15 % once the code has come.
      calls.push(
        (async () => {
          const { amount, said } = nextAmount()
          let reference: string | undefined
          await time(
            due,
            async () => {
              const ask = await post(
                at,
                `${API}/transfer/ask-wallet`,
                {
                  debitAccount: customer.usd,
                  phone: `24381000${String(i % 10000).padStart(4, '0')}`,
                  description: 'Charge',
                  currency: '1',
                  amount,
                  currencySent: '1',
                },
                token,
              )
              if (ask.status !== 200 || ask.body.status !== '0') return `ask ${ask.status} ${JSON.stringify(ask.body).slice(0, 120)}`
              reference = ask.body.code as string
              mailsOwed += 1
              return undefined
            },
            'ask',
          )
          if (!reference) return
          const code = await codeFor(said).catch(() => undefined)
          if (!code) return fail(`no SMS for ${said}`)
          const confirmDue = performance.now()
          await time(
            confirmDue,
            async () => {
              const res = await post(base(), `${API}/transfer/confirm-wallet`, { code: reference, token: code }, token)
              if (res.status !== 200 || res.body.status !== '0') return `confirm ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`
              mailsOwed += 1
              return undefined
            },
            'confirm',
          )
        })(),
      )
    }
    // roll ≥ 85: the confirms of the asks above (their own 15 %), sent when their codes arrive.
  }
  await Promise.all(calls)
  for (const [kind, values] of Object.entries(byKind)) result.medians[kind] = values.sort((a, b) => a - b)[values.length >> 1]!
  result.rate = (result.latencies.length * 1000) / (performance.now() - start)
  result.mailsOwed = mailsOwed
  return result
}

const port = Number(process.argv[2] ?? 0)
gateway.listen(port, '127.0.0.1', () => process.send!({ ready: true }))
process.on('message', (job: Job) => {
  if (job.type === 'stop') {
    gateway.close()
    void agent.destroy()
    process.exit(0)
  }
  run(job).then(
    (result) => process.send!(result),
    (error: Error) => process.send!({ rate: 0, latencies: [], errors: 1, medians: {}, withoutSignIn: [], said: [error.message] } satisfies JobResult),
  )
})

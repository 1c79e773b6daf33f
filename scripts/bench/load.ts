/**
 * HTTP load from this process (node:http, keep-alive): a closed loop of N connections
 * (throughput), and an open loop at a fixed rate (latency percentiles at that rate; each request
 * timed from when it was due, so a stalled server is not forgiven).
 */
import { Agent, request } from 'node:http'

export interface Call {
  path: string
  headers: Record<string, string>
  body: string
}

function post(agent: Agent, origin: string, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${call.path}`, { method: 'POST', agent, headers: call.headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(call.body)
  })
}

export async function closedLoop(origin: string, call: Call, connections: number, durationMs: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  let done = 0
  const end = Date.now() + durationMs
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const status = await post(agent, origin, call)
        if (status !== 200) throw new Error(`${call.path} answered ${status}`)
        done++
      }
    }),
  )
  agent.destroy()
  return (done * 1000) / durationMs
}

export async function openLoop(origin: string, call: Call, ratePerSecond: number, durationMs: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const latencies: number[] = []
  const total = Math.round((ratePerSecond * durationMs) / 1000)
  const start = performance.now()
  const calls: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / ratePerSecond
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    calls.push(post(agent, origin, call).then(() => void latencies.push(performance.now() - due)))
  }
  await Promise.all(calls)
  agent.destroy()
  return latencies
}

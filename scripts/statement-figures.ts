/**
 * `tsx scripts/statement-figures.ts [lines…]`: how long a statement of N lines takes to make, in
 * JSON (the whole statement, spec §7), its first page (what the screen asks for), CSV and PDF, on
 * a portal in this process (in-memory PGlite with the demo data, as the server tests). Each
 * account's lines are written in bulk, as a long-standing customer's would be, and analysed the
 * way the server would (it keeps the planner's statistics fresh: server/db/analyse.ts).
 * Meanwhile another customer asks for a balance every 20 ms; the slowest answer is printed.
 *
 * A measuring script, not a test (the tests check the behaviour at smaller sizes). Defaults:
 * 1000 10000 50000 lines; STATEMENT_FIGURES_PDF=0 leaves the PDF out; RUNS (default 3) runs each.
 */
import type { AddressInfo } from 'node:net'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { openDb } from '../server/db/db.ts'
import { migrate } from '../server/db/migrate.ts'
import { mainCustomer, statementOnlyCustomer } from '../server/demo/demo-data.ts'
import { seedDemo } from '../server/demo/seed.ts'
import { accountWithLines } from './bench/server-figures.ts'

const API = '/api/rest/customer/v1'
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
const SIZES = sizes.length > 0 ? sizes : [1000, 10_000, 50_000]
const RUNS = Number(process.env.RUNS ?? 3)
const WITH_PDF = process.env.STATEMENT_FIGURES_PDF !== '0'
const log = (line: string) => process.stderr.write(`${line}\n`)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const fmt = (xs: number[]) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`

async function main() {
  const db = await openDb({})
  await migrate(db)
  await seedDemo(db)
  // STATEMENT_FIGURES_STALE=1: statistics taken while the ledger was small (the demo's), as a
  // server that analysed once and never again would have them; then the bulk lines make them stale.
  if (process.env.STATEMENT_FIGURES_STALE === '1') await db.exec('analyze')
  const config = {
    ...loadConfig({ DEMO_MODE: 'true' }),
    port: 0,
    distDir: '/nonexistent',
    logLevel: 'silent' as const,
    sessionIdleMinutes: 600,
    sessionMaxMinutes: 6000,
    statementMaxRows: Math.max(...SIZES),
    addressLimits: { windowMinutes: 15, signIn: 100_000, pinResetAsk: 100_000, pinResetConfirm: 100_000, details: 100_000 },
  }
  const app = await buildApp({ config, db })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const signIn = async (c: { kcode: string; pin: string }) =>
    (
      (await (
        await fetch(`${url}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: c.kcode, password: c.pin }),
        })
      ).json()) as { token: string }
    ).token
  const esther = await signIn(statementOnlyCustomer)
  const jean = await signIn(mainCustomer)
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${url}${API}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })

  // the unrelated customer
  let slowest = 0
  let running = true
  let paused = true
  const unrelated = (async () => {
    while (running) {
      if (paused) {
        await new Promise((r) => setTimeout(r, 20))
        continue
      }
      const started = performance.now()
      await (await post('balance', jean, { code: mainCustomer.accounts.usd.number, currency: '1' })).json()
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()

  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
  const rows: string[] = []
  for (const [i, size] of SIZES.entries()) {
    const number = `FIGS${String(i).padStart(17, '0')}`
    log(`${size} lines: writing…`)
    await accountWithLines(db, number, size, `FIG${i}`)
    // What the server's timer does as the ledger grows (server/db/statistics.ts); STATEMENT_FIGURES_STALE=1 skips it.
    if (process.env.STATEMENT_FIGURES_STALE !== '1') log(`  analysed: ${await app.plannerStatistics.check()}`)
    paused = false
    const body = { startDate: day(10), endDate: day(0), account: number, currency: '3' }
    const figures: Record<string, number[]> = { json: [], firstPage: [], csv: [], pdf: [] }
    const bytes: Record<string, number> = {}
    for (let run = 0; run < RUNS; run++) {
      await new Promise((r) => setTimeout(r, 100))
      slowest = 0
      let t = performance.now()
      const whole = await post('statements', esther, body)
      const wholeText = await whole.text()
      figures.json!.push(performance.now() - t)
      bytes.json = wholeText.length
      const filename = (JSON.parse(wholeText) as { filename: string }).filename
      t = performance.now()
      const first = await post('statements', esther, { ...body, page: 0, size: 25 })
      const firstText = await first.text()
      figures.firstPage!.push(performance.now() - t)
      bytes.firstPage = firstText.length
      for (const ext of WITH_PDF ? ['csv', 'pdf'] : ['csv']) {
        t = performance.now()
        const res = await fetch(`${url}${API}/download/pdf/${filename}.${ext}`, { headers: { authorization: `Bearer ${esther}` } })
        const file = await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${ext}: ${res.status}`)
        figures[ext]!.push(performance.now() - t)
        bytes[ext] = file.byteLength
      }
      log(
        `  run ${run + 1}: ${Object.entries(figures)
          .map(([k, v]) => `${k} ${v.at(-1)?.toFixed(0) ?? '-'} ms`)
          .join(', ')}; slowest balance ${slowest.toFixed(0)} ms`,
      )
    }
    paused = true
    await new Promise((r) => setTimeout(r, 100))
    for (const [k, v] of Object.entries(figures)) if (v.length) rows.push(`| ${size} | ${k} | ${fmt(v)} | ${(bytes[k]! / 1024).toFixed(1)} KiB |`)
  }
  running = false
  await unrelated
  console.log('| lines | what | duration, median (min–max) | size |\n|---|---|---|---|')
  console.log(rows.join('\n'))
  await app.close()
  await db.close()
}

await main()

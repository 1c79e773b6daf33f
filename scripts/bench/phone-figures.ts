/**
 * The figures of a customer's phone that are neither a cold page nor the server: the first page of
 * a 50,000-line statement on a shared slow link, its PDF and CSV downloaded by Chromium from the
 * statement screen, a 10,000-line statement on screen (4× CPU) and the mobile data of a whole
 * session, first and repeat visit.
 * Run alone with `BENCH_ONLY=phone npm run bench` (BENCH_DETAIL=1 lists each request's bytes).
 */
import type { Browser } from 'playwright-core'
import type { Db } from '../../server/db/db.ts'
import { accountWithLines } from './server-figures.ts'
import { describeCount, sessionData } from './session-data.ts'
import { statementDownloadsInChromium, statementOnLink, statementOnScreen } from './statement-screen.ts'
import { measure, RUNS, type Measure } from './stats.ts'

const LONG_STATEMENT = { number: 'BENCH0000000000000010', lines: 10_000, prefix: 'SCREEN' }
/** The long statement on a phone's link: 50,000 lines, the screen showing its first page. */
const LONGEST_STATEMENT = { number: 'BENCH0000000000000050', lines: 50_000, prefix: 'LINKED' }
const log = (line: string) => process.stderr.write(`${line}\n`)

export interface PhoneRow {
  figure: string
  project: Measure
  unit: string
  target?: { kind: 'absolute'; limit: number; text: string }
}

export async function phoneFigures(browser: Browser, portal: { url: string; db: Db }): Promise<PhoneRow[]> {
  await accountWithLines(portal.db, LONG_STATEMENT.number, LONG_STATEMENT.lines, LONG_STATEMENT.prefix)
  await accountWithLines(portal.db, LONGEST_STATEMENT.number, LONGEST_STATEMENT.lines, LONGEST_STATEMENT.prefix)
  const startDate = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)
  const screen: number[] = []
  const first: number[] = []
  const repeat: number[] = []
  const reloaded: number[] = []
  const linked = { ms: [] as number[], bytes: [] as number[] }
  const downloads = { pdf: [] as number[], csv: [] as number[] }
  for (let i = 0; i < RUNS; i++) {
    log(`50,000-line statement's first page on a shared slow link, run ${i + 1}/${RUNS}…`)
    const onLink = await statementOnLink(browser, portal.url, LONGEST_STATEMENT.number, LONGEST_STATEMENT.lines, startDate)
    linked.ms.push(onLink.ms)
    linked.bytes.push(onLink.bytes)
    if (process.env.BENCH_DETAIL) log(`  ${onLink.ms} ms, ${onLink.bytes} bytes; requests:\n    ${onLink.requests.join('\n    ')}`)
    log(`50,000-line statement's PDF and CSV downloaded by Chromium, run ${i + 1}/${RUNS}…`)
    const downloaded = await statementDownloadsInChromium(browser, portal.url, LONGEST_STATEMENT.number, LONGEST_STATEMENT.lines, startDate)
    downloads.pdf.push(downloaded.pdfMs)
    downloads.csv.push(downloaded.csvMs)
    log(`  PDF ${downloaded.pdfMs} ms, CSV ${downloaded.csvMs} ms`)
    log(`10,000-line statement on screen, run ${i + 1}/${RUNS}…`)
    screen.push(await statementOnScreen(browser, portal.url, LONG_STATEMENT.number, LONG_STATEMENT.lines, startDate))
    log(`mobile data of a whole session, run ${i + 1}/${RUNS}…`)
    const data = await sessionData(browser, portal.url)
    if (process.env.BENCH_DETAIL)
      log(
        [describeCount('first visit', data.first), describeCount('repeat visit', data.repeat), describeCount('repeat visit with a reload', data.reloaded)].join(
          '\n',
        ),
      )
    first.push(data.first.sent + data.first.received)
    repeat.push(data.repeat.sent + data.repeat.received)
    reloaded.push(data.reloaded.sent + data.reloaded.received)
  }
  return [
    {
      figure: '50,000-row statement, its first page on screen, link-level Slow 3G (one shared pipe) + 4× CPU: click → first rows painted',
      project: measure(linked.ms),
      unit: 'ms',
      target: { kind: 'absolute', limit: 1500, text: '≤ 1.5 s' },
    },
    {
      figure: '50,000-row statement, its first page on screen: every byte both ways on the link meanwhile',
      project: measure(linked.bytes),
      unit: 'KiB',
      target: { kind: 'absolute', limit: 1_000_000, text: '≤ 1 MB (10⁶ bytes)' },
    },
    {
      figure: '50,000-row statement: its PDF downloaded by Chromium from the statement screen (click → the file whole on disk)',
      project: measure(downloads.pdf),
      unit: 'ms',
    },
    {
      figure: '50,000-row statement: its CSV downloaded by Chromium from the statement screen (click → the file whole on disk)',
      project: measure(downloads.csv),
      unit: 'ms',
    },
    {
      figure: '10,000-row statement on screen, 4× CPU: first rows visible after the answer',
      project: measure(screen),
      unit: 'ms',
      target: { kind: 'absolute', limit: 1000, text: '≤ 1 s' },
    },
    {
      figure: 'mobile data, whole session (headers included): first visit',
      project: measure(first),
      unit: 'KiB',
      target: { kind: 'absolute', limit: 170 * 1024, text: '≤ 170 KiB' },
    },
    {
      figure: 'mobile data, whole session (headers included): repeat visit',
      project: measure(repeat),
      unit: 'KiB',
      target: { kind: 'absolute', limit: 10 * 1024, text: '≤ 10 KiB' },
    },
    {
      figure: 'mobile data, whole session (headers included): repeat visit, the balance screen reloaded on the way',
      project: measure(reloaded),
      unit: 'KiB',
      target: { kind: 'absolute', limit: 10 * 1024, text: '≤ 10 KiB' },
    },
  ]
}

/**
 * Statements (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): the lines from the
 * ledger (order, totals, running balance, inclusive days), transfers on both sides, refusals that
 * write nothing, the range bound, the CSV (BOM, `;`, CRLF, decimal comma, quoting, formula
 * escaping), the PDF read back with pdftotext, and the ownership of downloads.
 */
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, validation } from '../../machines/messages.ts'
import {
  MERCHANT_LABELS,
  demoBalanceCents,
  demoMovements,
  internalAccountNumber,
  mainCustomer,
  statementOnlyCustomer,
  unknownAccountNumber,
} from '../../server/demo/demo-data.ts'
import { centsToDecimal, decimalToCents } from '../../server/domain/money.ts'
import { FIRST_PAGE_ROWS, OTHER_PAGE_ROWS, frenchAmount, pageCount } from '../../server/domain/statement-pdf.ts'
import type { StatementLine } from '../../server/domain/statement-lines.ts'
import { CSV_COLUMNS, MAX_STATEMENT_DAYS, csvRow, csvText, periodOf, statementLines } from '../../server/domain/statements.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { transferHelpers } from './transfers-helpers.ts'

const t = api.statement
const DAY_MS = 24 * 60 * 60 * 1000
let server: TestServer
let jean: string
let esther: string
const h = transferHelpers(() => server)

beforeAll(async () => {
  server = await startTestServer({ config: { bankName: 'Banque du Kivu', sessionIdleMinutes: 600, sessionMaxMinutes: 6000 } })
  jean = await server.signIn(mainCustomer)
  esther = await server.signIn(statementOnlyCustomer)
})
afterAll(() => server?.close())

const usd = mainCustomer.accounts.usd
const cdf = mainCustomer.accounts.cdf
const estherCdf = statementOnlyCustomer.accounts.cdf

/** The seed day (UTC midnight of the test clock's day) minus n days, as yyyy-mm-dd. */
const seedDay = () => {
  const now = server.clock.now()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
}
const daysAgo = (n: number) => new Date(seedDay() - n * DAY_MS).toISOString().slice(0, 10)
/** Today in the bank's time zone. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: server.config.timeZone }).format(server.clock.now())
const fr = (iso: string) => iso.split('-').reverse().join('/')
/** An instant as the CSV writes it: dd/mm/yyyy hh:mm:ss in the bank's time zone. */
const bankTime = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: server.config.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`
}

const statements = (token: string, body: Record<string, unknown>) => server.call(customerPath('statements'), { token, body })
const report = (token: string, body: Record<string, unknown>) => server.call(customerPath('report/pdf'), { token, body })
const request = (account: { number: string; currency: string }, startDate: string, endDate: string) => ({
  startDate,
  endDate,
  account: account.number,
  currency: account.currency,
})
const download = (id: string, token = jean) => fetch(`${server.url}${customerPath(`download/pdf/${id}`)}`, { headers: { authorization: `Bearer ${token}` } })

async function fileCount(): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from statement_files')
  return row!.n
}

function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ')
}

/** A small RFC 4180 reader for `;`-separated text with CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ';') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

describe('POST statements', () => {
  it('answers the three months of an account from the ledger, ordered, with the running balance ending on the balance', async () => {
    const res = await statements(jean, request(usd, daysAgo(100), today()))
    expect(res.status).toBe(200)
    const body = res.body
    expect(body).toMatchObject({ code: '0', status: '0' })
    expect(body.filename).toMatch(/^releve-\d{8}-\d{8}-[0-9a-f]{32}$/)
    expect(body.filename.slice(7, 24)).toBe(`${daysAgo(100).replaceAll('-', '')}-${today().replaceAll('-', '')}`)
    const lines = body.transactions as StatementLine[]
    const movements = demoMovements(usd)
    expect(lines.length).toBe(movements.length)
    expect(lines.length).toBeGreaterThan(30)
    expect(lines.map((l) => l.description)).toEqual(movements.map((m) => m.description))
    let running = 0n
    let debits = 0n
    let credits = 0n
    for (const [i, line] of lines.entries()) {
      expect(Object.keys(line).sort()).toEqual([...CSV_COLUMNS].sort())
      expect(line.num).toBe(usd.number)
      expect(new Date(line.date_operation).toISOString()).toBe(line.date_operation)
      if (i > 0) expect(line.date_operation >= lines[i - 1]!.date_operation).toBe(true)
      expect((line.debit === '') !== (line.credit === '')).toBe(true)
      for (const amount of [line.debit, line.credit]) if (amount !== '') expect(amount).toMatch(/^[0-9]+\.[0-9]{2}$/)
      expect(line.solde).toMatch(/^-?[0-9]+\.[0-9]{2}$/)
      const cents = line.credit ? decimalToCents(line.credit) : -decimalToCents(line.debit)
      expect(cents).toBe(movements[i]!.cents)
      running += cents
      if (cents < 0n) debits -= cents
      else credits += cents
      expect(line.solde, `line ${i}`).toBe(centsToDecimal(running))
    }
    expect(credits - debits).toBe(demoBalanceCents(usd))
    const balance = await server.call(customerPath('balance'), { token: jean, body: { code: usd.number, currency: usd.currency } })
    expect(lines.at(-1)!.solde).toBe(balance.body.amount)
    expect(lines.map((l) => l.description)).toContain(MERCHANT_LABELS[12])
    expect(new Set(lines.map((l) => l.num_transaction)).size).toBe(lines.length)
  })

  it('takes whole days in the bank time zone, both bounds included', async () => {
    const movements = demoMovements(usd)
    const day = movements.find((m) => m.kind === 'deposit' && m.description === 'Versement salaire')!.daysAgo
    const onDay = movements.filter((m) => m.daysAgo === day)
    const one = await statements(jean, request(usd, daysAgo(day), daysAgo(day)))
    expect(one.body.transactions.map((l: { description: string }) => l.description)).toEqual(onDay.map((m) => m.description))
    // the days before and after are left out; a range ending on the day includes it
    const around = movements.filter((m) => m.daysAgo <= day + 3 && m.daysAgo >= day - 3)
    const wide = await statements(jean, request(usd, daysAgo(day + 3), daysAgo(day - 3)))
    expect(wide.body.transactions.length).toBe(around.length)
    const after = await statements(jean, request(usd, daysAgo(day - 1), daysAgo(day - 1)))
    expect(after.body.transactions.map((l: { description: string }) => l.description)).toEqual(
      movements.filter((m) => m.daysAgo === day - 1).map((m) => m.description),
    )
    // the running balance of a middle range continues the one before it
    const before = movements.filter((m) => m.daysAgo > day).reduce((s, m) => s + m.cents, 0n)
    expect(one.body.transactions[0].solde).toBe(centsToDecimal(before + onDay[0]!.cents))
    // a day without movement: an empty statement, still with a file name
    const quiet = await statements(jean, request(usd, daysAgo(200), daysAgo(150)))
    expect(quiet.body).toMatchObject({ code: '0', status: '0', transactions: [] })
    expect(quiet.body.filename).toMatch(/^releve-/)
  })

  it('shows a transfer made through the API on both sides, each in its own words', async () => {
    const ask = await h.ask('account', jean, {
      debitAccount: cdf.number,
      creditAccount: estherCdf.number,
      description: 'Loyer mars',
      currency: '3',
      amount: '12500.50',
    })
    expect(ask.body.status, ask.body.message).toBe('0')
    const code = await h.codeSentTo(mainCustomer)
    const done = await h.confirm('account', jean, ask.body.code, code)
    expect(done.body.status).toBe('0')

    const mine = (await statements(jean, request(cdf, daysAgo(2), today()))).body.transactions
    const last = mine.at(-1)
    expect(last).toMatchObject({
      num_transaction: ask.body.code,
      num: cdf.number,
      description: api.transfer.debitLine(statementOnlyCustomer.name, 'Loyer mars'),
      debit: '12500.50',
      credit: '',
      solde: await h.balanceOf(cdf.number),
    })
    const theirs = (await statements(esther, request(estherCdf, daysAgo(2), today()))).body.transactions
    expect(theirs.at(-1)).toMatchObject({
      num_transaction: ask.body.code,
      num: estherCdf.number,
      description: api.transfer.creditLine(mainCustomer.name, 'Loyer mars'),
      debit: '',
      credit: '12500.50',
      solde: await h.balanceOf(estherCdf.number),
    })
    expect(last.date_operation).toBe(done.body.executedAt)
  })

  it('refuses start after end, another customer account, an unknown one, another currency: status 1, nothing written', async () => {
    const before = await fileCount()
    const cases: [string, Record<string, unknown>, string][] = [
      ['start after end', request(usd, today(), daysAgo(1)), validation.startAfterEnd],
      ["another customer's account", request(estherCdf, daysAgo(30), today()), t.notOwn],
      ['an unknown account', request({ number: unknownAccountNumber, currency: '1' }, daysAgo(30), today()), t.notOwn],
      ['the bank’s own account', request({ number: internalAccountNumber('1'), currency: '1' }, daysAgo(30), today()), t.notOwn],
      ['another currency', { ...request(usd, daysAgo(30), today()), currency: '3' }, t.currencyMismatch],
      [`more than ${MAX_STATEMENT_DAYS} days`, request(usd, '2024-01-01', '2025-01-01'), t.rangeTooLong(MAX_STATEMENT_DAYS)],
    ]
    for (const [name, body, message] of cases) {
      for (const call of [statements, report]) {
        const res = await call(jean, body)
        expect(res.status, name).toBe(200)
        expect(res.body, name).toEqual({ code: '0', status: '1', message })
      }
    }
    expect(t.startAfterEnd).toBe('La date de début ne peut pas être supérieure à la date de fin')
    // Esther is refused Jean's account with the very words of an unknown account
    expect((await statements(esther, request(usd, daysAgo(30), today()))).body).toEqual({ code: '0', status: '1', message: t.notOwn })
    expect(await fileCount()).toBe(before)
  })

  it('refuses a customer without the statements module before anything else (her dates and account are not looked at): status 1, nothing written', async () => {
    const before = await fileCount()
    const [jeanRow] = await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [mainCustomer.kcode])
    await server.db.query(`delete from customer_modules where customer_id = $1 and module = 'statement'`, [jeanRow!.id])
    try {
      for (const body of [
        request(usd, daysAgo(30), today()),
        request(usd, today(), daysAgo(1)),
        request({ number: unknownAccountNumber, currency: '1' }, '2024-01-01', '2025-01-01'),
      ])
        for (const call of [statements, report]) expect((await call(jean, body)).body).toEqual({ code: '0', status: '1', message: t.serviceDisabled })
    } finally {
      await server.db.query(`insert into customer_modules (customer_id, module) values ($1, 'statement')`, [jeanRow!.id])
    }
    expect((await statements(jean, request(usd, daysAgo(30), today()))).body.status).toBe('0')
    expect(await fileCount()).toBe(before + 1)
  })

  it('accepts exactly 366 days (a leap year), and refuses malformed dates with 400', async () => {
    expect((await statements(jean, request(usd, '2024-01-01', '2024-12-31'))).body.status).toBe('0')
    expect((await statements(jean, request(usd, '2025-01-01', '2026-01-01'))).body.status).toBe('0')
    expect((await statements(jean, request(usd, '2025-01-01', '2026-01-02'))).body.status).toBe('1')
    const before = await fileCount()
    for (const bad of ['2026-02-30', '01/03/2026', '']) {
      expect((await statements(jean, request(usd, bad, today()))).status, bad).toBe(400)
    }
    expect(await fileCount()).toBe(before)
  })

  it('needs a session', async () => {
    expect((await server.call(customerPath('statements'), { body: request(usd, daysAgo(1), today()) })).status).toBe(403)
  })
})

describe('POST statements with a page (the screen)', () => {
  it('answers one page, the count, and on page 0 the file name, the totals and the chart; without a page, every line as in spec §7', async () => {
    const body = request(usd, daysAgo(100), today())
    const whole = (await statements(jean, body)).body
    const lines = whole.transactions as StatementLine[]
    expect(lines.length).toBeGreaterThan(30)
    const first = await statements(jean, { ...body, page: 0, size: 10 })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ code: '0', status: '0', count: lines.length, page: 0, size: 10 })
    expect(first.body.filename).toMatch(/^releve-\d{8}-\d{8}-[0-9a-f]{32}$/)
    expect(first.body.transactions).toEqual(lines.slice(0, 10))
    // the totals and the chart, from the ledger, exact
    const cents = (field: 'debit' | 'credit') => lines.reduce((sum, line) => sum + decimalToCents(line[field] || '0'), 0n)
    const closing = lines.at(-1)!.solde
    const opening = centsToDecimal(decimalToCents(closing) - cents('credit') + cents('debit'))
    const balances = [opening, ...lines.map((line) => line.solde)]
    const sorted = [...balances].sort((a, b) => Number(decimalToCents(a) - decimalToCents(b)))
    expect(first.body.summary).toEqual({
      opening,
      closing,
      totalDebits: centsToDecimal(cents('debit')),
      totalCredits: centsToDecimal(cents('credit')),
      lowest: sorted[0],
      highest: sorted.at(-1),
      balances,
    })
    // a later page: its lines only, no new file, no summary
    const before = await fileCount()
    const third = await statements(jean, { ...body, page: 2, size: 10 })
    expect(third.body).toEqual({ code: '0', status: '0', count: lines.length, page: 2, size: 10, transactions: lines.slice(20, 30) })
    expect(await fileCount()).toBe(before)
    const past = await statements(jean, { ...body, page: 100, size: 10 })
    expect(past.body.transactions).toEqual([])
    // the default size is the screen's
    expect((await statements(jean, { ...body, page: 0 })).body.transactions).toEqual(lines.slice(0, 25))
    // refusals are the same as without a page
    expect((await statements(jean, { ...request(usd, today(), daysAgo(1)), page: 0 })).body.status).toBe('1')
    for (const bad of [{ page: -1 }, { page: 0, size: 0 }, { page: 0, size: 501 }, { page: '0' }]) {
      expect((await statements(jean, { ...body, ...bad })).status, JSON.stringify(bad)).toBe(400)
    }
  })

  it('samples the chart at 600 instants for a longer period, and streams the whole JSON all the same', async () => {
    const [customer] = await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [statementOnlyCustomer.kcode])
    const number = 'CHART0000000000000001'
    const [account] = await server.db.query<{ id: string }>(
      `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
      [number, customer!.id, statementOnlyCustomer.name],
    )
    const [bank] = await server.db.query<{ id: string }>('select id::text from accounts where number = $1', [internalAccountNumber('3')])
    const count = 1500
    await server.db.query(
      `with t as (
         insert into ledger_transactions (reference, kind, description, booked_at)
         select 'CHART' || lpad(i::text, 5, '0'), 'deposit', 'Dépôt n° ' || i, $3::timestamptz + make_interval(mins => i * 5)
           from generate_series(1, $4::int) i
         returning id, reference, booked_at)
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at)
       select id, $1::bigint, 1, right(reference, 5)::int, booked_at from t union all select id, $2::bigint, -1, 0, booked_at from t`,
      [account!.id, bank!.id, new Date(seedDay() - 9 * DAY_MS), count],
    )
    const body = { ...request({ number, currency: '3' }, daysAgo(10), today()) }
    const first = (await statements(esther, { ...body, page: 0 })).body
    expect(first.count).toBe(count)
    expect(first.summary.balances).toHaveLength(601)
    expect(first.summary.balances[0]).toBe('0.00')
    expect(first.summary.balances.at(-1)).toBe(`${count}.00`)
    expect(first.summary).toMatchObject({ lowest: '0.00', highest: `${count}.00`, closing: `${count}.00`, totalCredits: `${count}.00` })
    // never going down: each point is the balance at its instant
    const points = (first.summary.balances as string[]).map(Number)
    expect(points.every((b, i) => i === 0 || b >= points[i - 1]!)).toBe(true)
    const whole = await statements(esther, body)
    expect(whole.headers.get('content-type')).toMatch(/^application\/json/)
    expect(whole.body.transactions).toHaveLength(count)
    expect(whole.body.transactions.slice(0, 25)).toEqual(first.transactions)
    expect(whole.body.transactions.at(-1)).toMatchObject({ num_transaction: `CHART0${count}`, credit: '1.00', debit: '', solde: `${count}.00` })
  })
})

describe('POST report/pdf', () => {
  it('answers a file name, and ignores the transactions sent', async () => {
    const res = await report(jean, { ...request(usd, daysAgo(100), today()), transactions: [{ description: 'falsifié' }] })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: '0', status: '0', filename: expect.stringMatching(/^releve-\d{8}-\d{8}-[0-9a-f]{32}$/) })
    const csv = await (await download(`${res.body.filename}.csv`)).text()
    expect(csv).not.toContain('falsifié')
    expect(csv).toContain('Versement initial')
  })
})

describe('CSV', () => {
  it('is UTF-8 with BOM, `;`, CRLF, the seven columns, decimal comma, the same lines as the answer', async () => {
    const stmt = (await statements(jean, request(usd, daysAgo(100), today()))).body
    const res = await download(`${stmt.filename}.csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${stmt.filename}.csv"`)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    expect(text.startsWith('num_transaction;date_operation;num;description;debit;credit;solde\r\n')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const rows = parseCsv(text)
    expect(rows[0]).toEqual([...CSV_COLUMNS])
    const lines = stmt.transactions as StatementLine[]
    expect(rows.length).toBe(lines.length + 1)
    for (const [i, line] of lines.entries()) {
      const row = rows[i + 1]!
      const unescaped = row[3]!.replace(/^'(?=[=+\-@\t\r])/, '')
      expect([row[0], row[1], row[2], unescaped], `row ${i}`).toEqual([line.num_transaction, bankTime(line.date_operation), line.num, line.description])
      expect(row.slice(4)).toEqual([line.debit, line.credit, line.solde].map((v) => v.replace('.', ',')))
      for (const amount of row.slice(4)) expect(amount).toMatch(/^(-?[0-9]+,[0-9]{2})?$/)
    }
    // the date and time in the bank's zone, as the screen shows them (Kinshasa: UTC+1, no summer time)
    expect(rows[1]![1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
    const utc = new Date(lines[0]!.date_operation)
    expect(rows[1]![1]!.slice(11, 13)).toBe(String((utc.getUTCHours() + 1) % 24).padStart(2, '0'))
    expect(text).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/)
    // the merchant labels of the demo: a formula made harmless, quotes doubled around a `;`
    expect(text).toContain(`;'=SOMME(A1);`)
    expect(text).toContain(`;"'@Kin Shop ""Marché central""; livraison";`)
    expect(text).not.toMatch(/;=/)
  })

  it('escapes text cells that a spreadsheet would run, and keeps numbers numeric', () => {
    expect(csvText('=SOMME(A1)')).toBe("'=SOMME(A1)")
    expect(csvText('+243 812 345 678')).toBe("'+243 812 345 678")
    expect(csvText('-2+3')).toBe("'-2+3")
    expect(csvText('@cmd')).toBe("'@cmd")
    expect(csvText('\tx')).toBe("'\tx")
    expect(csvText('\rx')).toBe(`"'\rx"`)
    expect(csvText('Paiement "A"; B')).toBe('"Paiement ""A""; B"')
    expect(csvText('ligne\nsuite')).toBe('"ligne\nsuite"')
    expect(csvText('Achat simple')).toBe('Achat simple')
    const row = csvRow(
      {
        num_transaction: 'R1',
        date_operation: '2026-03-01T08:00:00.000Z',
        num: usd.number,
        description: '-x',
        debit: '',
        credit: '1234.50',
        solde: '-12.50',
      },
      '01/03/2026 09:00:00',
    )
    expect(row).toBe(`R1;01/03/2026 09:00:00;${usd.number};'-x;;1234,50;-12,50`)
  })
})

describe('PDF', () => {
  it('is a statement a customer keeps: bank, customer, account, period, balances, totals, lines, pages', async () => {
    const movements = demoMovements(usd)
    const from = 60
    const inRange = movements.filter((m) => m.daysAgo <= from)
    const opening = movements.filter((m) => m.daysAgo > from).reduce((s, m) => s + m.cents, 0n)
    const debits = inRange.filter((m) => m.cents < 0n).reduce((s, m) => s - m.cents, 0n)
    const credits = inRange.filter((m) => m.cents > 0n).reduce((s, m) => s + m.cents, 0n)
    const stmt = (await report(jean, request(usd, daysAgo(from), daysAgo(1)))).body
    const res = await download(`${stmt.filename}.pdf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${stmt.filename}.pdf"`)
    const text = pdfText(Buffer.from(await res.arrayBuffer()))
    const money = (cents: bigint) => `${frenchAmount(centsToDecimal(cents))} USD`
    expect(text).toContain('Banque du Kivu')
    expect(text).toContain('Relevé de compte')
    expect(text).toContain('Jean Mukendi (K1234567)')
    expect(text).toContain(usd.number)
    expect(text).toContain(`du ${fr(daysAgo(from))} au ${fr(daysAgo(1))}`)
    expect(text).toContain(`Solde d'ouverture : ${money(opening)}`)
    expect(text).toContain(`Solde de clôture : ${money(opening - debits + credits)}`)
    expect(text).toContain(`Total des débits : ${money(debits)}`)
    expect(text).toContain(`Total des crédits : ${money(credits)}`)
    expect(text).toContain(`Nombre d'opérations : ${inRange.length}`)
    expect(text).toContain('Versement salaire')
    expect(text).toContain('=SOMME(A1)')
    expect(text).toContain('Page 1 / 1')
    expect(text).toMatch(/Édité le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}:\d{2} \(heure de Kinshasa\)/)
    expect(frenchAmount('1234567.8')).toBe('1 234 567,80')
    // a line: its date, its number, its amount and running balance in French format
    const salary = inRange.find((m) => m.description === 'Versement salaire')!
    expect(text).toContain(fr(daysAgo(salary.daysAgo)))
    expect(text).toContain(frenchAmount(centsToDecimal(salary.cents)))
  })

  it("writes a transfer's whole reference and its whole label, however long (wrapped, never cut)", async () => {
    const label = 'Loyer du mois de mars et charges communes de l’immeuble, avenue du Commerce, numéro quarante-deux, troisième étage'
    const ask = await h.ask('account', jean, { debitAccount: cdf.number, creditAccount: estherCdf.number, description: label, currency: '3', amount: '10.00' })
    expect(ask.body.status, ask.body.message).toBe('0')
    expect((await h.confirm('account', jean, ask.body.code, await h.codeSentTo(mainCustomer))).body.status).toBe('0')
    const stmt = (await statements(jean, request(cdf, daysAgo(2), today()))).body
    const text = pdfText(Buffer.from(await (await download(`${stmt.filename}.pdf`)).arrayBuffer()))
    // the reference on one line, whole (VIR + 20 characters)
    expect(ask.body.code).toMatch(/^VIR[0-9A-Z]{20}$/)
    expect(text).toContain(ask.body.code)
    // the label over several lines of its cell: every word of it, in order, and no ellipsis
    const words = api.transfer.debitLine(statementOnlyCustomer.name, label).split(' ')
    let from = 0
    for (const word of words) {
      const at = text.indexOf(word, from)
      expect(at, word).toBeGreaterThanOrEqual(0)
      from = at + word.length
    }
    expect(text).not.toContain('…')
  })

  it('runs over pages, numbered "Page n / N", with every line', async () => {
    // 120 movements of 1,00 on a fresh account of Esther, booked against the bank as the seed does
    const [customer] = await server.db.query<{ id: string }>('select id::text from customers where kcode = $1', [statementOnlyCustomer.kcode])
    const number = 'PAGES0000000000000001'
    const [account] = await server.db.query<{ id: string }>(
      `insert into accounts (number, currency, kind, customer_id, holder_label) values ($1, '3', 'customer', $2, $3) returning id::text`,
      [number, customer!.id, statementOnlyCustomer.name],
    )
    const [bank] = await server.db.query<{ id: string; balance: string }>('select id::text, balance::text from accounts where number = $1', [
      internalAccountNumber('3'),
    ])
    let bankCents = decimalToCents(bank!.balance)
    const count = 120
    const start = seedDay() - 10 * DAY_MS + 9 * 60 * 60 * 1000
    for (let i = 1; i <= count; i++) {
      bankCents -= 100n
      const at = new Date(start + Math.floor(i / 3) * 60_000) // three lines share each instant: the keyset breaks ties by id
      const [trx] = await server.db.query<{ id: string }>(
        "insert into ledger_transactions (reference, kind, description, booked_at) values ($1, 'deposit', $2, $3) returning id::text",
        [`PAGE${String(i).padStart(4, '0')}`, `Dépôt n° ${i}`, at],
      )
      await server.db.query(
        `insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at) values ($1, $2, 1, $3, $5), ($1, $4, -1, $6, $5)`,
        [trx!.id, account!.id, centsToDecimal(BigInt(i) * 100n), bank!.id, at, centsToDecimal(bankCents)],
      )
    }
    await server.db.query('update accounts set balance = $2 where id = $1', [account!.id, centsToDecimal(BigInt(count) * 100n)])
    await server.db.query('update accounts set balance = $2 where id = $1', [bank!.id, centsToDecimal(bankCents)])

    const pages = pageCount(count)
    expect(pages).toBe(1 + Math.ceil((count - FIRST_PAGE_ROWS) / OTHER_PAGE_ROWS))
    expect(pages).toBeGreaterThanOrEqual(3)
    const stmt = (await statements(esther, request({ number, currency: '3' }, daysAgo(11), today()))).body
    expect(stmt.transactions.length).toBe(count)
    expect(stmt.transactions.at(-1).solde).toBe('120.00')
    const text = pdfText(Buffer.from(await (await download(`${stmt.filename}.pdf`, esther)).arrayBuffer()))
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} / ${pages}`)
    expect(text).not.toContain(`Page ${pages + 1} /`)
    for (let i = 1; i <= count; i++) expect(text).toContain(`PAGE${String(i).padStart(4, '0')}`)
    expect(text).toContain('Dépôt n° 120')
    expect(text).toContain('Solde de clôture : 120,00 CDF')
    // the keyset pages join up: read 7 at a time, the same 120 lines in the same order
    const period = await periodOf(server.db, daysAgo(11), today(), server.config.timeZone)
    const paged: StatementLine[] = []
    for await (const line of statementLines(server.db, { id: account!.id, number }, period, 7)) paged.push(line)
    expect(paged).toEqual(stmt.transactions)
    const csv = parseCsv((await (await download(`${stmt.filename}.csv`, esther)).text()).slice(1))
    expect(csv.length).toBe(count + 1)
    expect(csv.at(-1)![6]).toBe('120,00')
  })
})

describe('download/link and download/v1/statement?link= (the browser downloads by itself)', () => {
  const link = (id: string, token = jean) => server.call(customerPath('download/link'), { token, body: { id } })

  it('a signed link, opened without a session, gives the same file as an attachment, once', async () => {
    const { filename } = (await report(jean, request(usd, daysAgo(100), today()))).body
    const asked = await link(`${filename}.csv`)
    expect(asked.status).toBe(200)
    expect(asked.body).toEqual({
      code: '0',
      url: expect.stringMatching(/^\/api\/rest\/download\/v1\/statement\?link=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
      expiresIn: 60,
    })
    const res = await fetch(server.url + asked.body.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}.csv"`)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const viaLink = await res.text()
    expect(viaLink).toBe(await (await download(`${filename}.csv`)).text())
    // once only
    expect((await fetch(server.url + asked.body.url)).status).toBe(404)
    // a PDF too
    const pdf = await fetch(server.url + (await link(`${filename}.pdf`)).body.url)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
  })

  it('refuses a link that was changed, has expired, or names a file of another customer: 404, nothing said', async () => {
    const { filename } = (await report(jean, request(usd, daysAgo(30), today()))).body
    const notFound = { message: api.notFound }
    // another customer's file, or none
    for (const [id, token] of [
      [`${filename}.pdf`, esther],
      ['inconnu.csv', jean],
    ] as const) {
      const res = await link(id, token)
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual(notFound)
    }
    // a changed link: its claims or its signature
    const url: string = (await link(`${filename}.csv`)).body.url
    const [claims, mac] = url.split('=').at(-1)!.split('.') as [string, string]
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), customer: '999' })).toString('base64url')
    for (const bad of [`${forged}.${mac}`, `${claims}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await server.call(`/api/rest/download/v1/statement?link=${bad}`)
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound)
    }
    // expired: 60 seconds later (the server's clock)
    server.clock.advance(61_000)
    expect((await fetch(server.url + url)).status).toBe(404)
    // the link call needs a session; a malformed id is a 400 of the contract
    expect((await server.call(customerPath('download/link'), { body: { id: `${filename}.csv` } })).status).toBe(403)
    expect((await link(`../${filename}.csv`)).status).toBe(400)
  })
})

describe('download/pdf/{id}', () => {
  it('serves a statement to its owner only: the same 404 for another customer and an unknown name', async () => {
    const { filename } = (await report(jean, request(usd, daysAgo(30), today()))).body
    expect((await download(`${filename}.pdf`)).status).toBe(200)
    const notFound = { message: api.notFound }
    for (const id of [`${filename}.pdf`, `${filename}.csv`]) {
      const res = await server.call(customerPath(`download/pdf/${id}`), { token: esther })
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual(notFound)
    }
    for (const id of [
      'releve-20260101-20260131-00000000000000000000000000000000.pdf',
      'inconnu.csv',
      `${filename.slice(0, -1)}${filename.endsWith('0') ? '1' : '0'}.csv`,
    ]) {
      const res = await server.call(customerPath(`download/pdf/${id}`), { token: jean })
      expect(res.status, id).toBe(404)
      expect(res.body).toEqual(notFound)
    }
  })

  it('refuses path tricks and other extensions with 400 (contract pattern), and anonymous calls with 403', async () => {
    const { filename } = (await report(jean, request(usd, daysAgo(30), today()))).body
    for (const id of ['..%2F..%2Fetc%2Fpasswd.pdf', `..%2F${filename}.pdf`, `${filename}.txt`, `${filename}.pdf%00.csv`, `${filename}`, `${filename}.PDF`]) {
      const res = await server.call(customerPath(`download/pdf/${id}`), { token: jean })
      expect(res.status, id).toBe(400)
    }
    expect((await server.call(customerPath(`download/pdf/${filename}.pdf`))).status).toBe(403)
  })
})

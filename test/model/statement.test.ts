import { describe, expect, it } from 'vitest'
import type { Account } from '../../machines/shared/customer.ts'
import { accounts as accountTexts, api, statement as texts, statementView as view } from '../../machines/messages.ts'
import { statementMachine } from '../../machines/statement/statement.machine.ts'
import { canDownload } from '../../machines/statement/statement.rules.ts'
import { statementScreen } from '../../machines/statement/statement.screen.ts'
import type {
  DownloadLinkAnswer,
  StatementAnswer,
  StatementEvent,
  StatementField,
  StatementInput,
  StatementRequest,
  StatementResult,
  Transaction,
} from '../../machines/statement/statement.types.ts'
import { createWalk, doneEvent, errorEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }
const TODAY = '2026-05-14'

const loaded: StatementInput = { accounts: [usd, cdf], accountsFailed: false, today: TODAY }
const inputs: Record<string, StatementInput> = {
  'accounts loaded': loaded,
  'no account': { accounts: [], accountsFailed: false, today: TODAY },
  'accounts failed': { accounts: [], accountsFailed: true, today: TODAY },
}

const line = (n: number, debit: string, credit: string, solde: string): Transaction => ({
  num_transaction: `TRX-${n}`,
  date_operation: `2026-05-0${n}T09:30:00.000Z`,
  num: usd.compte,
  description: `Opération ${n}`,
  debit,
  credit,
  solde,
})
const lines = [line(1, '', '1500', '1500'), line(2, '234.5', '', '1265.5')]

const change = (field: StatementField, value: string): StatementEvent => ({ type: 'field.change', field, value })
const submit: StatementEvent = { type: 'statement.submit' }
const pdf: StatementEvent = { type: 'download.pdf' }
const csv: StatementEvent = { type: 'download.csv' }
const reload: StatementEvent = { type: 'accounts.reload' }
const accountsChange: StatementEvent = { type: 'accounts.change', accounts: [usd, cdf], accountsFailed: false }
const answered = (answer: StatementAnswer) => doneEvent('loadStatement', answer)
const pageGo = (page: number): StatementEvent => ({ type: 'page.go', page })
const searchFor = (value: string): StatementEvent => ({ type: 'search.change', value })
const searchPause = { type: 'xstate.after.searchPause.statement.query.searchWaiting' } as const
const LINK = '/api/rest/download/v1/statement?link=abc.def'
const linked = doneEvent('downloadLink', { status: 200, body: { code: '0', url: LINK, expiresIn: 60 } } satisfies DownloadLinkAnswer)
const busy = doneEvent('downloadLink', { status: 503, body: { code: '1', message: api.statement.busy } } satisfies DownloadLinkAnswer)
const noLink = doneEvent('downloadLink', { status: 404, body: { message: api.notFound } } satisfies DownloadLinkAnswer)
const linkSessionEnded = doneEvent('downloadLink', { status: 403, body: { code: '2', message: api.sessionExpired } } satisfies DownloadLinkAnswer)
const notSaved = errorEvent('downloadLink', new TypeError('Failed to fetch'))

/** A statement of 60 lines the server pages: page 0 of 25, with its summary. */
const pagedLines = Array.from({ length: 60 }, (_, i) => ({ ...line(1, '', '1.00', `${i + 1}.00`), num_transaction: `P-${i}` }))
const pagedSummary = {
  opening: '0.00',
  closing: '60.00',
  totalDebits: '0.00',
  totalCredits: '60.00',
  lowest: '0.00',
  highest: '60.00',
  balances: ['0.00', '30.00', '60.00'],
}
const pageAnswer = (page: number, extra: object = {}): StatementAnswer => ({
  status: 200,
  body: { code: '0', status: '0', transactions: pagedLines.slice(page * 25, page * 25 + 25), count: 60, page, size: 25, ...extra },
})

const answers: Record<string, StatementAnswer> = {
  'with transactions': { status: 200, body: { code: '0', status: '0', filename: 'releve-123', transactions: lines } },
  'no transaction': { status: 200, body: { code: '0', status: '0', filename: 'releve-124', transactions: [] } },
  'HTTP 403 (session expired)': { status: 403, body: { code: '2', message: api.sessionExpired } },
  "status '1' with a message": { status: 200, body: { code: '0', status: '1', message: 'Compte inconnu' } },
  'HTTP 500 without body': { status: 500, body: null },
  'page 0 of a paged statement': pageAnswer(0, { filename: 'releve-123', summary: pagedSummary }),
  'page 1': pageAnswer(1),
  'every line of 60 (a server that knows no page)': { status: 200, body: { code: '0', status: '0', filename: 'releve-123', transactions: pagedLines } },
  'a search found 30 lines': {
    status: 200,
    body: {
      code: '0',
      status: '0',
      transactions: pagedLines.slice(0, 25),
      count: 30,
      page: 0,
      size: 25,
      found: { totalDebits: '0.00', totalCredits: '30.00' },
    },
  },
}

const samples: Array<StatementEvent | SyntheticEvent> = [
  change('account', usd.compte),
  change('startDate', '2026-02-30'),
  submit,
  pdf,
  csv,
  reload,
  accountsChange,
  ...Object.values(answers).map(answered),
  errorEvent('loadStatement', new TypeError('Failed to fetch')),
  pageGo(1),
  pageGo(0),
  searchFor('P-1'),
  searchFor(''),
  searchPause,
  linked,
  busy,
  noLink,
  linkSessionEnded,
  notSaved,
]

// ---------------------------------------------------------------------------------------------
// The walk: every transition of the machine
// ---------------------------------------------------------------------------------------------

describe('statement machine — walk of every transition (spec §4 Statement, §8)', () => {
  const walk = createWalk(statementMachine, {
    screen: statementScreen,
    inputs,
    events: samples,
    stubActions: ['reloadPage', 'logDownloadError', 'saveFile'],
    maxStates: 40000,
    invariant: (snapshot) => {
      const c = snapshot.context
      // Errors show only after a submit attempt (spec §5).
      if (!c.submitted) expect(c.errors).toEqual({})
      // A statement only while its table shows; the load error only on failure.
      const showing = ['shown', 'paging', 'searchWaiting', 'searching'].some((state) => snapshot.matches({ query: state as 'shown' }))
      expect(c.result !== null).toBe(showing)
      // a search only over a statement shown (issue 27)
      if (!showing) expect(c.search).toBe('')
      expect(c.pageAsked !== null).toBe(snapshot.matches({ query: 'paging' }))
      expect(c.error !== null).toBe(snapshot.matches({ query: 'failed' }))
      // A file only while it downloads, and only a statement's file.
      expect(c.download !== null).toBe(snapshot.matches({ download: 'downloading' }))
      if (c.download) expect(c.download.filename).toMatch(/^releve-123\.(pdf|csv)$/)
      const screen = statementScreen(snapshot)
      expect(screen.accountsMessage !== null).toBe(c.accountsUnavailable)
      // the files are the whole period's, whatever the search keeps on screen
      if (screen.canDownload) expect(c.result!.periodCount).toBeGreaterThan(0)
      if (screen.lines) expect(screen.lines.rows.length).toBeLessThanOrEqual(25)
    },
  })

  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

// ---------------------------------------------------------------------------------------------
// Plain assertions
// ---------------------------------------------------------------------------------------------

const walk = createWalk(statementMachine, { stubActions: ['reloadPage', 'logDownloadError', 'saveFile'] })
const play = (...events: Array<StatementEvent | SyntheticEvent>) => walk.play(loaded, events)
const actorCalls = (calls: Call[], src?: string) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor' && (!src || c.src === src))
const actionCalls = (calls: Call[]) => calls.filter((c): c is Extract<Call, { kind: 'action' }> => c.kind === 'action')
const toTable = (answer: StatementAnswer = answers['with transactions']!) => [change('account', usd.compte), submit, answered(answer)]

describe('statement machine — the form (spec §2, §5, §9)', () => {
  it('defaults: the first day of the current month and today; no account', async () => {
    const { snapshot } = await play()
    expect(snapshot.context.values).toEqual({ account: '', startDate: '2026-05-01', endDate: '2026-05-14' })
    const first = await walk.play({ ...loaded, today: '2024-12-01' }, [])
    expect(first.snapshot.context.values).toMatchObject({ startDate: '2024-12-01', endDate: '2024-12-01' })
  })

  it('no error shows before a submit attempt', async () => {
    const { snapshot } = await play(change('startDate', 'abc'))
    expect(snapshot.context.errors).toEqual({})
  })

  it('a submit without account shows "Veuillez sélectionner un compte" and loads nothing', async () => {
    const { snapshot, calls } = await play(submit)
    expect(snapshot.matches({ query: 'editing' })).toBe(true)
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
    expect(actorCalls(calls)).toEqual([])
  })

  it('dates required, then yyyy-mm-dd', async () => {
    const { snapshot } = await play(change('account', usd.compte), change('startDate', ' '), change('endDate', ''), submit)
    expect(snapshot.context.errors).toEqual({ startDate: 'Saisir la date de début', endDate: 'Saisir la date de fin' })
    const typed = await play(change('account', usd.compte), change('startDate', '01/05/2026'), change('endDate', '2026-5-14'), submit)
    expect(typed.snapshot.context.errors).toEqual({
      startDate: 'Saisir une date au format jj/mm/aaaa',
      endDate: 'Saisir une date au format jj/mm/aaaa',
    })
  })

  it('a date that is not in the calendar (2026-02-30) is refused; 2024-02-29 is a date', async () => {
    const { snapshot, calls } = await play(change('account', usd.compte), change('startDate', '2026-02-30'), submit)
    expect(snapshot.context.errors).toEqual({ startDate: 'Saisir une date au format jj/mm/aaaa' })
    expect(actorCalls(calls)).toEqual([])
    const leap = await play(change('account', usd.compte), change('startDate', '2024-02-29'), submit)
    expect(leap.snapshot.context.errors).toEqual({})
  })

  it('a start later than the end: "La date de début ne peut pas être supérieure à la date de fin" on the start date', async () => {
    const { snapshot, calls } = await play(change('account', usd.compte), change('startDate', '2026-05-15'), submit)
    expect(snapshot.context.errors).toEqual({ startDate: 'La date de début ne peut pas être supérieure à la date de fin' })
    expect(actorCalls(calls)).toEqual([])
    const same = await play(change('account', usd.compte), change('startDate', TODAY), submit)
    expect(same.snapshot.context.errors).toEqual({})
  })

  it('after a submit attempt, errors follow the typing', async () => {
    const { snapshot } = await play(submit, change('account', cdf.compte), change('endDate', '2026-13-01'))
    expect(snapshot.context.errors).toEqual({ endDate: 'Saisir une date au format jj/mm/aaaa' })
  })

  it("an account that is not one of the customer's is refused", async () => {
    const { snapshot } = await play(change('account', '999990000000000000001'), submit)
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
  })

  it('POST statements gets the contract request: trimmed dates, the account and its currency', async () => {
    const { snapshot, calls } = await play(change('account', cdf.compte), change('startDate', ' 2026-04-01 '), submit)
    expect(statementScreen(snapshot)).toMatchObject({ busy: true, lines: null, error: null })
    expect(actorCalls(calls).map((c) => [c.src, c.input])).toEqual([
      ['loadStatement', { startDate: '2026-04-01', endDate: TODAY, account: cdf.compte, currency: '3', page: 0, size: 25 }],
    ])
  })

  it('a double submit sends one request', async () => {
    const { snapshot, calls } = await play(change('account', usd.compte), submit, submit, submit)
    expect(snapshot.matches({ query: 'loading' })).toBe(true)
    expect(actorCalls(calls, 'loadStatement')).toHaveLength(1)
  })
})

describe('statement machine — the answer (spec §4, §8; rulings §1)', () => {
  it('status 0 with transactions: the table with formatted amounts and the download links', async () => {
    const { snapshot } = await play(...toTable())
    expect(snapshot.matches({ query: 'shown' })).toBe(true)
    expect(snapshot.context.result).toEqual({
      status: '0',
      filename: 'releve-123',
      transactions: lines,
      count: 2,
      periodCount: 2,
      search: '',
      found: null,
      page: 0,
      paged: false,
      summary: null,
      account: usd.compte,
      currency: '1',
      request: { startDate: '2026-05-01', endDate: TODAY, account: usd.compte, currency: '1' },
    })
    const screen = statementScreen(snapshot)
    expect(screen).toMatchObject({ busy: false, canDownload: true, downloading: false, error: null })
    expect(screen.lines).toMatchObject({ count: 2, page: 0, pages: 1, first: 1, paging: false })
    expect(screen.lines?.rows).toEqual([
      { ...lines[0], debit: '', credit: '1\u202F500,00\u00A0USD', solde: '1\u202F500,00\u00A0USD' },
      { ...lines[1], debit: '234,50\u00A0USD', credit: '', solde: '1\u202F265,50\u00A0USD' },
    ])
  })

  it('a long statement from a server that knows no page: its lines page by page, each page formatted alone', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...line(1, '', '1', String(i + 1)), num_transaction: `TRX-${i}` }))
    const { snapshot, calls } = await play(...toTable({ status: 200, body: { code: '0', status: '0', filename: 'long', transactions: many } }), pageGo(4))
    const shown = statementScreen(snapshot).lines!
    expect(shown).toMatchObject({ count: 120, page: 4, pages: 5, first: 101 })
    expect(shown.rows).toHaveLength(20)
    expect(shown.rows.at(-1)).toEqual({ ...many[119], debit: '', credit: '1,00\u00A0USD', solde: '120,00\u00A0USD' })
    // the pages are turned here: no other request; the summary is worked out from every line
    expect(actorCalls(calls, 'loadStatement')).toHaveLength(1)
    expect(statementScreen(snapshot).summary).toMatchObject({ opening: '0.00', closing: '120.00', totalCredits: '120.00' })
  })

  it('a statement the server pages: page 0 with its totals and chart; another page is asked for, the table stays meanwhile', async () => {
    const first = await play(...toTable(pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })))
    expect(actorCalls(first.calls, 'loadStatement').map((c) => c.input)).toEqual([
      { startDate: '2026-05-01', endDate: TODAY, account: usd.compte, currency: '1', page: 0, size: 25 },
    ])
    const screen = statementScreen(first.snapshot)
    expect(screen).toMatchObject({ canDownload: true, lines: { count: 60, page: 0, pages: 3, first: 1, paging: false } })
    expect(screen.lines!.rows.map((r) => r.num_transaction)).toEqual(pagedLines.slice(0, 25).map((l) => l.num_transaction))
    expect(screen.summary).toEqual({
      opening: '0.00',
      closing: '60.00',
      totalDebits: '0.00',
      totalCredits: '60.00',
      balances: [0n, 3000n, 6000n],
      lowest: 0n,
      highest: 6000n,
    })
    // page 3 of 3: asked for with the statement's own request, whatever the form holds now
    const during = await play(...toTable(pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })), change('startDate', '2026-04-01'), pageGo(2))
    expect(during.snapshot.matches({ query: 'paging' })).toBe(true)
    expect(statementScreen(during.snapshot)).toMatchObject({ canDownload: true, lines: { page: 0, paging: true } })
    expect(actorCalls(during.calls, 'loadStatement').at(-1)!.input).toEqual({
      startDate: '2026-05-01',
      endDate: TODAY,
      account: usd.compte,
      currency: '1',
      page: 2,
      size: 25,
    })
    const after = await play(...toTable(pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })), pageGo(2), pageGo(1), answered(pageAnswer(2)))
    const last = statementScreen(after.snapshot)
    expect(last.lines).toMatchObject({ count: 60, page: 2, first: 51, paging: false })
    expect(last.lines!.rows.map((r) => r.num_transaction)).toEqual(pagedLines.slice(50).map((l) => l.num_transaction))
    // the file name and summary of page 0 stay
    expect(last).toMatchObject({ canDownload: true, summary: { closing: '60.00' } })
    expect(actorCalls(after.calls, 'loadStatement')).toHaveLength(2) // page 1, asked while page 2 loaded, is ignored
  })

  it('a page that cannot be read: the load failure message (spec §8); out-of-range pages are not asked for', async () => {
    const failed = await play(
      ...toTable(pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })),
      pageGo(1),
      answered(answers['HTTP 500 without body']!),
    )
    expect(statementScreen(failed.snapshot)).toMatchObject({ error: texts.loadError, lines: null, canDownload: false })
    const { calls } = await play(...toTable(pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })), pageGo(3), pageGo(-1), pageGo(0), pageGo(1.5))
    expect(actorCalls(calls, 'loadStatement')).toHaveLength(1)
  })

  it('status 0 without transaction: an empty table, no download link', async () => {
    const { snapshot } = await play(...toTable(answers['no transaction']))
    expect(statementScreen(snapshot)).toMatchObject({ lines: { count: 0, first: 0, rows: [] }, canDownload: false, summary: null })
  })

  it('a status other than 0 without message: the table, no download link (spec §4)', async () => {
    const { snapshot } = await play(...toTable({ status: 200, body: { code: '0', status: '3', filename: 'x', transactions: lines } }))
    expect(statementScreen(snapshot)).toMatchObject({ canDownload: false })
    expect(statementScreen(snapshot).lines?.count).toBe(2)
  })

  const failures: Array<[string, StatementAnswer | 'network']> = [
    ["status '1' with a message", answers["status '1' with a message"]!],
    ["code '1'", { status: 200, body: { code: '1', status: '0', transactions: lines } }],
    ['HTTP 500 without body', answers['HTTP 500 without body']!],
    ['HTTP 400 with a message', { status: 400, body: { code: '400', status: '1', message: api.badRequest } }],
    ['an unreadable body', { status: 200, body: null }],
    ['no answer (network, timeout)', 'network'],
  ]
  it.each(failures)('%s: "Une erreur lors de votre transfert, veuillez réessayer"; the form stays', async (_, answer) => {
    const { snapshot } = await play(change('account', usd.compte), submit, answer === 'network' ? errorEvent('loadStatement') : answered(answer))
    expect(snapshot.matches({ query: 'failed' })).toBe(true)
    expect(statementScreen(snapshot)).toMatchObject({ lines: null, canDownload: false, error: texts.loadError })
    expect(texts.loadError).toBe('Une erreur lors de votre transfert, veuillez réessayer')
    expect(snapshot.context.values.account).toBe(usd.compte)
  })

  it.each([
    ['HTTP 403', answers['HTTP 403 (session expired)']!],
    ["code '2' in a 200 answer", { status: 200, body: { code: '2', status: '2' } }],
  ] as const)('%s: the session signs out; no message here', async (_, answer) => {
    const { snapshot } = await play(change('account', usd.compte), submit, answered(answer))
    expect(snapshot.matches({ query: 'editing' })).toBe(true)
    expect(statementScreen(snapshot)).toMatchObject({ lines: null, error: null })
  })

  it('the form stays usable: another range is loaded from the table, and from a failure', async () => {
    const { snapshot, calls } = await play(
      ...toTable(),
      change('startDate', '2026-04-01'),
      change('endDate', '2026-04-30'),
      submit,
      errorEvent('loadStatement'),
      change('account', cdf.compte),
      submit,
      answered(answers['no transaction']!),
    )
    expect(statementScreen(snapshot)).toMatchObject({ lines: { count: 0 }, canDownload: false })
    expect(actorCalls(calls, 'loadStatement').map((c) => c.input)).toEqual([
      { startDate: '2026-05-01', endDate: TODAY, account: usd.compte, currency: '1', page: 0, size: 25 },
      { startDate: '2026-04-01', endDate: '2026-04-30', account: usd.compte, currency: '1', page: 0, size: 25 },
      { startDate: '2026-04-01', endDate: '2026-04-30', account: cdf.compte, currency: '3', page: 0, size: 25 },
    ])
  })

  it('an invalid new range hides the table and shows the error', async () => {
    const { snapshot } = await play(...toTable(), change('endDate', '2026-04-30'), submit)
    expect(snapshot.matches({ query: 'editing' })).toBe(true)
    expect(snapshot.context.errors).toEqual({ startDate: 'La date de début ne peut pas être supérieure à la date de fin' })
    expect(statementScreen(snapshot).lines).toBeNull()
  })
})

describe('statement machine — downloads (spec §2, §7, §8; rulings §9.7)', () => {
  it.each([
    ['pdf', pdf, 'releve-123.pdf'],
    ['csv', csv, 'releve-123.csv'],
  ] as const)('%s: a signed link for {filename}.%s is asked for with a spinner, then handed to the browser', async (_, event, filename) => {
    const during = await play(...toTable(), event)
    expect(statementScreen(during.snapshot)).toMatchObject({ downloading: true, canDownload: true })
    expect(actorCalls(during.calls, 'downloadLink').map((c) => c.input)).toEqual([{ filename }])
    const after = await play(...toTable(), event, linked)
    expect(statementScreen(after.snapshot)).toMatchObject({ downloading: false, error: null, downloadError: null })
    expect(actionCalls(after.calls)).toEqual([{ kind: 'action', name: 'saveFile', params: { url: LINK, filename } }])
  })

  it('another download while a link is asked for is ignored', async () => {
    const { calls } = await play(...toTable(), pdf, csv, pdf)
    expect(actorCalls(calls, 'downloadLink').map((c) => c.input)).toEqual([{ filename: 'releve-123.pdf' }])
  })

  it.each([
    ['no answer (network)', notSaved, texts.downloadFailed],
    ['HTTP 404', noLink, texts.downloadFailed],
    ['HTTP 503, try again in a moment', busy, api.statement.busy],
  ] as const)('%s: the message under the links, logged; the next download clears it', async (_, outcome, message) => {
    const { snapshot, calls } = await play(...toTable(), csv, outcome)
    expect(statementScreen(snapshot)).toMatchObject({ downloading: false, error: null, canDownload: true, downloadError: message })
    expect(actionCalls(calls).map((c) => c.name)).toEqual(['logDownloadError'])
    expect(texts.downloadFailed).toBe('Le téléchargement a échoué. Veuillez réessayer.')
    const again = await play(...toTable(), csv, outcome, pdf)
    expect(statementScreen(again.snapshot).downloadError).toBeNull()
  })

  it('HTTP 403 on the link: the session signs out; no message here', async () => {
    const { snapshot, calls } = await play(...toTable(), pdf, linkSessionEnded)
    expect(statementScreen(snapshot)).toMatchObject({ downloading: false, downloadError: null })
    expect(actionCalls(calls)).toEqual([])
  })

  it('no download without links: no transaction, a status other than 0, no statement', async () => {
    for (const events of [
      [...toTable(answers['no transaction']), pdf],
      [...toTable({ status: 200, body: { code: '0', status: '3', filename: 'x', transactions: lines } }), csv],
      [pdf, csv],
      [change('account', usd.compte), submit, errorEvent('loadStatement'), pdf],
    ]) {
      const { snapshot, calls } = await play(...events)
      expect(actorCalls(calls, 'downloadLink')).toEqual([])
      expect(statementScreen(snapshot).downloading).toBe(false)
    }
  })

  it('a download goes on while another range loads', async () => {
    const { snapshot } = await play(...toTable(), pdf, change('startDate', '2026-04-01'), submit)
    expect(snapshot.value).toEqual({ query: 'loading', download: 'downloading' })
    expect(snapshot.context.download).toEqual({ filename: 'releve-123.pdf' })
  })

  it('canDownload: status 0 with at least one transaction and a file name', () => {
    const result: StatementResult = {
      status: '0',
      filename: 'f',
      transactions: lines,
      count: 2,
      periodCount: 2,
      search: '',
      found: null,
      page: 0,
      paged: false,
      summary: null,
      account: usd.compte,
      currency: '1',
      request: { startDate: '2026-05-01', endDate: TODAY, account: usd.compte, currency: '1' },
    }
    expect(canDownload(result)).toBe(true)
    expect(canDownload({ ...result, count: 0, periodCount: 0, transactions: [] })).toBe(false)
    // a search that found nothing: the files are still the period's
    expect(canDownload({ ...result, count: 0, transactions: [], search: 'zzz' })).toBe(true)
    expect(canDownload({ ...result, status: '1' })).toBe(false)
    expect(canDownload({ ...result, filename: '' })).toBe(false)
    expect(canDownload(null)).toBe(false)
  })
})

describe('statement machine — accounts unavailable (spec §8)', () => {
  it.each([
    ['no account', inputs['no account']!],
    ['accounts failed', inputs['accounts failed']!],
  ])('%s: the accounts message; its click reloads the page', async (_, input) => {
    const { snapshot, calls } = await walk.play(input, [reload, change('account', usd.compte), submit])
    expect(statementScreen(snapshot)).toMatchObject({ accountsMessage: accountTexts.notLoaded, accountOptions: [] })
    expect(actionCalls(calls).map((c) => c.name)).toEqual(['reloadPage'])
    expect(snapshot.context.errors).toEqual({ account: 'Veuillez sélectionner un compte' })
    expect(actorCalls(calls)).toEqual([])
  })

  it("the select follows the session's list", async () => {
    const { snapshot } = await walk.play(inputs['accounts failed']!, [accountsChange, change('account', cdf.compte), submit])
    expect(statementScreen(snapshot)).toMatchObject({ accountsMessage: null, busy: true })
  })
})

describe('statement machine — search (issue 27)', () => {
  const many = Array.from({ length: 120 }, (_, i) => ({
    ...line(1, i % 2 ? '2.50' : '', i % 2 ? '' : '1', String(i + 1)),
    num_transaction: `TRX-${i}`,
    description: i % 3 ? 'Dépôt en espèces' : 'Paiement ÉLECTRICITÉ',
  }))
  const whole: StatementAnswer = { status: 200, body: { code: '0', status: '0', filename: 'long', transactions: many } }
  const paged = pageAnswer(0, { filename: 'releve-123', summary: pagedSummary })

  it('every line at hand: the field narrows them at once (label, accents and case aside), with their count and totals; no request', async () => {
    const { snapshot, calls } = await play(...toTable(whole), pageGo(2), searchFor('electricite'))
    const screen = statementScreen(snapshot)
    // lines 0, 3, …, 117: 40 of them, on two pages, from the first; half debits of 2,50, half credits of 1
    expect(screen.lines).toMatchObject({ count: 40, page: 0, pages: 2, first: 1, paging: false })
    expect(screen.lines!.rows.map((r) => r.num_transaction)).toEqual(
      many
        .filter((_, i) => i % 3 === 0)
        .slice(0, 25)
        .map((l) => l.num_transaction),
    )
    expect(screen.search).toMatchObject({ value: 'electricite', busy: false, maxLength: 60, filesNote: view.filesWholePeriod })
    expect(screen.search!.found).toBe(view.found(40, '50,00\u00A0USD', '20,00\u00A0USD'))
    expect(actorCalls(calls, 'loadStatement')).toHaveLength(1)
    // the period's summary and files stay
    expect(screen).toMatchObject({ canDownload: true, summary: { closing: '120.00' } })
    const next = await play(...toTable(whole), searchFor('electricite'), pageGo(1), pageGo(2))
    expect(statementScreen(next.snapshot).lines).toMatchObject({ page: 1, first: 26 })
    expect(statementScreen(next.snapshot).lines!.rows).toHaveLength(15)
  })

  it('an amount: 2,50 exactly, and whole units (1 finds 1,00, not 2,50)', async () => {
    expect(statementScreen((await play(...toTable(whole), searchFor('2,50'))).snapshot).lines!.count).toBe(60)
    // 1,00 credits, and the references TRX-1, TRX-10…19, TRX-100…119 that hold "1"
    const ones = many.filter((l, i) => i % 2 === 0 || l.num_transaction.includes('1'))
    expect(statementScreen((await play(...toTable(whole), searchFor('1'))).snapshot).lines!.count).toBe(ones.length)
  })

  it('nothing found: its own text in place of the lines; the links stay (the files are the period)', async () => {
    const { snapshot } = await play(...toTable(whole), searchFor('introuvable'))
    expect(statementScreen(snapshot)).toMatchObject({ empty: view.noMatch, canDownload: true, lines: { count: 0, rows: [] }, search: { found: null } })
    const cleared = await play(...toTable(whole), searchFor('introuvable'), searchFor('  '))
    expect(statementScreen(cleared.snapshot)).toMatchObject({ empty: null, lines: { count: 120 }, search: { found: null, filesNote: null } })
  })

  it('a statement the server pages: asked once the typing pauses, with the search; the lines shown stay meanwhile', async () => {
    const typing = await play(...toTable(paged), searchFor('P'), searchFor('P-1'))
    expect(typing.snapshot.matches({ query: 'searchWaiting' })).toBe(true)
    expect(statementScreen(typing.snapshot)).toMatchObject({ lines: { count: 60, paging: true }, search: { value: 'P-1', busy: true } })
    expect(actorCalls(typing.calls, 'loadStatement')).toHaveLength(1)
    const asked = await play(...toTable(paged), searchFor('P'), searchFor('P-1'), searchPause)
    expect(actorCalls(asked.calls, 'loadStatement').at(-1)!.input).toEqual({
      startDate: '2026-05-01',
      endDate: TODAY,
      account: usd.compte,
      currency: '1',
      page: 0,
      size: 25,
      search: 'P-1',
    })
    const found = await play(...toTable(paged), searchFor('P-1'), searchPause, answered(answers['a search found 30 lines']!))
    const screen = statementScreen(found.snapshot)
    expect(screen.lines).toMatchObject({ count: 30, page: 0, pages: 2, paging: false })
    expect(screen.search!.found).toBe(view.found(30, '0,00\u00A0USD', '30,00\u00A0USD'))
    // the period's summary and file name stay
    expect(screen).toMatchObject({ canDownload: true, summary: { closing: '60.00' } })
    // its next page is asked with the search
    // nothing found on the server: said, the period's summary and files kept
    const none = await play(
      ...toTable(paged),
      searchFor('zzz'),
      searchPause,
      answered({
        status: 200,
        body: { code: '0', status: '0', transactions: [], count: 0, page: 0, size: 25, found: { totalDebits: '0.00', totalCredits: '0.00' } },
      }),
    )
    expect(statementScreen(none.snapshot)).toMatchObject({ empty: view.noMatch, canDownload: true, summary: { closing: '60.00' }, lines: { count: 0 } })
    const next = await play(...toTable(paged), searchFor('P-1'), searchPause, answered(answers['a search found 30 lines']!), pageGo(1))
    expect(actorCalls(next.calls, 'loadStatement').at(-1)!.input).toMatchObject({ page: 1, search: 'P-1' })
  })

  it('typing again while the server searches: its answer is dropped, the pause starts again; a blank search asks for the period', async () => {
    const { snapshot, calls } = await play(...toTable(paged), searchFor('P-1'), searchPause, searchFor(''), searchPause)
    expect(actorCalls(calls, 'loadStatement').map((c) => (c.input as StatementRequest).search)).toEqual([undefined, 'P-1', undefined])
    expect(snapshot.matches({ query: 'searching' })).toBe(true)
  })

  it('a search the server could not answer: the load failure (spec §8); a new statement clears the search', async () => {
    const failed = await play(...toTable(paged), searchFor('P-1'), searchPause, errorEvent('loadStatement'))
    expect(statementScreen(failed.snapshot)).toMatchObject({ error: texts.loadError, lines: null, search: null })
    const again = await play(...toTable(whole), searchFor('electricite'), submit)
    expect(again.snapshot.context.search).toBe('')
  })

  it('the search stops at the contract length (60)', async () => {
    const { snapshot } = await play(...toTable(whole), searchFor('x'.repeat(80)))
    expect(snapshot.context.search).toHaveLength(60)
  })
})

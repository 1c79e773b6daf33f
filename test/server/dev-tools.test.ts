import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devFaults, devOutbox } from '../../kernel/messages/devTools.ts'
import { api, transfer } from '../../machines/messages.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { allScenarios, faultScenarios, flowScenarios, SCENARIO_FLOWS, scenarioById } from '../../server/demo/fault-scenarios.ts'
import { flowLegend } from '../../server/demo/faults-page.ts'
import { loadContract } from '../../server/http/contract.ts'
import { RESEND_WINDOW_MS, type Fault } from '../../server/demo/faults.ts'
import { escapeHtml } from '../../server/http/html.ts'
import { enqueueMessage } from '../../server/domain/outbox.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const addFault = (fault: unknown) => server.call('/__dev/faults', { body: fault })
const countries = () => server.call('/auth/v1/countries')

describe('GET /__dev/outbox', () => {
  it('lists SMS and e-mails, newest first, in the contract shape', async () => {
    const t0 = new Date('2026-03-01T10:00:00Z')
    await enqueueMessage(server.db, { channel: 'sms', to: '243812345678', text: 'Code 12345678 pour 10.00 USD à Grace Mbuyi', createdAt: t0 })
    await enqueueMessage(server.db, {
      channel: 'email',
      to: mainCustomer.contact.email,
      text: 'Votre code : 87654321 <b>gras</b> & "guillemets"',
      createdAt: new Date(t0.getTime() + 1000),
    })
    const res = await server.call('/__dev/outbox')
    expect(res.status).toBe(200)
    expect(res.body.slice(0, 2)).toEqual([
      { channel: 'email', to: mainCustomer.contact.email, text: 'Votre code : 87654321 <b>gras</b> & "guillemets"', createdAt: '2026-03-01T10:00:01.000Z' },
      { channel: 'sms', to: '243812345678', text: 'Code 12345678 pour 10.00 USD à Grace Mbuyi', createdAt: '2026-03-01T10:00:00.000Z' },
    ])
  })

  it('has a readable HTML page, with the texts escaped', async () => {
    const res = await server.call('/__dev/outbox.html')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.text).toContain(devOutbox.title)
    expect(res.text).toContain('Votre code : 87654321 &#60;b&#62;gras&#60;/b&#62; &#38; &#34;guillemets&#34;')
    expect(res.text).not.toContain('<b>gras</b>')
    expect(res.text.indexOf('87654321')).toBeLessThan(res.text.indexOf('12345678')) // newest first
    const css = await server.call('/__dev/outbox.css')
    expect(css.headers.get('content-type')).toMatch(/text\/css/)
  })
})

describe('/__dev/faults', () => {
  afterEach(async () => {
    await server.call('/__dev/faults', { method: 'DELETE' })
  })

  it('answers the chosen status and JSON body, then only `times` times', async () => {
    expect((await addFault({ method: 'GET', path: '/auth/v1/countries', status: 500, body: { message: 'panne' }, times: 2 })).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const res = await countries()
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ message: 'panne' })
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect((await countries()).status).toBe(200)
  })

  it('answers 200 with the body when only a body is given; the status alone gives an empty body', async () => {
    await addFault({ path: '/auth/v1/countries', body: { code: '0', countries: [] }, times: 1 })
    expect(await countries()).toMatchObject({ status: 200, body: { code: '0', countries: [] } })
    await addFault({ path: '/auth/v1/countries', status: 503, times: 1 })
    const res = await countries()
    expect(res.status).toBe(503)
    expect(res.text).toBe('')
  })

  it('applies to every call until cleared when times is absent, and DELETE clears', async () => {
    await addFault({ path: '/auth/v1/countries', status: 502 })
    for (let i = 0; i < 3; i++) expect((await countries()).status).toBe(502)
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: '/auth/v1/countries', status: 502 }])
    const cleared = await server.call('/__dev/faults', { method: 'DELETE' })
    expect(cleared.body).toEqual({ code: '0' })
    expect((await server.call('/__dev/faults')).body).toEqual([])
    expect((await countries()).status).toBe(200)
  })

  it('lists the faults in force with the times left', async () => {
    await addFault({ path: '/auth/v1/countries', status: 500, times: 3 })
    await countries()
    expect((await server.call('/__dev/faults')).body).toEqual([{ path: '/auth/v1/countries', status: 500, times: 2 }])
  })

  it('matches the method when given, and the exact path without the query', async () => {
    await addFault({ method: 'POST', path: '/auth/v1/countries', status: 500 })
    expect((await countries()).status).toBe(200)
    await addFault({ method: 'GET', path: '/auth/v1/countries', status: 418, times: 1 })
    expect((await server.call('/auth/v1/countries?x=1')).status).toBe(418)
    await addFault({ path: '/auth/v1', status: 500 })
    expect((await countries()).status).toBe(200)
  })

  it('delays, then lets the real handler answer when neither status nor body is given', async () => {
    await addFault({ path: '/auth/v1/countries', delayMs: 300, times: 1 })
    const started = Date.now()
    const res = await countries()
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(res.status).toBe(200)
    expect(res.body.countries.length).toBeGreaterThan(10)
  })

  it('acts before the token check and the validation', async () => {
    await addFault({ path: customerPath('account'), status: 500, body: { message: 'panne' }, times: 1 })
    const res = await server.call(customerPath('account'), { body: { not: 'valid' } }) // no token, bad body
    expect(res).toMatchObject({ status: 500, body: { message: 'panne' } })
  })

  it('expireSession ends the caller’s session so that the real expiry answer comes', async () => {
    const token = await server.signIn()
    const other = await server.signIn()
    await addFault({ path: customerPath('notification-size'), expireSession: true, times: 1 })
    const res = await server.call(customerPath('notification-size'), { token })
    expect(res).toMatchObject({ status: 403, body: { code: '2', message: api.sessionExpired } })
    // the session stays ended once the fault is used up; other sessions are untouched
    expect((await server.call(customerPath('notification-size'), { token })).status).toBe(403)
    expect((await server.call(customerPath('notification-size'), { token: other })).status).toBe(200)
  })

  it('never applies to /__dev itself', async () => {
    await addFault({ path: '/__dev/faults', status: 500 })
    expect((await server.call('/__dev/faults')).status).toBe(200)
  })

  it('refuses a fault that does not follow the contract', async () => {
    for (const fault of [
      { status: 500 },
      { path: 'auth/login' },
      { path: '/auth/login', status: 99 },
      { path: '/auth/login', color: 'red' },
      { path: '/x', method: 'PATCH' },
    ]) {
      const res = await addFault(fault)
      expect(res.status, JSON.stringify(fault)).toBe(400)
      expect(res.body.code).toBe('400')
    }
    expect((await server.call('/__dev/faults')).body).toEqual([])
  })
})

describe('dropConnection: no answer at all', () => {
  afterEach(async () => {
    await server.call('/__dev/faults', { method: 'DELETE' })
  })

  /** The bytes the server writes back to one raw HTTP request, until it closes the connection. */
  const rawAnswer = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(request))
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('close', () => resolve(received))
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(received) : reject(error)))
      socket.setTimeout(5000, () => reject(new Error('the connection stayed open')))
    })

  it('closes the connection without writing a byte', async () => {
    await addFault({ method: 'GET', path: '/auth/v1/countries', dropConnection: true, times: 1 })
    expect(await rawAnswer('GET /auth/v1/countries HTTP/1.1\r\nHost: localhost\r\n\r\n')).toBe('')
  })

  it('fails the fetch, and the real handler never runs (nothing sent, nothing stored)', async () => {
    const token = await server.signIn()
    const outboxBefore = (await server.call('/__dev/outbox')).body.length
    await addFault({ method: 'POST', path: customerPath('transfer/ask'), dropConnection: true, times: 1 })
    const ask = {
      debitAccount: mainCustomer.accounts.usd.number,
      creditAccount: payeeAccounts[0]!.number,
      description: 'Panne réseau',
      currency: '1',
      amount: '1.00',
    }
    await expect(server.call(customerPath('transfer/ask'), { body: ask, token })).rejects.toThrow(/fetch failed/)
    expect((await server.call('/__dev/outbox')).body.length).toBe(outboxBefore)
    // (the demo's own transfers, MOBDEMO…, are K1234567's history)
    expect((await server.db.query(`select count(*)::int as n from pending_transfers where reference not like 'MOBDEMO%'`))[0]).toEqual({ n: 0 })
  })

  it('drops the browser’s immediate resend too, uncounted; after RESEND_WINDOW_MS the real answer comes', async () => {
    await addFault({ path: '/auth/v1/countries', dropConnection: true, times: 1 })
    await expect(countries()).rejects.toThrow(/fetch failed/)
    expect((await server.call('/__dev/faults')).body).toEqual([]) // used up by the first call
    await expect(countries()).rejects.toThrow(/fetch failed/) // what Chromium's resend meets
    await new Promise((ok) => setTimeout(ok, RESEND_WINDOW_MS + 50))
    expect((await countries()).status).toBe(200)
  })

  it('waits the delay first; a clear forgets the resend window at once', async () => {
    await addFault({ path: '/auth/v1/countries', dropConnection: true, delayMs: 300, times: 1 })
    const started = Date.now()
    await expect(countries()).rejects.toThrow(/fetch failed/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    await server.call('/__dev/faults', { method: 'DELETE' })
    expect((await countries()).status).toBe(200)
  })

  it('ignores status and body, and is part of the contract (a boolean)', async () => {
    expect((await addFault({ path: '/auth/v1/countries', dropConnection: true, status: 500, body: { message: 'x' } })).body).toEqual({
      path: '/auth/v1/countries',
      dropConnection: true,
      status: 500,
      body: { message: 'x' },
    })
    await expect(countries()).rejects.toThrow(/fetch failed/)
    expect((await addFault({ path: '/auth/v1/countries', dropConnection: 'yes' })).status).toBe(400)
  })
})

describe('/__dev/faults.html, the fault panel', () => {
  afterEach(async () => {
    await server.call('/__dev/faults', { method: 'DELETE' })
  })

  const t = devFaults
  const page = () => server.call('/__dev/faults.html')
  /** Posts the page's form as a browser would (urlencoded, same origin), without following the redirect. */
  const post = async (fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => {
    const res = await fetch(`${server.url}/__dev/faults.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
    return { status: res.status, location: res.headers.get('location'), text: await res.text() }
  }
  const inForce = async () => (await server.call('/__dev/faults')).body as Fault[]
  const custom = (fields: Record<string, string>) =>
    post({ action: 'custom', operation: '', path: '', method: '', status: '', body: '', delayMs: '', times: '', ...fields })
  const contractOperations = loadContract().operations.filter((op) => !op.path.startsWith('/__dev'))

  it('is a page without inline script or style, its CSS a file of its own', async () => {
    const res = await page()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.text).toContain(`<h1>${t.title}</h1>`)
    expect(res.text).toMatch(/<meta name="viewport"/)
    expect(res.text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
    const css = await server.call('/__dev/faults.css')
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toMatch(/text\/css/)
  })

  it('offers every operation of the contract (method, path, summary), and none of /__dev', async () => {
    const { text } = await page()
    const select = /<select id="f-operation" name="operation">(.*?)<\/select>/s.exec(text)![1]!
    const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(([, value, label]) => ({ value, label }))
    expect(options[0]).toEqual({ value: '', label: t.noOperation })
    expect(options.slice(1).map((o) => o.value)).toEqual(contractOperations.map((op) => op.operationId))
    expect(options.find((o) => o.label?.startsWith('POST /api/rest/customer/v1/transfer/ask '))?.label).toMatch(/ — \S/)
    expect(select).not.toContain('/__dev')
  })

  it('has one button per scenario, each adding valid faults on calls of the contract', async () => {
    const { text } = await page()
    for (const scenario of allScenarios) {
      expect(text, scenario.id).toContain(`value="${scenario.id}"`)
      for (const fault of scenario.faults) {
        const op = contractOperations.find((o) => o.method === fault.method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(fault.path))
        expect(op, `${scenario.id}: ${fault.method} ${fault.path}`).toBeDefined()
        expect((await addFault(fault)).status, scenario.id).toBe(200) // the contract's Fault schema
      }
    }
    expect(new Set(allScenarios.map((s) => s.id)).size).toBe(allScenarios.length)
  })

  it('applies every scenario of every flow: the faults in force are exactly its own, on operations of the contract', async () => {
    const { text } = await page()
    // One fieldset per flow, its legend naming the screen to open.
    for (const flow of SCENARIO_FLOWS) expect(text, flow).toContain(`<legend>${escapeHtml(flowLegend(flow))}</legend>`)
    expect(new Set(flowScenarios.map((s) => s.flow))).toEqual(new Set(Object.keys(t.flows)))
    expect(new Set(allScenarios.map((s) => s.id)).size).toBe(allScenarios.length)
    expect(allScenarios).toHaveLength(faultScenarios.length + flowScenarios.length)
    for (const scenario of allScenarios) {
      expect(text, scenario.id).toContain(`value="${scenario.id}"`)
      expect(scenario.faults.length, scenario.id).toBeGreaterThan(0)
      for (const fault of scenario.faults) {
        const op = contractOperations.find((o) => o.method === fault.method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(fault.path))
        expect(op, `${scenario.id}: ${fault.method} ${fault.path}`).toBeDefined()
      }
      await addFault({ path: '/auth/v1/countries', status: 500 })
      const res = await post({ action: 'scenario', scenario: scenario.id })
      expect(res.status, scenario.id).toBe(303)
      expect(await inForce(), scenario.id).toEqual(scenario.faults)
    }
    const last = allScenarios.at(-1)!
    const shown = await server.call(`/__dev/faults.html?done=scenario&scenario=${last.id}`)
    expect(shown.text).toContain(escapeHtml(t.scenarioApplied(t.scenarioLabel(flowLegend(last.flow), last.label))))
    expect(scenarioById('statement.httpError')?.screen).toBe('/app/statement')
  })

  it('a scenario replaces the faults in force, then the page confirms it', async () => {
    await addFault({ path: '/auth/v1/countries', status: 500 })
    const scenario = scenarioById('momo.confirmWrongCode')!
    const res = await post({ action: 'scenario', scenario: scenario.id })
    expect(res.status).toBe(303)
    expect(res.location).toBe('/__dev/faults.html?done=scenario&scenario=momo.confirmWrongCode')
    expect(await inForce()).toEqual(scenario.faults)
    const shown = await server.call(res.location!)
    expect(shown.text).toContain(escapeHtml(t.scenarioApplied(t.scenarioLabel(t.kindLegend(transfer.momoHeading, '/app/momo'), scenario.label))))
    expect(shown.text).toContain(escapeHtml(api.transfer.wrongCode(2)))
  })

  it('adds a fault made to measure: an operation, every answer field, both options', async () => {
    const res = await custom({
      operation: contractOperations.find((op) => op.path === '/api/rest/customer/v1/transfer/ask')!.operationId,
      status: '503',
      body: '{\n  "message": "Panne"\n}',
      delayMs: '250',
      times: '2',
      expireSession: 'on',
    })
    expect(res).toMatchObject({ status: 303, location: '/__dev/faults.html?done=added' })
    expect(await inForce()).toEqual([
      { method: 'POST', path: '/api/rest/customer/v1/transfer/ask', status: 503, body: { message: 'Panne' }, delayMs: 250, times: 2, expireSession: true },
    ])
    expect((await server.call(res.location!)).text).toContain(t.added)
  })

  it('takes the full path of an operation whose path has a parameter, or a free path with a method', async () => {
    const download = contractOperations.find((op) => op.path.endsWith('/download/pdf/{id}'))!
    expect((await custom({ operation: download.operationId, path: '/api/rest/customer/v1/download/pdf/abc.pdf', status: '404' })).status).toBe(303)
    expect((await custom({ path: '/auth/v1/countries', method: 'GET', dropConnection: 'on' })).status).toBe(303)
    expect((await custom({ path: '/nulle/part', delayMs: '10' })).status).toBe(303)
    expect(await inForce()).toEqual([
      { method: 'GET', path: '/api/rest/customer/v1/download/pdf/abc.pdf', status: 404 },
      { method: 'GET', path: '/auth/v1/countries', dropConnection: true },
      { path: '/nulle/part', delayMs: 10 },
    ])
  })

  it('refuses invalid JSON with a French message on the page, keeps what was typed, adds nothing', async () => {
    const res = await custom({ path: '/auth/v1/countries', status: '500', body: "{message: 'panne' <b>}" })
    expect(res.status).toBe(400)
    expect(res.text).toContain(escapeHtml(t.errorTitle))
    expect(res.text).toContain(escapeHtml(t.errors.bodyJson))
    expect(res.text).toMatch(
      /<textarea id="f-body" name="body"[^>]* aria-invalid="true" aria-describedby="f-body-error f-body-hint">\{message: &#39;panne&#39; &#60;b&#62;\}<\/textarea>/,
    )
    expect(res.text).toContain('value="/auth/v1/countries"')
    expect(res.text).toContain('<a href="#f-body">')
    expect(await inForce()).toEqual([])
  })

  it('refuses every other wrong field with its own message', async () => {
    const download = contractOperations.find((op) => op.path.endsWith('/download/pdf/{id}'))!
    const transferAsk = contractOperations.find((op) => op.path === '/api/rest/customer/v1/transfer/ask')!
    const cases: [Record<string, string>, string][] = [
      [{ status: '500' }, t.errors.callRequired],
      [{ operation: 'nope', status: '500' }, t.errors.unknownOperation],
      [{ operation: download.operationId, status: '500' }, t.errors.pathRequired(download.path)],
      [{ operation: download.operationId, path: '/api/rest/customer/v1/download/pdf/a/b', status: '500' }, t.errors.pathMismatch(download.path)],
      [{ operation: transferAsk.operationId, path: '/auth/login', status: '500' }, t.errors.pathMismatch(transferAsk.path)],
      [{ path: 'auth/login', status: '500' }, t.errors.pathFormat],
      [{ path: '/auth/login?x=1', status: '500' }, t.errors.pathFormat],
      [{ path: `/${'a'.repeat(200)}`, status: '500' }, t.errors.pathFormat],
      [{ path: '/__dev/faults', status: '500' }, t.errors.devPath],
      [{ path: '/auth/login', method: 'PATCH', status: '500' }, t.errors.unknownMethod],
      [{ path: '/auth/login', status: '99' }, t.errors.status],
      [{ path: '/auth/login', status: 'cinq' }, t.errors.status],
      [{ path: '/auth/login', delayMs: '60001' }, t.errors.delay],
      [{ path: '/auth/login', status: '500', times: '0' }, t.errors.times],
      [{ path: '/auth/login', status: '500', times: '1.5' }, t.errors.times],
      [{ path: '/auth/login', status: '500', dropConnection: 'on' }, t.errors.dropWithAnswer],
      [{ path: '/auth/login' }, t.errors.nothing],
      [{ path: '/auth/login', delayMs: '0' }, t.errors.nothing],
    ]
    for (const [fields, message] of cases) {
      const res = await custom(fields)
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect(res.text, JSON.stringify(fields)).toContain(escapeHtml(message))
    }
    expect(await inForce()).toEqual([])
  })

  it('refuses an unknown scenario or action, and a post from another site, changing nothing', async () => {
    await addFault({ path: '/auth/v1/countries', status: 500 })
    const unknown = await post({ action: 'scenario', scenario: 'momo.<b>nope</b>' })
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain(escapeHtml(t.errors.unknownScenario))
    expect(unknown.text).not.toContain('<b>nope')
    expect((await post({ action: 'format-disk' })).text).toContain(escapeHtml(t.errors.unknownAction))
    const foreign = await post({ action: 'clear' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.text).toContain(escapeHtml(t.errors.crossOrigin))
    expect((await post({ action: 'clear' }, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await post({ action: 'clear' }, { origin: 'https://evil.example' })).status).toBe(403) // an older browser
    expect(await inForce()).toHaveLength(1)
    // A browser's own post: Sec-Fetch-Site same-origin, Origin "null" (Referrer-Policy: no-referrer).
    expect((await post({ action: 'clear' }, { 'sec-fetch-site': 'same-origin', origin: 'null' })).status).toBe(303)
    expect(await inForce()).toEqual([])
  })

  it('clears every fault, then says so', async () => {
    await addFault({ path: '/auth/v1/countries', status: 500 })
    await addFault({ path: '/auth/login', delayMs: 10 })
    const res = await post({ action: 'clear' })
    expect(res).toMatchObject({ status: 303, location: '/__dev/faults.html?done=cleared' })
    expect(await inForce()).toEqual([])
    const shown = (await server.call(res.location!)).text
    expect(shown).toContain(t.cleared)
    expect(shown).toContain(escapeHtml(t.none))
  })

  it('lists the faults in force in words, every value escaped', async () => {
    await addFault({ method: 'POST', path: '/x/<script>alert(1)</script>', body: { m: '<img src=x onerror=alert(1)>', q: '"&\'' }, times: 3 })
    await addFault({ path: '/auth/login', delayMs: 40, expireSession: true })
    await addFault({ path: '/auth/v1/countries', dropConnection: true })
    await addFault({ path: '/auth/v1/countries', status: 502 })
    const { text } = await page()
    expect(text).not.toContain('<script>alert')
    expect(text).not.toContain('<img src=x')
    expect(text).toContain('<code>/x/&#60;script&#62;alert(1)&#60;/script&#62;</code>')
    expect(text).toContain(escapeHtml(JSON.stringify({ m: '<img src=x onerror=alert(1)>', q: '"&\'' })))
    expect(text).toContain(t.timesLeft(3))
    expect(text).toContain(`${escapeHtml(t.realAnswer)}, ${t.delay(40)}, ${t.sessionExpires}, ${escapeHtml(t.untilCleared)}`)
    expect(text).toContain(t.connectionDropped)
    expect(text).toContain(`${t.status(502)}, ${t.emptyBody}`)
    // A confirmation is chosen by known words only: nothing from the query is echoed.
    expect((await server.call('/__dev/faults.html?done=<b>x</b>&scenario=<i>y</i>')).text).not.toMatch(/<b>x|<i>y/)
  })

  it('keeps the contract JSON-only: a form body on an API call answers 415', async () => {
    const res = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=K1234567&password=12345',
    })
    expect(res.status).toBe(415)
  })
})

describe('demo mode off', () => {
  it('the fault panel does not exist (404)', async () => {
    const off = await startTestServer({ config: { demoMode: false }, seed: false })
    try {
      for (const path of ['/__dev/faults.html', '/__dev/faults.css', '/__dev/faults']) expect((await off.call(path)).status, path).toBe(404)
      const res = await fetch(`${off.url}/__dev/faults.html`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=clear',
        redirect: 'manual',
      })
      expect(res.status).toBe(404)
    } finally {
      await off.close()
    }
  })
})

/**
 * The statement's call actor (src/flows/statement/actors.ts) against the reference server: a long
 * statement is megabytes of JSON, so its body is read once — by the session check of the API
 * client, which looks for a session end in every customer answer — and the machine receives that
 * same body; an answer the check did not read (an HTTP error) still reaches the machine whole.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor, type PromiseActorLogic } from 'xstate'
import { api as apiTexts } from '../../machines/messages.ts'
import type { StatementAnswer, StatementRequest } from '../../machines/statement/statement.types.ts'
import { mainCustomer } from '../../server/demo/demo-data.ts'
import { MemoryStorage, customerPath, startTestServer, type TestServer, stubServedPage } from './harness.ts'

let server: TestServer
let loadStatement: PromiseActorLogic<StatementAnswer, StatementRequest>

beforeAll(async () => {
  server = await startTestServer()
  // The app's modules read their API base and session storage when they load.
  stubServedPage({ 'api-base-url': server.url })
  vi.stubGlobal('sessionStorage', new MemoryStorage())
  ;({ loadStatement } = await import('../../src/flows/statement/actors.ts'))
})
afterAll(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  await server?.close()
})

const run = (input: StatementRequest): Promise<StatementAnswer> =>
  waitFor(createActor(loadStatement, { input }).start(), (s) => s.status !== 'active').then((s) => {
    if (s.status !== 'done') throw s.error
    return s.output as StatementAnswer
  })

const usd = mainCustomer.accounts.usd
const period: StatementRequest = {
  startDate: new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10),
  endDate: new Date().toISOString().slice(0, 10),
  account: usd.number,
  currency: usd.currency,
}

describe('the statement call actor', () => {
  it('gives the machine the whole statement, its body read and parsed once', async () => {
    const token = await server.signIn(mainCustomer)
    sessionStorage.setItem('auth-token', token)
    const direct = await server.call(customerPath('statements'), { method: 'POST', body: period, token })
    const reads = { text: vi.spyOn(Response.prototype, 'text'), json: vi.spyOn(Response.prototype, 'json') }
    const answer = await run(period)
    expect(answer.status).toBe(200)
    // The same statement as a plain call (the file name is made per session).
    expect({ ...answer.body, filename: '' }).toEqual({ ...direct.body, filename: '' })
    expect(answer.body?.transactions?.length).toBeGreaterThan(0)
    expect(reads.json).toHaveBeenCalledTimes(1)
    expect(reads.text).not.toHaveBeenCalled()
    reads.text.mockRestore()
    reads.json.mockRestore()
  })

  it('an HTTP error answer (a body the session check does not read): its message still reaches the machine', async () => {
    sessionStorage.setItem('auth-token', await server.signIn(mainCustomer))
    const answer = await run({ ...period, startDate: 'pas une date' })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: apiTexts.badRequest })
  })
})

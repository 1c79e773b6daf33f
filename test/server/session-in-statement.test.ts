/**
 * The transfer's ask and confirm check the caller's session in their own statement (migration 059,
 * http/auth.ts SESSION_IN_STATEMENT): the same answers as a session checked before the body — 403
 * code '2' without a live session whatever the body, 403 code '3' while a temporary PIN must be
 * changed, 400 with the schema's errors only to a live session — and nothing written for a refused
 * caller. A session due for its refresh, or one to end, is checked on its own first (resume_session),
 * so it is refreshed or ended as on any other call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../../machines/messages.ts'
import { mainCustomer, payeeAccounts } from '../../server/demo/demo-data.ts'
import { hashToken } from '../../server/domain/sessions.ts'
import { SESSION_IN_STATEMENT } from '../../server/http/auth.ts'
import { customerPath, startTestServer, type TestServer } from './harness.ts'
import { CODE_IN_TEXT, transferHelpers } from './transfers-helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { sessionIdleMinutes: 5, sessionMaxMinutes: 60 } })
})
afterAll(() => server?.close())

const MINUTE = 60_000
const expired = { code: '2', message: api.sessionExpired }
const { snapshot } = transferHelpers(() => server)
const usd = mainCustomer.accounts.usd
const askBody = (amount = '1.00') => ({
  debitAccount: usd.number,
  creditAccount: payeeAccounts[0]!.number,
  description: 'Loyer de mars',
  currency: usd.currency,
  amount,
})
const ask = (token: string | undefined, body: unknown = askBody(), headers?: Record<string, string>) =>
  server.call(customerPath('transfer/ask'), { token, body, ...(headers ? { headers } : {}) })
const confirm = (token: string, reference: string, code: string) =>
  server.call(customerPath('transfer/confirm'), { token, body: { code: reference, token: code } })
const lastSeen = async (token: string) =>
  (
    await server.db.query<{ last_seen_at: Date; end_reason: string | null }>('select last_seen_at, end_reason from sessions where token_hash = $1', [
      hashToken(token),
    ])
  )[0]!
const codeOf = async () => {
  const [row] = await server.db.query<{ body: string }>("select body from outbox where channel = 'sms' and recipient = $1 order by id desc limit 1", [
    mainCustomer.contact.phone,
  ])
  return CODE_IN_TEXT.exec(row!.body)![1]!
}

const paths = {
  askTransfer: 'transfer/ask',
  askWalletTransfer: 'transfer/ask-wallet',
  askCardTransfer: 'transfer/ask-card',
  confirmTransfer: 'transfer/confirm',
  confirmWalletTransfer: 'transfer/confirm-wallet',
  confirmCardTransfer: 'transfer/confirm-card',
} as const

describe('an operation whose statement checks the session', () => {
  it('is the ask and the confirm of the three kinds', () => {
    expect([...SESSION_IN_STATEMENT].sort()).toEqual(Object.keys(paths).sort())
  })

  it('refuses without a live session whatever the body, and writes nothing: an anonymous caller learns nothing of the schema', async () => {
    const before = await snapshot()
    const unknown = 'A'.repeat(43)
    for (const path of Object.values(paths)) {
      for (const [what, options] of [
        ['no token', { body: { nonsense: true } }],
        ['a malformed token', { headers: { authorization: 'Bearer not-a-token' }, body: { nonsense: true } }],
        ['another scheme', { headers: { authorization: 'Basic abc' }, body: {} }],
        ['an unknown token, a body of no shape', { token: unknown, body: { nonsense: true } }],
        ['an unknown token, a body that is not JSON', { token: unknown, body: '{"debitAccount":' }],
        ['an unknown token, a text body', { token: unknown, body: 'bonjour', headers: { 'content-type': 'text/plain' } }],
        ['an unknown token, a control character', { token: unknown, body: { description: 'Loyer\u0007' } }],
        ['an unknown token, a valid body', { token: unknown, body: path.startsWith('transfer/ask') ? askBody() : { code: 'A1B2C3D4E5', token: '12345678' } }],
      ] as const) {
        const res = await server.call(customerPath(path), options)
        expect(res.status, `${path}: ${what}`).toBe(403)
        expect(res.body, `${path}: ${what}`).toEqual(expired)
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('answers a live session the schema’s errors, as any other call', async () => {
    const token = await server.signIn()
    const res = await ask(token, { nonsense: true })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('400')
    const notJson = await ask(token, '{"debitAccount":')
    expect(notJson.status).toBe(400)
  })

  it('asks and confirms for a live session: the money moves', async () => {
    const token = await server.signIn()
    const before = await snapshot()
    const asked = await ask(token, askBody('2.00'))
    expect(asked.body.status, asked.body.message).toBe('0')
    const done = await confirm(token, asked.body.code, await codeOf())
    expect(done.body.status, done.body.description).toBe('0')
    expect((await snapshot()).transactions).toBe(before.transactions + 1)
  })

  it('refreshes a session due for it (checked on its own first), and goes on', async () => {
    const token = await server.signIn()
    const touchMs = server.config.sessionTouchSeconds * 1000
    server.clock.advance(touchMs + 1000)
    const asked = await ask(token)
    expect(asked.body.status, asked.body.message).toBe('0')
    expect((await lastSeen(token)).last_seen_at.getTime()).toBe(server.clock.now().getTime())
    server.clock.advance(touchMs + 1000)
    const done = await confirm(token, asked.body.code, await codeOf())
    expect(done.body.status, done.body.description).toBe('0')
    expect((await lastSeen(token)).last_seen_at.getTime()).toBe(server.clock.now().getTime())
  })

  it('ends a session gone idle, with its reason, and writes nothing', async () => {
    const token = await server.signIn()
    const asked = await ask(token)
    expect(asked.body.status).toBe('0')
    const code = await codeOf()
    server.clock.advance(5 * MINUTE + 1000)
    const before = await snapshot()
    expect(await confirm(token, asked.body.code, code)).toMatchObject({ status: 403, body: expired })
    expect((await lastSeen(token)).end_reason).toBe('idle')
    expect(await ask(token)).toMatchObject({ status: 403, body: expired })
    expect(await snapshot()).toEqual(before)
  })

  it('ends the session of a customer whose web banking the bank blocks meanwhile', async () => {
    const token = await server.signIn()
    await server.db.query("update customers set web_blocked = true where kcode = 'K1234567'")
    try {
      expect(await ask(token)).toMatchObject({ status: 403, body: expired })
    } finally {
      await server.db.query("update customers set web_blocked = false where kcode = 'K1234567'")
    }
    expect((await lastSeen(token)).end_reason).toBe('blocked')
    expect(await ask(token)).toMatchObject({ status: 403, body: expired })
  })

  it('refuses a session ended by logout', async () => {
    const token = await server.signIn()
    await server.call(customerPath('logout'), { method: 'POST', token })
    expect(await ask(token)).toMatchObject({ status: 403, body: expired })
  })
})

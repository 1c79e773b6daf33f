import { createActor, fromPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { api } from '../../machines/messages'
import { loginMachine } from '../../machines/login/login.machine'
import type { AuthAnswer, Credentials } from '../../machines/login/login.types'
import { tooManyTriesAsRefusal } from '../../src/api/too-many-tries'
import { formatBankClock } from '../../src/ui/bankTime'
import { MASK, maskSecrets } from '../../src/inspect/mask'

describe("clock (spec §9: dd/MM/YYYY h:mm:ss), in the bank's zone", () => {
  it('pads day, month, minutes and seconds but not the hour', () => {
    const utc = 'UTC'
    expect(formatBankClock(new Date(Date.UTC(2026, 0, 5, 9, 3, 7)), utc)).toBe('05/01/2026 9:03:07')
    expect(formatBankClock(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)), utc)).toBe('31/12/2026 23:59:59')
    expect(formatBankClock(new Date(Date.UTC(2026, 6, 14, 0, 0, 0)), utc)).toBe('14/07/2026 0:00:00')
  })

  it("reads the bank's zone, not the browser's: 23:30 UTC is the next day in Kinshasa (UTC+1)", () => {
    expect(formatBankClock(new Date(Date.UTC(2026, 11, 31, 23, 30, 0)), 'Africa/Kinshasa')).toBe('01/01/2027 0:30:00')
    expect(formatBankClock(new Date(Date.UTC(2026, 11, 31, 23, 30, 0)), 'America/New_York')).toBe('31/12/2026 18:30:00')
  })
})

describe('what the inspector may see', () => {
  it('masks PINs, passwords and tokens at any depth, and nothing else', () => {
    const event = {
      type: 'session.start',
      token: 'abc',
      user: { name: 'Jean', kcode: 'K1234567' },
      values: { username: 'K1234567', password: '12345' },
      list: [{ oldPassword: 'x', password2: 'y', pin: '1' }],
    }
    expect(maskSecrets(event)).toEqual({
      type: 'session.start',
      token: MASK,
      user: { name: 'Jean', kcode: 'K1234567' },
      values: { username: 'K1234567', password: MASK },
      list: [{ oldPassword: MASK, password2: MASK, pin: MASK }],
    })
    expect(event.token).toBe('abc')
  })

  it('leaves empty fields visible so that QA sees a field was not filled', () => {
    expect(maskSecrets({ password: '' })).toEqual({ password: '' })
  })
})

describe('an HTTP 429 reads as a refusal with its message (rulings §8)', () => {
  it('carries the message to every form as code/status 1, message and description', () => {
    const message = api.tooManyTries(3)
    expect(tooManyTriesAsRefusal(429, { code: '1', message })).toEqual({
      status: 200,
      body: { code: '1', status: '1', message, description: message },
    })
  })
  it('leaves other answers, and a 429 without a message, as they are', () => {
    expect(tooManyTriesAsRefusal(403, { message: 'x' })).toEqual({ status: 403, body: { message: 'x' } })
    expect(tooManyTriesAsRefusal(429, null)).toEqual({ status: 429, body: null })
    expect(tooManyTriesAsRefusal(429, { code: '1' })).toEqual({ status: 429, body: { code: '1' } })
  })
  it('the login machine then shows the message on the form, not the generic HTTP error', () => {
    const { status, body } = tooManyTriesAsRefusal(429, { code: '1', message: api.tooManyTries(1) })
    const actor = createActor(
      loginMachine.provide({ actors: { authenticate: fromPromise<AuthAnswer, Credentials>(async () => ({ status, body }) as AuthAnswer) } }),
      { input: { provider: 'votre banque' } as never },
    ).start()
    actor.send({ type: 'field.change', field: 'username', value: 'K1234567' })
    actor.send({ type: 'field.change', field: 'password', value: '12345' })
    actor.send({ type: 'login.submit' })
    return vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(api.tooManyTries(1)))
  })
})

/**
 * The QA tooling (rulings §5): the masking of what the Stately inspector and the QA panel see, field by field, with
 * the names the machines and the contract really use (machines/*.ts, openapi/portal.yaml).
 */
import { describe, expect, it } from 'vitest'
import { MASK, TOO_DEEP, maskSecrets, toMaskedJson } from '../../src/inspect/mask'

describe('maskSecrets: by key', () => {
  it('login: the PIN (`password`) of the form, of the credentials and of the login request', () => {
    expect(maskSecrets({ values: { username: 'K1234567', password: '12345' } })).toEqual({ values: { username: 'K1234567', password: MASK } })
  })

  it('password change: the three passwords', () => {
    expect(maskSecrets({ oldPassword: 'ancien', password: 'nouveau', password2: 'nouveau' })).toEqual({
      oldPassword: MASK,
      password: MASK,
      password2: MASK,
    })
  })

  it('transfer and PIN reset: the validation code (`token`) of the context and of the confirm input; the reference stays', () => {
    expect(maskSecrets({ kind: 'account', reference: 'TRF-1', token: '12345678' })).toEqual({ kind: 'account', reference: 'TRF-1', token: MASK })
    expect(maskSecrets({ code: 'RST-7', token: '87654321' })).toEqual({ code: 'RST-7', token: MASK })
  })

  it('session: the token of the login answer, of the output and of `session.start`; an Authorization header', () => {
    expect(maskSecrets({ type: 'session.start', token: 'jwt', user: { kcode: 'K1' } })).toEqual({ type: 'session.start', token: MASK, user: { kcode: 'K1' } })
    expect(maskSecrets({ output: { status: 200, body: { code: '0', token: 'jwt' } } })).toEqual({ output: { status: 200, body: { code: '0', token: MASK } } })
    expect(maskSecrets({ headers: { Authorization: 'Bearer jwt' } })).toEqual({ headers: { Authorization: MASK } })
  })

  it('keys are matched whole and in any case, status codes stay', () => {
    expect(maskSecrets({ PIN: '1234', tokenError: 'Saisir le code token', tokenSubmitted: true, code: '0' })).toEqual({
      PIN: MASK,
      tokenError: 'Saisir le code token',
      tokenSubmitted: true,
      code: '0',
    })
  })

  it('leaves empty secrets visible, so that QA sees a field was not filled', () => {
    expect(maskSecrets({ password: '', token: null })).toEqual({ password: '', token: null })
  })
})

describe('maskSecrets: by the field or the event a value belongs to', () => {
  it('`field.change` of a secret field masks its value (login PIN, passwords, PIN-reset code)', () => {
    for (const field of ['password', 'oldPassword', 'password2', 'token']) {
      expect(maskSecrets({ type: 'field.change', field, value: 'secret1' })).toEqual({ type: 'field.change', field, value: MASK })
    }
  })

  it('`field.change` of any other field shows its value', () => {
    expect(maskSecrets({ type: 'field.change', field: 'creditAccount', value: '000170100200987654301' })).toMatchObject({
      value: '000170100200987654301',
    })
  })

  it('`code.change` (the transfer code being typed) masks its value', () => {
    expect(maskSecrets({ type: 'code.change', value: '12345678' })).toEqual({ type: 'code.change', value: MASK })
  })

  it('a Bearer string is masked wherever it is', () => {
    expect(maskSecrets({ note: 'Bearer abc.def', list: ['bearer xyz'] })).toEqual({ note: `Bearer ${MASK}`, list: [`Bearer ${MASK}`] })
  })
})

describe('maskSecrets: shape', () => {
  it('copies, at any depth and in arrays, without touching the original', () => {
    const event = { type: 'x', list: [{ deep: { deeper: { pin: '1' } } }] }
    expect(maskSecrets(event)).toEqual({ type: 'x', list: [{ deep: { deeper: { pin: MASK } } }] })
    expect(event.list[0]!.deep.deeper.pin).toBe('1')
  })

  it('replaces what is too deep to walk instead of showing it unmasked', () => {
    let nested: Record<string, unknown> = { token: 'secret' }
    for (let i = 0; i < 20; i += 1) nested = { inner: nested }
    expect(JSON.stringify(maskSecrets(nested))).not.toContain('secret')
    expect(JSON.stringify(maskSecrets(nested))).toContain(TOO_DEEP)
  })
})

describe('toMaskedJson: what is posted to the hosted inspector', () => {
  it('honours toJSON, drops functions, marks cycles, then masks', () => {
    const snapshot = { value: 'done', context: { token: '12345678' }, can: () => true, toJSON: () => ({ value: 'done', context: { token: '12345678' } }) }
    const cyclic: Record<string, unknown> = { name: 'a', password: 'x' }
    cyclic.self = cyclic
    expect(toMaskedJson({ snapshot, cyclic })).toEqual({
      snapshot: { value: 'done', context: { token: MASK } },
      cyclic: { name: 'a', password: MASK, self: '[Circular]' },
    })
  })

  it('keeps an object met twice on different paths', () => {
    const shared = { id: 1 }
    expect(toMaskedJson({ a: shared, b: shared })).toEqual({ a: { id: 1 }, b: { id: 1 } })
  })
})

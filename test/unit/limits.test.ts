/**
 * The forms' limits against the contract: each field stops where the contract's schema does
 * (machines/limits.ts → the inputs' maxLength), and the amount rule keeps the contract's 13 digits
 * before the decimals, so that the server never refuses what a form let through.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { accountTransferForm } from '../../machines/transfer/transfer.form.ts'
import { fieldErrors } from '../../machines/shared/form.ts'
import { FIELD_EXACT_LENGTH, FIELD_MAX_LENGTH, FIELD_MIN_LENGTH } from '../../machines/limits.ts'
import { validation } from '../../machines/messages.ts'

type Schema = { minLength?: number; maxLength?: number; pattern?: string; properties?: Record<string, Schema> }
const schemas = (parse(readFileSync(new URL('../../openapi/portal.yaml', import.meta.url), 'utf8')) as { components: { schemas: Record<string, Schema> } })
  .components.schemas
const field = (schema: string, name: string) => schemas[schema]!.properties![name]!
/** The upper bound of a `{m,n}` pattern such as `^[0-9]{8,12}$`. */
const patternMax = (pattern: string) => Number(/\{\d+,(\d+)\}/.exec(pattern)![1])

describe('the fields stop at the contract limits (openapi/portal.yaml)', () => {
  it.each([
    ['userCode', () => field('LoginRequest', 'username').maxLength],
    ['pin', () => field('LoginRequest', 'password').maxLength],
    ['resetAccountCode', () => field('PinResetAskRequest', 'compte').maxLength],
    ['confirmationCode', () => patternMax(field('CodeConfirmRequest', 'token').pattern!)],
    ['amount', () => schemas.Amount!.maxLength],
    ['description', () => schemas.Description!.maxLength],
    ['password', () => field('ChangePasswordRequest', 'password').maxLength],
    ['email', () => field('UpdateContactRequest', 'email').maxLength],
    ['contactPhone', () => patternMax(field('UpdateContactRequest', 'phone').pattern!)],
    ['address', () => field('UpdateContactRequest', 'address').maxLength],
    ['statementSearch', () => field('StatementRequest', 'search').maxLength],
  ] as const)('%s', (name, contract) => {
    expect(FIELD_MAX_LENGTH[name]).toBe(contract())
  })

  it('the minimum and exact lengths are the contract ones', () => {
    for (const name of ['oldPassword', 'password', 'password2']) expect(field('ChangePasswordRequest', name).minLength).toBe(FIELD_MIN_LENGTH.password)
    expect(Number(/\{(\d+),/.exec(field('CodeConfirmRequest', 'token').pattern!)![1])).toBe(FIELD_MIN_LENGTH.confirmationCode)
    expect([schemas.AccountNumber!.minLength, schemas.AccountNumber!.maxLength]).toEqual([FIELD_EXACT_LENGTH.accountNumber, FIELD_EXACT_LENGTH.accountNumber])
    // The momo number (243 and 9 digits), the card's account id and last four: the transfer form's maxLength.
    expect('243'.length + Number(/\{(\d+)\}/.exec(field('WalletTransferRequest', 'phone').pattern!)![1])).toBe(FIELD_EXACT_LENGTH.momoNumber)
    expect(Number(/\{(\d+)\}/.exec(field('CardTransferRequest', 'accountId').pattern!)![1])).toBe(FIELD_EXACT_LENGTH.cardAccountId)
    expect(Number(/\{(\d+)\}/.exec(field('CardTransferRequest', 'lastFour').pattern!)![1])).toBe(FIELD_EXACT_LENGTH.cardLastFour)
  })

  it('the old and the repeated password have the same limit as the new one', () => {
    expect(field('ChangePasswordRequest', 'oldPassword').maxLength).toBe(FIELD_MAX_LENGTH.password)
    expect(field('ChangePasswordRequest', 'password2').maxLength).toBe(FIELD_MAX_LENGTH.password)
  })

  it('an amount of more than 13 digits before the decimals is refused like any malformed amount', () => {
    const values = { debitAccount: 'x', creditAccount: '0'.repeat(21), description: 'Loyer mars', amount: '' }
    expect(fieldErrors(accountTransferForm, { ...values, amount: '1234567890123' }).amount).toBeUndefined()
    expect(fieldErrors(accountTransferForm, { ...values, amount: '1234567890123,45' }).amount).toBeUndefined()
    expect(fieldErrors(accountTransferForm, { ...values, amount: '12345678901234' }).amount).toBe(validation.amountFormat)
    expect(new RegExp(schemas.Amount!.pattern!).test('12345678901234')).toBe(false)
  })
})

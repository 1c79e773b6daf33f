/**
 * Spec §5 rules whose bounds the other tests leave open, checked on the real machines: a value on
 * the wrong side of a bound shows the rule's exact message after a submit attempt and sends
 * nothing; a value just inside it is sent. (Traceability records: scripts/audit/trace/section5.ts.)
 */
import { describe, expect, it } from 'vitest'
import { contactMachine } from '../../machines/contact/contact.machine.ts'
import type { ContactAnswer, ContactEvent, ContactField } from '../../machines/contact/contact.types.ts'
import { validation } from '../../machines/messages.ts'
import type { Account } from '../../machines/shared/customer.ts'
import type { TransferKind } from '../../openapi/transfer-kinds.ts'
import type { TransferField } from '../../machines/transfer/transfer.kinds.ts'
import { transferMachine } from '../../machines/transfer/transfer.machine.ts'
import type { TransferEvent } from '../../machines/transfer/transfer.types.ts'
import { createWalk, doneEvent, type Call, type SyntheticEvent } from '../support/walk.ts'

const sent = (calls: Call[], src: string) => calls.filter((c): c is Extract<Call, { kind: 'actor' }> => c.kind === 'actor' && c.src === src).map((c) => c.input)

// ---------------------------------------------------------------------------------------------
// Transfers
// ---------------------------------------------------------------------------------------------

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const transferWalk = createWalk(transferMachine, { stubActions: ['reloadPage', 'refreshNotifications', 'refreshAccounts', 'wantAccounts'] })
const change = (field: TransferField, value: string): TransferEvent => ({ type: 'field.change', field, value })
const submit: TransferEvent = { type: 'transfer.submit' }

const validForm: Record<TransferKind, Partial<Record<TransferField, string>>> = {
  account: { debitAccount: usd.compte, amount: '10', creditAccount: '000220000000000000056', description: 'Loyer de mai' },
  momo: { debitAccount: usd.compte, amount: '10', currencySent: '1', phone: '243812345678', description: 'Famille' },
  card: { debitAccount: usd.compte, amount: '10', currencySent: '2', accountId: '12345678', lastFour: '4242', description: 'Recharge' },
}

/** Submits a valid form of the kind with one field changed: the field's error and the ask bodies sent. */
async function submitWith(kind: TransferKind, field: TransferField, value: string) {
  const events = [...Object.entries({ ...validForm[kind], [field]: value }).map(([f, v]) => change(f as TransferField, v)), submit]
  const { snapshot, calls } = await transferWalk.play({ kind, accounts: [usd], accountsFailed: false }, events)
  const bodies = sent(calls, 'askTransfer').map((input) => (input as { body: Record<string, string> }).body)
  return { error: snapshot.context.errors[field], bodies }
}

describe('spec §5 card account id: exactly 8 digits, "Le numéro saisit est incorrect"', () => {
  it.each([
    ['7 digits', '1234567'],
    ['9 digits', '123456789'],
    ['8 characters with a letter', '1234567a'],
    ['8 characters with a blank inside', '1234 678'],
  ])('a card account id of %s is refused with "Le numéro saisit est incorrect"; nothing is sent', async (_, accountId) => {
    const { error, bodies } = await submitWith('card', 'accountId', accountId)
    expect(error).toBe('Le numéro saisit est incorrect')
    expect(validation.cardAccountFormat).toBe('Le numéro saisit est incorrect')
    expect(bodies).toEqual([])
  })

  it('a card account id of exactly 8 digits is sent', async () => {
    const { error, bodies } = await submitWith('card', 'accountId', '00012345')
    expect(error).toBeUndefined()
    expect(bodies).toEqual([expect.objectContaining({ accountId: '00012345' })])
  })
})

describe('spec §5 last four digits: exactly 4 digits, "Les 4 derniers chiffres sont incorrects"', () => {
  it.each([
    ['3 digits', '424'],
    ['5 digits', '42421'],
    ['4 characters with a letter', '42a2'],
  ])('last four digits of %s are refused with "Les 4 derniers chiffres sont incorrects"; nothing is sent', async (_, lastFour) => {
    const { error, bodies } = await submitWith('card', 'lastFour', lastFour)
    expect(error).toBe('Les 4 derniers chiffres sont incorrects')
    expect(bodies).toEqual([])
  })

  it('exactly 4 last digits are sent, a leading zero kept', async () => {
    const { error, bodies } = await submitWith('card', 'lastFour', '0042')
    expect(error).toBeUndefined()
    expect(bodies).toEqual([expect.objectContaining({ lastFour: '0042' })])
  })
})

describe('spec §5 description: min 5, "La description est trop courte"', () => {
  const kinds = ['account', 'momo', 'card'] as const
  it.each(kinds)('%s: a description of 4 characters (blanks around do not count) is refused; one of 5 is sent', async (kind) => {
    for (const description of ['abcd', '   abcd   ']) {
      const refused = await submitWith(kind, 'description', description)
      expect(refused.error).toBe('La description est trop courte')
      expect(refused.bodies).toEqual([])
    }
    const { error, bodies } = await submitWith(kind, 'description', 'abcde')
    expect(error).toBeUndefined()
    expect(bodies).toEqual([expect.objectContaining({ description: 'abcde' })])
  })
})

// ---------------------------------------------------------------------------------------------
// Contact
// ---------------------------------------------------------------------------------------------

const current: ContactAnswer = {
  status: 200,
  body: { code: '0', email: 'client@exemple.cd', phone: '0812345678', address: '12 avenue du Port', country: 'CD', photo: '' },
}
const contactWalk = createWalk(contactMachine, {
  events: [
    doneEvent('loadContact', current),
    doneEvent('loadCountries', { status: 200, body: { countries: [{ code: 'CD', name: 'RD Congo' }] } }),
    doneEvent('updateContact', { status: 200, body: { code: '0' } }),
  ],
  stubActions: ['toastSent', 'goToProfile'],
})
const type = (field: ContactField, value: string): ContactEvent => ({ type: 'field.change', field, value })

async function submitContactWith(field: ContactField, value: string) {
  const events: Array<ContactEvent | SyntheticEvent> = [doneEvent('loadContact', current), type(field, value), { type: 'contact.submit' }]
  const { snapshot, calls } = await contactWalk.play(undefined, events)
  return { error: snapshot.context.errors[field], bodies: sent(calls, 'updateContact') as Array<Record<string, string>> }
}

describe('spec §5 contact phone: 6 to 10 digits, "Le numéro saisi est incorrect"', () => {
  it.each([
    ['5 digits', '12345'],
    ['11 digits', '12345678901'],
    ['a letter among digits', '08123a567'],
    ['an international prefix', '+243812345'],
    ['blanks inside', '081 234 567'],
  ])('a contact phone with %s is refused with "Le numéro saisi est incorrect"; nothing is sent', async (_, phone) => {
    const { error, bodies } = await submitContactWith('phone', phone)
    expect(error).toBe('Le numéro saisi est incorrect')
    expect(validation.phoneFormat).toBe('Le numéro saisi est incorrect')
    expect(bodies).toEqual([])
  })

  it.each([
    ['6 digits', '123456'],
    ['10 digits', '0991234567'],
  ])('a contact phone of %s is sent', async (_, phone) => {
    const { error, bodies } = await submitContactWith('phone', phone)
    expect(error).toBeUndefined()
    expect(bodies).toEqual([expect.objectContaining({ phone })])
  })
})

describe('spec §5 contact address: min 5, "L\'adresse saisie est trop courte"', () => {
  it('an address of 4 characters (blanks around do not count) is refused; one of 5 is sent', async () => {
    for (const address of ['rue4', '  rue4  ']) {
      const refused = await submitContactWith('address', address)
      expect(refused.error).toBe("L'adresse saisie est trop courte")
      expect(refused.bodies).toEqual([])
    }
    const { error, bodies } = await submitContactWith('address', 'rue 5')
    expect(error).toBeUndefined()
    expect(bodies).toEqual([expect.objectContaining({ address: 'rue 5' })])
  })
})

/**
 * What differs between the three transfers (machines/transferKinds.ts): titles (rulings §1), form
 * fields and their exact messages (spec §5), the request bodies (spec §7), the confirm refusal
 * (spec §4).
 */
import { describe, expect, it } from 'vitest'
import { toContractAmount } from '../../machines/transfer/transfer.form.ts'
import { fieldErrors, isValid } from '../../machines/shared/form.ts'
import { transfer as texts } from '../../machines/messages.ts'
import type { Account } from '../../machines/shared/customer.ts'
import { TRANSFER_KINDS } from '../../openapi/transfer-kinds.ts'
import { TRANSFER_FIELDS, debitAccountOf, toAskTransferInput, transferKinds, type TransferValues } from '../../machines/transfer/transfer.kinds.ts'

const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }
const values = (filled: Partial<TransferValues>): TransferValues => ({ ...transferKinds.account.initialValues, ...filled })

describe('the three kinds (spec §2, rulings §1)', () => {
  it('headings and form titles', () => {
    expect(TRANSFER_KINDS.map((k) => [transferKinds[k].heading, transferKinds[k].formTitle])).toEqual([
      ['Transfert vers un autre compte', 'Transfert vers un autre compte'],
      ['Transfert vers mobile', 'TRANSFERT MOBILE'],
      ['Transfert vers carte prépayée', 'Transfert vers carte prépayée'],
    ])
  })

  it('modules, fields in screen order, extras', () => {
    expect(
      TRANSFER_KINDS.map((k) => {
        const { module, fields, payeeFields, suggestions, currencies, showsBalance, showsSteps, payeeField } = transferKinds[k]
        return { module, fields, payeeFields, suggestions, currencies, showsBalance, showsSteps, payeeField }
      }),
    ).toEqual([
      {
        module: 'transfert',
        fields: ['debitAccount', 'amount', 'creditAccount', 'description'],
        payeeFields: ['creditAccount'],
        suggestions: { field: 'creditAccount', usedFreqId: '1' },
        currencies: null,
        showsBalance: false,
        showsSteps: false,
        payeeField: 'creditAccount',
      },
      {
        module: 'mobile-money',
        fields: ['debitAccount', 'amount', 'currencySent', 'phone', 'description'],
        payeeFields: ['phone'],
        suggestions: { field: 'phone', usedFreqId: '2' },
        currencies: 'b2w',
        showsBalance: true,
        showsSteps: true,
        payeeField: 'phone',
      },
      {
        module: 'card-visa',
        fields: ['debitAccount', 'amount', 'currencySent', 'accountId', 'lastFour', 'description'],
        payeeFields: ['accountId', 'lastFour'],
        suggestions: null,
        currencies: 'b2c',
        showsBalance: false,
        showsSteps: true,
        payeeField: 'accountId',
      },
    ])
  })

  it.each(TRANSFER_KINDS)('%s: a fresh form is empty; the fields are those of its schema', (kind) => {
    const spec = transferKinds[kind]
    expect(Object.keys(spec.initialValues).sort()).toEqual([...TRANSFER_FIELDS].sort())
    expect(Object.values(spec.initialValues).every((v) => v === '')).toBe(true)
    expect(Object.keys(fieldErrors(spec.schema, spec.initialValues)).sort()).toEqual([...spec.fields].sort())
  })
})

describe('form messages of each kind, exactly as spec §5 quotes them (rulings §1 readings)', () => {
  it('blank form', () => {
    expect(TRANSFER_KINDS.map((k) => fieldErrors(transferKinds[k].schema, transferKinds[k].initialValues))).toEqual([
      {
        debitAccount: 'Veuillez sélectionner un compte',
        amount: 'Saisir le montant de la transaction',
        creditAccount: 'Saisir le code du compte à créditer',
        description: 'Saisir une description',
      },
      {
        debitAccount: 'Veuillez sélectionner un compte',
        amount: 'Saisir le montant de la transaction',
        currencySent: 'Veuillez sélectionner une devise',
        phone: 'Saisir le numéro de compte à créditer',
        description: 'Saisir une description',
      },
      {
        debitAccount: 'Veuillez sélectionner un compte',
        amount: 'Saisir le montant de la transaction',
        currencySent: 'Veuillez sélectionner une devise',
        accountId: 'Saisir le numéro de compte de la carte à créditer',
        lastFour: 'Saisir le 4 derniers chiffres de votre carte',
        description: 'Saisir une description',
      },
    ])
  })

  it('wrong formats', () => {
    const wrong = values({
      debitAccount: usd.compte,
      amount: '10.999',
      creditAccount: '0001',
      currencySent: '1',
      phone: '24381234567',
      accountId: '1234567',
      lastFour: '424',
      description: 'abcd',
    })
    expect(TRANSFER_KINDS.map((k) => fieldErrors(transferKinds[k].schema, wrong))).toEqual([
      {
        amount: 'Saisir correctement le montant',
        creditAccount: 'Le code saisi est trop court',
        description: 'La description est trop courte',
      },
      {
        amount: 'Saisir correctement le montant',
        phone: 'Le numéro saisi est incorrect',
        description: 'La description est trop courte',
      },
      {
        amount: 'Saisir correctement le montant',
        accountId: 'Le numéro saisit est incorrect',
        lastFour: 'Les 4 derniers chiffres sont incorrects',
        description: 'La description est trop courte',
      },
    ])
  })
})

describe('toContractAmount: the contract wants a dot (Amount)', () => {
  it.each([
    ['12,50', '12.50'],
    [' 12,5 ', '12.5'],
    ['12.50', '12.50'],
    ['12', '12'],
    ['0,01', '0.01'],
    ['1234567,89', '1234567.89'],
  ])('%j → %j', (typed, sent) => {
    expect(toContractAmount(typed)).toBe(sent)
    expect(sent).toMatch(/^[0-9]{1,13}(\.[0-9]{1,2})?$/) // the contract's Amount pattern
  })
})

describe('request bodies (spec §7)', () => {
  const account = values({ debitAccount: usd.compte, amount: '12,50', creditAccount: ' 000220000000000000056 ', description: ' Loyer de mai ' })
  const momo = values({ debitAccount: cdf.compte, amount: '7', currencySent: '1', phone: '243812345678 ', description: 'Famille' })
  const card = values({
    debitAccount: usd.compte,
    amount: '0,5',
    currencySent: '2',
    accountId: '12345678',
    lastFour: '4242',
    description: 'Recharge',
  })

  it('account: currency of the debit account, amount with a dot, trimmed fields', () => {
    expect(toAskTransferInput('account', account, [usd, cdf])).toEqual({
      kind: 'account',
      body: {
        debitAccount: usd.compte,
        creditAccount: '000220000000000000056',
        description: 'Loyer de mai',
        currency: '1',
        amount: '12.50',
      },
    })
  })

  it('momo: currency of the debit account and currency sent', () => {
    expect(toAskTransferInput('momo', momo, [usd, cdf])).toEqual({
      kind: 'momo',
      body: { debitAccount: cdf.compte, phone: '243812345678', description: 'Famille', currency: '3', amount: '7', currencySent: '1' },
    })
  })

  it('card: account id, last four digits, currency sent', () => {
    expect(toAskTransferInput('card', card, [usd])).toEqual({
      kind: 'card',
      body: {
        debitAccount: usd.compte,
        accountId: '12345678',
        lastFour: '4242',
        description: 'Recharge',
        currency: '1',
        amount: '0.5',
        currencySent: '2',
      },
    })
  })

  it("only the kind's own fields are sent", () => {
    const everything = values({ ...account, currencySent: '2', phone: '243812345678', accountId: '12345678', lastFour: '4242' })
    expect(Object.keys(toAskTransferInput('account', everything, [usd])!.body).sort()).toEqual([
      'amount',
      'creditAccount',
      'currency',
      'debitAccount',
      'description',
    ])
  })

  it("no body without one of the customer's accounts", () => {
    expect(toAskTransferInput('account', account, [cdf])).toBeNull()
    expect(toAskTransferInput('account', values({}), [usd])).toBeNull()
    expect(debitAccountOf(values({ debitAccount: ` ${usd.compte} ` }), [usd])).toEqual(usd)
  })

  it.each(TRANSFER_KINDS)('%s: a valid form gives a body', (kind) => {
    const form = { account, momo, card }[kind]
    expect(isValid(transferKinds[kind].schema, form)).toBe(true)
    expect(toAskTransferInput(kind, form, [usd, cdf])?.kind).toBe(kind)
  })
})

describe('transfer texts of the catalogue', () => {
  it('spec §4, §8 quotes', () => {
    expect(texts).toMatchObject({
      holderNotFound: "Le compte n'a pu être retrouvé",
      retry: 'Réessayer un nouveau transfert',
      another: 'Faire un autre transfert',
      success: 'Votre transfert a été traité avec succès.',
    })
  })
  it('the new balance message starts with the spec success text', () => {
    expect(texts.newBalance('1\u202F234,56\u00A0USD')).toBe('Votre transfert a été traité avec succès. Nouveau solde : 1\u202F234,56\u00A0USD')
    expect(texts.newBalance('x').startsWith(texts.success)).toBe(true)
  })
  it('tries left', () => {
    expect([texts.triesLeft(1), texts.triesLeft(2)]).toEqual(['Il vous reste 1 essai.', 'Il vous reste 2 essais.'])
  })
})

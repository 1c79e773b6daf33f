/** Form schemas of spec §5, against the exact messages of the spec (typos included). */
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { balanceForm } from '../../machines/balance/balance.form.ts'
import { contactForm } from '../../machines/contact/contact.form.ts'
import { statementForm } from '../../machines/statement/statement.form.ts'
import { accountTransferForm, cardTransferForm, momoTransferForm, toContractAmount, transferConfirmForm } from '../../machines/transfer/transfer.form.ts'
import { pinResetAskForm, pinResetConfirmForm } from '../../machines/pinReset/pinReset.form.ts'
import { photoForm } from '../../machines/photo/photo.form.ts'
import { loginForm } from '../../machines/login/login.form.ts'
import { passwordChangeForm } from '../../machines/passwordChange/passwordChange.form.ts'
import { fieldErrors, isValid } from '../../machines/shared/form.ts'
import { EMAIL, ISO_DATE } from '../../machines/shared/fields.ts'

describe('login form (spec §5 login user code, login PIN)', () => {
  it.each([
    [
      { username: '', password: '' },
      { username: 'Veuillez saisir le code', password: 'Veuillez saisir le mot de passe' },
    ],
    [
      { username: '   ', password: '1234' },
      { username: 'Veuillez saisir le code', password: 'Veuillez saisir minimun 5 caractères' },
    ],
    [{ username: 'K1234567', password: '12345' }, {}],
  ])('%j → %j', (values, errors) => {
    expect(fieldErrors(loginForm, values)).toEqual(errors)
    expect(isValid(loginForm, values)).toBe(Object.keys(errors).length === 0)
  })
})

describe('PIN reset forms (spec §5 reset request, reset confirmation code)', () => {
  it('request: the account code is required', () => {
    expect(fieldErrors(pinResetAskForm, { compte: '' })).toEqual({ compte: 'Veuillez saisir le code' })
    expect(fieldErrors(pinResetAskForm, { compte: 'K1234567' })).toEqual({})
  })
  it.each([
    ['', 'Saisir le code token'],
    ['1234', 'Le code saisi est trop court'],
    ['12ab', 'Le code saisi est trop court'],
    ['1234567a', 'Saisir correctement le code'],
    ['12345678', undefined],
  ])('confirmation code %j → %s (order: required, min 8, digits)', (token, message) => {
    expect(fieldErrors(pinResetConfirmForm, { token }).token).toBe(message)
  })
})

describe('transfer forms (spec §5)', () => {
  const validAccount = {
    debitAccount: '000110000000000000012',
    amount: '12.50',
    creditAccount: '000110000000000000034',
    description: 'Loyer de mai',
  }
  it('account transfer: every required message', () => {
    expect(fieldErrors(accountTransferForm, { debitAccount: '', amount: '', creditAccount: '', description: '' })).toEqual({
      debitAccount: 'Veuillez sélectionner un compte',
      amount: 'Saisir le montant de la transaction',
      creditAccount: 'Saisir le code du compte à créditer',
      description: 'Saisir une description',
    })
    expect(fieldErrors(accountTransferForm, validAccount)).toEqual({})
  })
  it.each([
    ['12', true],
    ['12.5', true],
    ['12.50', true],
    ['12,50', true],
    ['12.505', false],
    ['12.', false],
    ['-3', false],
    ['1e3', false],
  ])('amount %j valid: %s ("Saisir correctement le montant")', (amount, valid) => {
    expect(fieldErrors(accountTransferForm, { ...validAccount, amount }).amount).toBe(valid ? undefined : 'Saisir correctement le montant')
  })
  it('the contract gets the amount with a dot', () => {
    expect(toContractAmount(' 12,50 ')).toBe('12.50')
  })
  it('account to credit: exactly 21 characters, "Le code saisi est trop court" both ways', () => {
    expect(fieldErrors(accountTransferForm, { ...validAccount, creditAccount: '0'.repeat(20) }).creditAccount).toBe('Le code saisi est trop court')
    expect(fieldErrors(accountTransferForm, { ...validAccount, creditAccount: '0'.repeat(22) }).creditAccount).toBe('Le code saisi est trop court')
  })
  it('description: min 5 "La description est trop courte"', () => {
    expect(fieldErrors(accountTransferForm, { ...validAccount, description: 'abcd' }).description).toBe('La description est trop courte')
  })

  const validMomo = { debitAccount: 'x', amount: '5', currencySent: '1', phone: '243812345678', description: 'Famille' }
  it('momo: currency and number (rulings §1 readings)', () => {
    expect(fieldErrors(momoTransferForm, { ...validMomo, currencySent: '', phone: '' })).toEqual({
      currencySent: 'Veuillez sélectionner une devise',
      phone: 'Saisir le numéro de compte à créditer',
    })
    for (const phone of ['24381234567', '2438123456789', '343812345678', '24381234567a']) {
      expect(fieldErrors(momoTransferForm, { ...validMomo, phone }).phone, phone).toBe('Le numéro saisi est incorrect')
    }
    expect(fieldErrors(momoTransferForm, validMomo)).toEqual({})
  })

  const validCard = { debitAccount: 'x', amount: '5', currencySent: '2', accountId: '12345678', lastFour: '4242', description: 'Recharge' }
  it('card: account id and last four digits', () => {
    expect(fieldErrors(cardTransferForm, { ...validCard, accountId: '', lastFour: '' })).toEqual({
      accountId: 'Saisir le numéro de compte de la carte à créditer',
      lastFour: 'Saisir le 4 derniers chiffres de votre carte',
    })
    expect(fieldErrors(cardTransferForm, { ...validCard, accountId: '1234567', lastFour: '42a2' })).toEqual({
      accountId: 'Le numéro saisit est incorrect',
      lastFour: 'Les 4 derniers chiffres sont incorrects',
    })
    expect(fieldErrors(cardTransferForm, validCard)).toEqual({})
  })

  it.each([
    ['', 'Saisir le code token'],
    ['12ab', 'Saisir correctement le code'],
    ['1234', 'Le code saisi est trop court'],
    ['12345678', undefined],
  ])('confirmation token %j → %s (order: required, digits, min 8)', (token, message) => {
    expect(fieldErrors(transferConfirmForm, { token }).token).toBe(message)
  })
})

describe('password change form (spec §5)', () => {
  it('required and min 5 messages; equality of the new passwords is not checked', () => {
    expect(fieldErrors(passwordChangeForm, { oldPassword: '', password: '', password2: '' })).toEqual({
      oldPassword: "Saisir l'ancien mot de passe",
      password: 'Saisir le mot de passe',
      password2: 'Saisir le mot de passe',
    })
    expect(fieldErrors(passwordChangeForm, { oldPassword: '1234', password: '1234', password2: '1' })).toEqual({
      oldPassword: 'Saisir minimun 5 caracteres',
      password: 'Saisir minimun 5 caracteres',
      password2: 'Saisir minimun 5 caracteres',
    })
    expect(fieldErrors(passwordChangeForm, { oldPassword: '12345', password: '54321', password2: '99999' })).toEqual({})
  })
})

describe('balance and statement forms (spec §5)', () => {
  it('balance: the account is required', () => {
    expect(fieldErrors(balanceForm, { account: '' })).toEqual({ account: 'Veuillez sélectionner un compte' })
  })
  it('statement: account and dates required, yyyy-mm-dd, start not after end', () => {
    expect(fieldErrors(statementForm, { account: '', startDate: '', endDate: '' })).toEqual({
      account: 'Veuillez sélectionner un compte',
      startDate: 'Saisir la date de début',
      endDate: 'Saisir la date de fin',
    })
    expect(fieldErrors(statementForm, { account: 'a', startDate: '01/05/2024', endDate: '2024-02-30' })).toEqual({
      startDate: 'Saisir une date au format jj/mm/aaaa',
      endDate: 'Saisir une date au format jj/mm/aaaa',
    })
    expect(fieldErrors(statementForm, { account: 'a', startDate: '2024-05-02', endDate: '2024-05-01' })).toEqual({
      startDate: 'La date de début ne peut pas être supérieure à la date de fin',
    })
    expect(fieldErrors(statementForm, { account: 'a', startDate: '2024-05-01', endDate: '2024-05-01' })).toEqual({})
  })
})

describe('contact and photo forms (spec §5, rulings §1)', () => {
  const valid = { email: 'awa@example.cd', country: 'CD', phone: '0812345', address: '12 avenue du Port' }
  it('contact: required messages, then formats', () => {
    expect(fieldErrors(contactForm, { email: '', country: '', phone: '', address: '' })).toEqual({
      email: "Saisir l'adresse email",
      country: 'Veuillez sélectionner un pays',
      phone: 'Saisir le numéro de téléphone',
      address: 'Saisir une adresse',
    })
    expect(fieldErrors(contactForm, { ...valid, email: 'awa@', phone: '12345', address: 'rue' })).toEqual({
      email: "Le format de l'email ne correspond pas",
      phone: 'Le numéro saisi est incorrect',
      address: "L'adresse saisie est trop courte",
    })
    expect(fieldErrors(contactForm, { ...valid, phone: '12345678901' }).phone).toBe('Le numéro saisi est incorrect')
    expect(fieldErrors(contactForm, valid)).toEqual({})
  })
  it('photo: required, JPEG/PNG/WebP, at most 2 Mo', () => {
    expect(fieldErrors(photoForm, { photo: null })).toEqual({ photo: 'Veuillez sélectionner une photo' })
    expect(fieldErrors(photoForm, { photo: { type: 'image/gif', size: 10 } })).toEqual({
      photo: 'Format non pris en charge : JPEG, PNG ou WebP',
    })
    expect(fieldErrors(photoForm, { photo: { type: 'image/png', size: 2 * 1024 * 1024 + 1 } })).toEqual({
      photo: 'La photo ne doit pas dépasser 2 Mo',
    })
    expect(fieldErrors(photoForm, { photo: new File(['x'], 'moi.webp', { type: 'image/webp' }) })).toEqual({})
  })
})

describe('the e-mail and calendar-date rules (shared/fields.ts) accept exactly what the schema library the forms used did', () => {
  // Zod stays on the server: its checks are the oracle of the plain rules that replaced them in the browser.
  const emails = [
    'awa@example.cd',
    'a.b+c@sous.domaine.cd',
    "o'neil@example.com",
    'awa@',
    '@example.cd',
    'awa@example',
    'awa@example.c',
    '.awa@example.cd',
    'awa.@example.cd',
    'a..b@example.cd',
    'awa@-example.cd',
    'awa@exa_mple.cd',
    'awa@@example.cd',
    'awa example@example.cd',
    'é@example.cd',
    'awa@example.cd ',
    'AWA@EXAMPLE.CD',
  ]
  const dates = [
    '2024-02-29',
    '2023-02-29',
    '2000-02-29',
    '1900-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-12-31',
    '2024-13-01',
    '2024-00-10',
    '2024-1-01',
    '24-01-01',
    '2024-01-01T00:00',
    '01/02/2024',
    '',
    '2024-06-15',
  ]
  it.each(emails)('e-mail %j', (email) => expect(EMAIL.test(email)).toBe(z.email().safeParse(email).success))
  it.each(dates)('date %j', (date) => expect(ISO_DATE.test(date)).toBe(z.iso.date().safeParse(date).success))
})

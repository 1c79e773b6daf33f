/** Traceability records of docs/requirements.md §5 Validation (see model.ts; rows in docs/traceability.md). */
import type { Trace } from './model.ts'

export const section5: Trace[] = [
  // General: errors after a submit attempt, fields highlighted, a form submitted only when valid
  {
    items: ['REQ-VAL-01'],
    by: [
      { file: 'machines/shared/form.ts', symbol: 'export function isValid' },
      { file: 'machines/shared/form.ts', symbol: 'export function fieldErrors' },
      { machine: 'login', state: 'editing', event: 'login.submit' },
      { machine: 'login', state: 'editing', event: 'field.change' },
      { machine: 'pinReset', state: 'asking', event: 'ask.submit' },
      { machine: 'pinReset', state: 'confirming', event: 'confirm.submit' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { machine: 'transfer', state: 'awaitingCode', event: 'code.submit' },
      { machine: 'balance', state: 'choosing', event: 'balance.submit' },
      { machine: 'statement', state: 'query.editing', event: 'statement.submit' },
      { machine: 'passwordChange', state: 'editing', event: 'password.submit' },
      { machine: 'contact', state: 'form.editing', event: 'contact.submit' },
      { machine: 'photo', state: 'choosing', event: 'photo.submit' },
      { file: 'src/ui/Field.tsx', symbol: 'aria-invalid' },
      { file: 'src/ui/ui.css.ts', symbol: '&[aria-invalid="true"]' },
    ],
    tests: [
      'test/model/login.test.ts > no error shows before a submit attempt',
      'test/model/login.test.ts > a submit attempt shows the first message of each invalid field',
      'test/model/login.test.ts > an invalid form sends no request',
      'test/model/pinReset.test.ts > no error before a submit attempt; a blank submit shows "Veuillez saisir le code" and sends nothing',
      'test/model/transfer.test.ts > %s: no error shows before a submit attempt',
      'test/model/transfer.test.ts > account: a submit attempt shows the exact spec messages of each field',
      'test/model/transfer.test.ts > no code error before a submit attempt; then it follows the typing',
      'test/model/balance.test.ts > no error shows before a submit attempt',
      'test/model/statement.test.ts > no error shows before a submit attempt',
      'test/model/passwordChange.test.ts > no error before a submit attempt; a blank submit shows the three required messages',
      'test/model/contact.test.ts > no error before a submit attempt; the errors follow the typing after it',
      'test/model/photo.test.ts > "%s" after a submit attempt, nothing sent',
      'test/unit/spec5-highlighted-fields.test.ts > text field in error: aria-invalid, and aria-describedby names the exact message',
      'test/unit/spec5-highlighted-fields.test.ts > select: no mark without error; in error, aria-invalid and the exact message tied to it',
      'test/unit/spec5-highlighted-fields.test.ts > the stylesheet draws an invalid field with the danger colour',
      'test/e2e/foundation.test.ts > shows the exact messages only after a submit, tied to highlighted fields',
    ],
    note:
      'Every form machine keeps `submitted`: errors are computed only from the first submit attempt on, then follow the typing; ' +
      'the submit transition to the request is guarded by the form being valid. "Highlighted" is aria-invalid on the shared ' +
      'Field/Select (and the photo chooser), drawn with the danger border, the message tied by aria-describedby.',
  },
  {
    items: ['REQ-VAL-02'],
    by: [{ catalogue: 'validation' }, { file: 'kernel/messages/validation.ts', symbol: 'export const validation' }],
    tests: [
      'test/unit/messages.test.ts > section 5 table (validation rules): every quoted message, exactly',
      'test/unit/messages.test.ts > has no French string literal',
      'test/unit/forms.test.ts > account transfer: every required message',
    ],
    note: 'One catalogue section (validation) holds every message of the forms, typos of the spec kept; rulings §1 pick the correct-French reading where the spec gives two.',
  },
  // General: equality of the new and repeated password
  {
    items: ['REQ-VAL-03'],
    by: [
      { form: 'passwordChangeForm', field: 'password2' },
      { machine: 'passwordChange', state: 'editing', event: 'password.submit' },
      { file: 'server/domain/profile.ts', symbol: 'api.changePassword.mismatch' },
    ],
    tests: [
      'test/unit/forms.test.ts > required and min 5 messages; equality of the new passwords is not checked',
      'test/model/passwordChange.test.ts > different new passwords are sent as typed (spec §5: no equality check), once',
      'test/server/profile.test.ts > refuses different new PINs, a wrong old PIN, the same PIN; nothing changes',
    ],
    note: "The client does not compare the two new passwords (spec §5); the reference server does and answers status '1' with api.changePassword.mismatch (docs/decisions.md, Self-service: Password change).",
  },

  // Login user code
  {
    items: ['REQ-VAL-10', 'REQ-VAL-10.m1'],
    by: [
      { form: 'loginForm', field: 'username' },
      { machine: 'login', state: 'editing', event: 'login.submit' },
      { catalogue: 'validation.userCodeRequired' },
      { schema: 'LoginRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > login form (spec §5 login user code, login PIN)',
      'test/model/login.test.ts > a submit attempt shows the first message of each invalid field',
      'test/e2e/foundation.test.ts > shows the exact messages only after a submit, tied to highlighted fields',
      'test/server/validation.test.ts > an empty user code',
    ],
    note: 'A user code of blanks only counts as empty (trimmed, docs/decisions.md Sign-in).',
  },
  // Login PIN
  {
    items: ['REQ-VAL-11', 'REQ-VAL-11.m1', 'REQ-VAL-11.m2'],
    by: [
      { form: 'loginForm', field: 'password' },
      { machine: 'login', state: 'editing', event: 'login.submit' },
      { catalogue: 'validation.pinRequired' },
      { catalogue: 'validation.pinMin' },
      { schema: 'LoginRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > login form (spec §5 login user code, login PIN)',
      'test/model/login.test.ts > a submit attempt shows the first message of each invalid field',
      'test/model/login.test.ts > after a submit attempt, errors follow the typing',
      'test/model/login.test.ts > an invalid form sends no request',
      'test/e2e/foundation.test.ts > shows the exact messages only after a submit, tied to highlighted fields',
      'test/server/validation.test.ts > a PIN under 5 characters',
    ],
  },

  // Reset request account code
  {
    items: ['REQ-VAL-12', 'REQ-VAL-12.m1'],
    by: [
      { form: 'pinResetAskForm', field: 'compte' },
      { machine: 'pinReset', state: 'asking', event: 'ask.submit' },
      { catalogue: 'validation.resetCodeRequired' },
      { schema: 'PinResetAskRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > request: the account code is required',
      'test/model/pinReset.test.ts > no error before a submit attempt; a blank submit shows "Veuillez saisir le code" and sends nothing',
      'test/e2e/self-service.test.ts > resets the PIN in two steps, then the new PIN signs in',
      'test/server/pin-reset.test.ts > the contract refuses a code that is not 8 to 12 digits',
    ],
  },
  // Reset confirmation code
  {
    items: ['REQ-VAL-13', 'REQ-VAL-13.m1', 'REQ-VAL-13.m2', 'REQ-VAL-13.m3'],
    by: [
      { form: 'pinResetConfirmForm', field: 'token' },
      { machine: 'pinReset', state: 'confirming', event: 'confirm.submit' },
      { catalogue: 'validation.tokenRequired' },
      { catalogue: 'validation.tokenTooShort' },
      { catalogue: 'validation.tokenDigits' },
      { schema: 'CodeConfirmRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > confirmation code %j → %s (order: required, min 8, digits)',
      'test/model/pinReset.test.ts > shows "%s" after a submit attempt and sends nothing',
      'test/e2e/self-service.test.ts > resets the PIN in two steps, then the new PIN signs in',
      'test/server/pin-reset.test.ts > the contract refuses a code that is not 8 to 12 digits',
    ],
    note: "Checks in the spec's order (required, min 8, digits only): the first failing one gives the message. The contract also caps the code at 12 digits.",
  },

  // Debit account
  {
    items: ['REQ-VAL-20', 'REQ-VAL-20.m1'],
    by: [
      { form: 'accountTransferForm', field: 'debitAccount' },
      { form: 'momoTransferForm', field: 'debitAccount' },
      { form: 'cardTransferForm', field: 'debitAccount' },
      { file: 'machines/transfer/transfer.rules.ts', symbol: 'export function formErrors' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.debitAccountRequired' },
      { schema: 'AccountNumber' },
    ],
    tests: [
      'test/unit/forms.test.ts > account transfer: every required message',
      'test/model/transfer.test.ts > account: a submit attempt shows the exact spec messages of each field',
      "test/model/transfer.test.ts > a debit account that is not one of the customer's is refused",
      'test/e2e/transfers.test.ts > shows every validation message of the form, and an unknown holder',
      'test/server/transfers.test.ts > a debit account of 22 characters',
    ],
    note: "An account that is not one of the customer's accounts offered counts as none chosen (the same message).",
  },
  // Amount
  {
    items: ['REQ-VAL-21', 'REQ-VAL-21.m1', 'REQ-VAL-21.m2'],
    by: [
      { form: 'accountTransferForm', field: 'amount' },
      { form: 'momoTransferForm', field: 'amount' },
      { form: 'cardTransferForm', field: 'amount' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.amountRequired' },
      { catalogue: 'validation.amountFormat' },
      { file: 'machines/transfer/transfer.form.ts', symbol: 'toContractAmount' },
      { schema: 'Amount' },
    ],
    tests: [
      'test/unit/forms.test.ts > amount %j valid: %s ("Saisir correctement le montant")',
      'test/unit/forms.test.ts > the contract gets the amount with a dot',
      'test/model/transfer.test.ts > account: a submit attempt shows the exact spec messages of each field',
      'test/model/transfer.test.ts > card: required, then format messages',
      'test/e2e/transfers.test.ts > shows every validation message of the form, and an unknown holder',
      'test/server/transfers.test.ts > an amount with 3 decimals',
    ],
    note: 'A decimal comma is accepted as well as the point and sent as a point (docs/decisions.md, Sign-in and session rules: amounts typed with a comma).',
  },
  // Account to credit (transfer)
  {
    items: ['REQ-VAL-22', 'REQ-VAL-22.m1', 'REQ-VAL-22.m2'],
    by: [
      { form: 'accountTransferForm', field: 'creditAccount' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.creditAccountRequired' },
      { catalogue: 'validation.creditAccountLength' },
      { schema: 'AccountTransferRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > account to credit: exactly 21 characters, "Le code saisi est trop court" both ways',
      'test/model/transfer.test.ts > account: a submit attempt shows the exact spec messages of each field',
      'test/model/transfer.test.ts > after a submit attempt, errors follow the typing',
      'test/e2e/transfers.test.ts > shows every validation message of the form, and an unknown holder',
      'test/server/transfers.test.ts > a credit account of 20 characters',
    ],
    note: 'A code longer than 21 characters shows the same "Le code saisi est trop court" (the spec gives one message for min and max).',
  },
  // Currency
  {
    items: ['REQ-VAL-23', 'REQ-VAL-23.m1'],
    by: [
      { form: 'momoTransferForm', field: 'currencySent' },
      { form: 'cardTransferForm', field: 'currencySent' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.currencyRequired' },
      { schema: 'WalletTransferRequest' },
      { schema: 'CardTransferRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > momo: currency and number (rulings §1 readings)',
      'test/model/transfer.test.ts > momo: required messages (rulings §1 readings)',
      'test/model/transfer.test.ts > card: required, then format messages',
      'test/e2e/transfers.test.ts > goes from form to success at 375 px, with the three steps',
      'test/server/transfers-wallet-card.test.ts > no currencySent',
    ],
  },
  // Momo number: the readings the rulings keep
  {
    items: ['REQ-VAL-24', 'REQ-VAL-24.m1', 'REQ-VAL-24.m2'],
    by: [
      { form: 'momoTransferForm', field: 'phone' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.momoNumberRequired' },
      { catalogue: 'validation.momoNumberFormat' },
      { schema: 'WalletTransferRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > momo: currency and number (rulings §1 readings)',
      'test/model/transfer.test.ts > momo: required messages (rulings §1 readings)',
      'test/e2e/transfers.test.ts > goes from form to success at 375 px, with the three steps',
      'test/server/transfers-wallet-card.test.ts > a number of 11 digits',
      'test/server/transfers-wallet-card.test.ts > a number without 243',
    ],
    note:
      'rulings §1: the correct-French readings, "Saisir le numéro de compte à créditer" and "Le numéro saisi est incorrect". ' +
      "The spec quotes no message for the prefix and digits rules: one pattern (243 then 9 digits) shows the length rule's message for any of them.",
  },
  // Description
  {
    items: ['REQ-VAL-25', 'REQ-VAL-25.m1', 'REQ-VAL-25.m2'],
    by: [
      { form: 'accountTransferForm', field: 'description' },
      { form: 'momoTransferForm', field: 'description' },
      { form: 'cardTransferForm', field: 'description' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.descriptionRequired' },
      { catalogue: 'validation.descriptionTooShort' },
      { schema: 'Description' },
    ],
    tests: [
      'test/unit/forms.test.ts > description: min 5 "La description est trop courte"',
      'test/model/transfer.test.ts > account: a submit attempt shows the exact spec messages of each field',
      'test/model/transfer.test.ts > after a submit attempt, errors follow the typing',
      'test/model/spec5-field-rules.test.ts > a description of 4 characters (blanks around do not count) is refused; one of 5 is sent',
      'test/e2e/transfers.test.ts > shows every validation message of the form, and an unknown holder',
      'test/server/transfers.test.ts > a description under 5 characters',
    ],
    note: 'Counted after trimming the blanks around it.',
  },
  // Card account id
  {
    items: ['REQ-VAL-26', 'REQ-VAL-26.m1', 'REQ-VAL-26.m2'],
    by: [
      { form: 'cardTransferForm', field: 'accountId' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.cardAccountRequired' },
      { catalogue: 'validation.cardAccountFormat' },
      { schema: 'CardTransferRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > card: account id and last four digits',
      'test/model/transfer.test.ts > card: required, then format messages',
      'test/model/spec5-field-rules.test.ts > a card account id of %s is refused with "Le numéro saisit est incorrect"; nothing is sent',
      'test/model/spec5-field-rules.test.ts > a card account id of exactly 8 digits is sent',
      'test/e2e/transfers.test.ts > converts a debit in another currency and goes to success',
      'test/server/transfers-wallet-card.test.ts > a card id of 9 digits',
    ],
  },
  // Last four digits
  {
    items: ['REQ-VAL-27', 'REQ-VAL-27.m1', 'REQ-VAL-27.m2'],
    by: [
      { form: 'cardTransferForm', field: 'lastFour' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { catalogue: 'validation.lastFourRequired' },
      { catalogue: 'validation.lastFourFormat' },
      { schema: 'CardTransferRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > card: account id and last four digits',
      'test/model/transfer.test.ts > card: required, then format messages',
      'test/model/spec5-field-rules.test.ts > last four digits of %s are refused with "Les 4 derniers chiffres sont incorrects"; nothing is sent',
      'test/model/spec5-field-rules.test.ts > exactly 4 last digits are sent, a leading zero kept',
      'test/e2e/transfers.test.ts > converts a debit in another currency and goes to success',
      'test/server/transfers-wallet-card.test.ts > last four with a letter',
    ],
  },
  // Confirmation token (transfers)
  {
    items: ['REQ-VAL-28', 'REQ-VAL-28.m1', 'REQ-VAL-28.m2', 'REQ-VAL-28.m3'],
    by: [
      { form: 'transferConfirmForm', field: 'token' },
      { file: 'machines/transfer/transfer.rules.ts', symbol: 'export function tokenErrorOf' },
      { machine: 'transfer', state: 'awaitingCode', event: 'code.submit' },
      { catalogue: 'validation.tokenRequired' },
      { catalogue: 'validation.tokenDigits' },
      { catalogue: 'validation.tokenTooShort' },
      { schema: 'CodeConfirmRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > confirmation token %j → %s (order: required, digits, min 8)',
      'test/model/transfer.test.ts > code %j → %s; nothing is sent',
      'test/model/transfer.test.ts > no code error before a submit attempt; then it follows the typing',
      'test/e2e/transfers.test.ts > checks the code form: required, digits only, 8 digits',
      'test/server/validation.test.ts > the validation code of a confirmation: digits only, 8 to 12',
    ],
    note: "Checks in the spec's order for this field (required, digits only, min 8), unlike the reset code (min 8 before digits).",
  },

  // Old password
  {
    items: ['REQ-VAL-30', 'REQ-VAL-30.m1'],
    by: [
      { form: 'passwordChangeForm', field: 'oldPassword' },
      { machine: 'passwordChange', state: 'editing', event: 'password.submit' },
      { catalogue: 'validation.oldPasswordRequired' },
      { catalogue: 'validation.oldPasswordMin' },
      { schema: 'ChangePasswordRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > required and min 5 messages; equality of the new passwords is not checked',
      'test/model/passwordChange.test.ts > no error before a submit attempt; a blank submit shows the three required messages',
      'test/model/passwordChange.test.ts > fewer than 5 characters: "Saisir minimun 5 caracteres"; the errors follow the typing',
      'test/e2e/self-service.test.ts > checks the fields, refuses a wrong old PIN, then changes it',
    ],
    note: 'The spec quotes no message for the old password\'s min 5: the portal shows the new password\'s, "Saisir minimun 5 caracteres" (validation.oldPasswordMin).',
  },
  // New and repeat password
  {
    items: ['REQ-VAL-31', 'REQ-VAL-31.m1', 'REQ-VAL-31.m2'],
    by: [
      { form: 'passwordChangeForm', field: 'password' },
      { form: 'passwordChangeForm', field: 'password2' },
      { machine: 'passwordChange', state: 'editing', event: 'password.submit' },
      { catalogue: 'validation.passwordRequired' },
      { catalogue: 'validation.passwordMin' },
      { schema: 'ChangePasswordRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > required and min 5 messages; equality of the new passwords is not checked',
      'test/model/passwordChange.test.ts > no error before a submit attempt; a blank submit shows the three required messages',
      'test/model/passwordChange.test.ts > fewer than 5 characters: "Saisir minimun 5 caracteres"; the errors follow the typing',
      'test/e2e/self-service.test.ts > checks the fields, refuses a wrong old PIN, then changes it',
      'test/server/profile.test.ts > refuses different new PINs, a wrong old PIN, the same PIN; nothing changes',
    ],
    note: 'Passwords are never trimmed: a blank is a character typed (docs/decisions.md, Sign-in).',
  },

  // Balance account
  {
    items: ['REQ-VAL-40'],
    by: [
      { form: 'balanceForm', field: 'account' },
      { file: 'machines/balance/balance.rules.ts', symbol: 'export function balanceErrors' },
      { machine: 'balance', state: 'choosing', event: 'balance.submit' },
      { machine: 'balance', state: 'shown', event: 'balance.submit' },
      { machine: 'balance', state: 'failed', event: 'balance.submit' },
      { catalogue: 'validation.balanceAccountRequired' },
    ],
    tests: [
      'test/unit/forms.test.ts > balance: the account is required',
      'test/model/balance.test.ts > a submit without account shows "Veuillez sélectionner un compte" and reads nothing',
      "test/model/balance.test.ts > an account that is not one of the customer's is refused",
      'test/e2e/statements.test.ts > shows the balance of the chosen account',
    ],
    note: 'The spec quotes no message: the portal shows the debit account\'s, "Veuillez sélectionner un compte" (validation.balanceAccountRequired).',
  },
  // Statement
  {
    items: ['REQ-VAL-41', 'REQ-VAL-41.m1'],
    by: [
      { form: 'statementForm', field: 'account' },
      { form: 'statementForm', field: 'startDate' },
      { form: 'statementForm', field: 'endDate' },
      { file: 'machines/statement/statement.rules.ts', symbol: 'export function statementErrors' },
      { machine: 'statement', state: 'query.editing', event: 'statement.submit' },
      { catalogue: 'validation.startAfterEnd' },
      { catalogue: 'validation.statementAccountRequired' },
      { catalogue: 'validation.startDateRequired' },
      { catalogue: 'validation.endDateRequired' },
      { catalogue: 'validation.dateFormat' },
      { schema: 'StatementRequest' },
      { file: 'server/domain/statements.ts', symbol: 't.startAfterEnd' },
    ],
    tests: [
      'test/unit/forms.test.ts > statement: account and dates required, yyyy-mm-dd, start not after end',
      'test/model/statement.test.ts > a submit without account shows "Veuillez sélectionner un compte" and loads nothing',
      'test/model/statement.test.ts > dates required, then yyyy-mm-dd',
      'test/model/statement.test.ts > a date that is not in the calendar (2026-02-30) is refused',
      'test/model/statement.test.ts > a start later than the end: "La date de début ne peut pas être supérieure à la date de fin" on the start date',
      'test/e2e/statements.test.ts > checks the dates and shows a load failure, at 375 px',
      'test/server/statements.test.ts > refuses start after end, another customer account',
      'test/server/validation.test.ts > format: date refuses an impossible date, pattern a wrong shape',
    ],
    note:
      "The spec quotes only the start-after-end message; the others are the portal's (validation.statementAccountRequired, " +
      "startDateRequired, endDateRequired, dateFormat). The dates are the browser's date inputs (docs/decisions.md, Balance and statement).",
  },

  // Contact e-mail
  {
    items: ['REQ-VAL-50', 'REQ-VAL-50.m1', 'REQ-VAL-50.m2'],
    by: [
      { form: 'contactForm', field: 'email' },
      { machine: 'contact', state: 'form.editing', event: 'contact.submit' },
      { catalogue: 'validation.emailRequired' },
      { catalogue: 'validation.emailFormat' },
      { schema: 'UpdateContactRequest' },
      { file: 'server/domain/profile.ts', symbol: 'validation.emailFormat' },
    ],
    tests: [
      'test/unit/forms.test.ts > contact: required messages, then formats',
      'test/model/contact.test.ts > a blank form shows the four required messages after a submit attempt',
      'test/model/contact.test.ts > format rules: e-mail, phone 6 to 10 digits, address min 5',
      'test/server/validation.test.ts > format: email',
    ],
  },
  // Contact country
  {
    items: ['REQ-VAL-51', 'REQ-VAL-51.m1'],
    by: [
      { form: 'contactForm', field: 'country' },
      { machine: 'contact', state: 'form.editing', event: 'contact.submit' },
      { catalogue: 'validation.countryRequired' },
      { schema: 'UpdateContactRequest' },
    ],
    tests: [
      'test/unit/forms.test.ts > contact: required messages, then formats',
      'test/model/contact.test.ts > a blank form shows the four required messages after a submit attempt',
    ],
  },
  // Contact phone
  {
    items: ['REQ-VAL-52', 'REQ-VAL-52.m1', 'REQ-VAL-52.m2'],
    by: [
      { form: 'contactForm', field: 'phone' },
      { machine: 'contact', state: 'form.editing', event: 'contact.submit' },
      { catalogue: 'validation.phoneRequired' },
      { catalogue: 'validation.phoneFormat' },
      { schema: 'UpdateContactRequest' },
      { file: 'server/domain/profile.ts', symbol: 'validation.phoneFormat' },
    ],
    tests: [
      'test/unit/forms.test.ts > contact: required messages, then formats',
      'test/model/contact.test.ts > a blank form shows the four required messages after a submit attempt',
      'test/model/contact.test.ts > format rules: e-mail, phone 6 to 10 digits, address min 5',
      'test/model/spec5-field-rules.test.ts > a contact phone with %s is refused with "Le numéro saisi est incorrect"; nothing is sent',
      'test/model/spec5-field-rules.test.ts > a contact phone of %s is sent',
      'test/e2e/self-service.test.ts > shows the profile and updates the contact data',
      'test/server/profile.test.ts > refuses what the form refuses, and an unknown country',
    ],
  },
  // Contact address
  {
    items: ['REQ-VAL-53', 'REQ-VAL-53.m1', 'REQ-VAL-53.m2'],
    by: [
      { form: 'contactForm', field: 'address' },
      { machine: 'contact', state: 'form.editing', event: 'contact.submit' },
      { catalogue: 'validation.addressRequired' },
      { catalogue: 'validation.addressTooShort' },
      { schema: 'UpdateContactRequest' },
      { file: 'server/domain/profile.ts', symbol: 'validation.addressTooShort' },
    ],
    tests: [
      'test/unit/forms.test.ts > contact: required messages, then formats',
      'test/model/contact.test.ts > a blank form shows the four required messages after a submit attempt',
      'test/model/contact.test.ts > format rules: e-mail, phone 6 to 10 digits, address min 5',
      'test/model/spec5-field-rules.test.ts > an address of 4 characters (blanks around do not count) is refused; one of 5 is sent',
      'test/server/profile.test.ts > refuses what the form refuses, and an unknown country',
    ],
    note: 'Counted after trimming the blanks around it, on the client and on the server.',
  },

  // Photo: the rulings replace the source's defect
  {
    items: ['REQ-VAL-54', 'REQ-VAL-54.m1', 'REQ-VAL-54.m2', 'REQ-VAL-54.m3'],
    by: [
      { form: 'photoForm', field: 'photo' },
      { machine: 'photo', state: 'choosing', event: 'photo.submit' },
      { machine: 'photo', state: 'choosing', event: 'file.choose' },
      { catalogue: 'validation.photoRequired' },
      { catalogue: 'validation.photoType' },
      { catalogue: 'validation.photoSize' },
      { operation: 'updatePhoto' },
      { file: 'server/routes/profile.ts', symbol: 'refuse(validation.photoType)' },
    ],
    tests: [
      'test/unit/forms.test.ts > photo: required, JPEG/PNG/WebP, at most 2 Mo',
      'test/unit/messages.test.ts > the photo field shows "Veuillez sélectionner une photo"',
      'test/model/photo.test.ts > "%s" after a submit attempt, nothing sent',
      'test/model/photo.test.ts > PNG and WebP of exactly 2 Mo are accepted',
      'test/e2e/self-service.test.ts > uploads a photo; refuses a too-large file and a text file named .png',
      'test/server/photo.test.ts > a text file named .png is refused by its bytes',
      'test/server/photo.test.ts > over 2 Mo is refused with 413 and not stored, also far over (cut by the multipart limit); exactly 2 Mo passes',
      'test/server/photo.test.ts > no file in the field photo',
    ],
    note:
      'rulings §1 replace the spec\'s description of a defect: a missing file shows "Veuillez sélectionner une photo" (validation.photoRequired), ' +
      "not the e-mail message, which stays the contact e-mail's (REQ-VAL-50.m1); JPEG, PNG or WebP only and at most 2 Mo, " +
      "checked by the client on the browser's type and size and by the server on the bytes (docs/decisions.md, Self-service: Photo).",
  },
]

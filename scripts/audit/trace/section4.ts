/** Traceability records of docs/requirements.md §4 States and transitions (see model.ts; rows in docs/traceability.md). */
import type { Trace } from './model.ts'

export const section4: Trace[] = [
  // Login: idle, loading, then success or failure; what an answer means; what success does
  {
    items: ['REQ-LOGIN-01'],
    by: [
      { machine: 'login', state: 'editing' },
      { machine: 'login', state: 'authenticating' },
      { machine: 'login', state: 'signedIn' },
    ],
    tests: [
      'test/model/login.test.ts > walked every transition of the graph',
      'test/model/login.test.ts > a second submit while authenticating sends no second request',
      'test/e2e/foundation.test.ts > a double click sends one request and shows a spinner meanwhile',
    ],
  },
  {
    items: ['REQ-LOGIN-02'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { file: 'machines/login/login.machine.ts', symbol: 'isRefused' },
      { schema: 'LoginResponse' },
    ],
    tests: [
      "test/model/login.test.ts > code '0' with a token signs in; the output carries the token and the known modules",
      "test/model/login.test.ts > code '1' with a message",
    ],
    note:
      "A code other than '0' whose message is blank shows the §8 unusable-answer text (there is no server message to show); " +
      "code '0' without a token cannot open a session and is treated as an unusable answer (REQ-LOGIN-04).",
  },
  {
    items: ['REQ-LOGIN-03'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { file: 'machines/login/login.machine.ts', symbol: 'isAccepted' },
    ],
    tests: ['test/model/login.test.ts > a token without code signs in'],
  },
  {
    items: ['REQ-LOGIN-04', 'REQ-LOGIN-04.m1'],
    by: [{ machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' }, { catalogue: 'login.unusableAnswer' }],
    tests: [
      'test/model/login.test.ts > body without code or token',
      "test/model/login.test.ts > code '0' without token",
      'test/e2e/foundation.test.ts > another HTTP error and an unusable answer have their own messages',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
  },
  {
    items: ['REQ-LOGIN-05'],
    by: [
      { machine: 'session', state: 'signedOut', event: 'session.start' },
      { machine: 'login', state: 'signedIn' },
      { file: 'src/session/session.ts', symbol: "type: 'session.start'" },
      { file: 'src/session/session.ts', symbol: 'storeSession' },
      { file: 'src/api/sessionStore.ts', symbol: 'save(token: string, user: SessionUser, idleSeconds: number)' },
    ],
    tests: [
      'test/model/session.test.ts > session.start stores the token and the user, then goes to the dashboard',
      'test/server/spec4-session.test.ts > a sign-in accepted by the bank saves the token and the user in session storage, then opens /app/dashboard',
      'test/server/spec4-session.test.ts > a refused sign-in saves nothing and stays on /login',
      'test/e2e/foundation.test.ts > sees 5 tiles, the shell, and logs out through the dialog',
    ],
  },

  // PIN reset: the request, then the confirmation
  {
    items: ['REQ-PIN-01'],
    by: [
      { machine: 'pinReset', state: 'asking', event: 'ask.submit' },
      { machine: 'pinReset', state: 'requesting', event: 'xstate.done.actor.askPinReset' },
      { machine: 'pinReset', state: 'confirming' },
      { file: 'machines/pinReset/pinReset.rules.ts', symbol: 'referenceOf' },
      { operation: 'askPinReset' },
    ],
    tests: [
      "test/model/pinReset.test.ts > status '0': the confirmation form appears and the returned code is kept",
      'test/model/pinReset.test.ts > another status: the form stays with the server message',
      'test/model/pinReset.test.ts > the code is sent with the kept reference, once',
      'test/e2e/self-service.test.ts > resets the PIN in two steps, then the new PIN signs in',
    ],
    note:
      "A refusal without a message, or a status '0' without the code to keep, shows pinReset.askNetworkError, " +
      'the one request error the spec gives (machines/pinReset/pinReset.machine.ts, choices).',
  },
  {
    items: ['REQ-PIN-02', 'REQ-PIN-02.m1'],
    by: [
      { machine: 'pinReset', state: 'confirmingCode', event: 'xstate.done.actor.confirmPinReset' },
      { machine: 'pinReset', state: 'done' },
      { file: 'machines/pinReset/pinReset.rules.ts', symbol: 'confirmErrorOf' },
      { file: 'machines/pinReset/pinReset.rules.ts', symbol: 'isConfirmUnknown' },
      { machine: 'pinReset', state: 'resultUnknown' },
      { catalogue: 'pinReset.confirmUnknownStatus' },
      { operation: 'confirmPinReset' },
    ],
    tests: [
      "test/model/pinReset.test.ts > status '0': success shown, form hidden",
      "test/model/pinReset.test.ts > status '1': the server message, the form kept",
      'test/model/pinReset.test.ts > "Une erreur lors du traitement de votre demande"',
      'test/model/pinReset.test.ts > %s: "Résultat inconnu", no form, no retry; "Se connecter" goes to login',
      'test/e2e/self-service.test.ts > resets the PIN in two steps, then the new PIN signs in',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
    note: "An HTTP error on the confirm, and a status '1' without message, also show pinReset.confirmUnknownStatus.",
  },

  // Transfers (account, momo, prepaid-card): the ask
  {
    items: ['REQ-XFER-01'],
    by: [
      { machine: 'transfer', state: 'editing.form.filling', event: 'transfer.submit' },
      { machine: 'transfer', state: 'asking' },
    ],
    tests: ['test/model/transfer.test.ts > %s: a double submit sends one request'],
  },
  {
    items: ['REQ-XFER-02'],
    by: [
      { machine: 'transfer', state: 'asking', event: 'xstate.done.actor.askTransfer' },
      { file: 'machines/transfer/transfer.machine.ts', symbol: 'isRefused' },
      { schema: 'TransferAskResponse' },
    ],
    tests: [
      "test/model/transfer.test.ts > status '1': the server message",
      'test/model/transfer.test.ts > HTTP 400 with a message: that message',
      'test/model/transfer.test.ts > the form stays with its values',
      'test/e2e/transfers.test.ts > refuses an amount above the balance with the server message; a wrong code keeps the code form, the third ends the transfer',
    ],
    note:
      'Without a message (status 1, HTTP error, no answer) the form stays with transfer.failed; an HTTP 403 or code 2 ' +
      'shows nothing here, the session signs out (REQ-SESSION-01).',
  },
  {
    items: ['REQ-XFER-03'],
    by: [
      { machine: 'transfer', state: 'asking', event: 'xstate.done.actor.askTransfer' },
      { machine: 'transfer', state: 'awaitingCode' },
      { file: 'machines/transfer/transfer.rules.ts', symbol: 'pendingOf' },
    ],
    tests: [
      'test/model/transfer.test.ts > otherwise the code form shows what the code is for',
      'test/model/transfer.test.ts > sends the reference and the trimmed code',
      'test/e2e/transfers.test.ts > goes from form to receipt, with the holder looked up and the code from the outbox',
    ],
    note:
      'An answer without a reference cannot be confirmed: the form stays with transfer.failed (docs/decisions.md, Transfers: ' +
      '"never taken for a success").',
  },

  // Transfers: the confirmation
  {
    items: ['REQ-XFER-04'],
    by: [
      { machine: 'transfer', state: 'awaitingCode', event: 'code.submit' },
      { machine: 'transfer', state: 'confirming' },
    ],
    tests: ['test/model/transfer.test.ts > sends the reference and the trimmed code; a double submit sends one request'],
  },
  {
    items: ['REQ-XFER-05', 'REQ-XFER-05.m1'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { machine: 'transfer', state: 'failed', event: 'transfer.restart' },
      { catalogue: 'transfer.retry' },
      { schema: 'TransferConfirmResponse' },
    ],
    tests: [
      "test/model/transfer.test.ts > status '1': the transfer is over, the code form is hidden, the description shows",
      'test/model/transfer.test.ts > HTTP 422 (wrong code, tries left): the code form is kept with the message',
      'test/e2e/transfers.test.ts > refuses an amount above the balance with the server message; a wrong code keeps the code form, the third ends the transfer',
      'test/e2e/transfers.test.ts > with the three steps and a kept code form after a wrong code',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
    note:
      "rulings §6.1: status '1' says the transfer is over and hides the code form for every kind; a wrong code with " +
      'tries left is HTTP 422 and keeps it; rulings §4 (3 wrong codes cancel the transfer); ' +
      '"Réessayer un nouveau transfert" gives a fresh form without reloading the page (docs/decisions.md, Transfers: Restart).',
  },
  {
    items: ['REQ-XFER-06', 'REQ-XFER-06.m1'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { machine: 'transfer', state: 'done' },
      { file: 'machines/transfer/transfer.rules.ts', symbol: 'receiptOf' },
      { catalogue: 'transfer.success' },
      { catalogue: 'transfer.newBalance' },
    ],
    tests: [
      'test/model/transfer.test.ts > success with a new balance: the message names it, in French format',
      'test/model/transfer.test.ts > success with an empty solde: "Votre transfert a été traité avec succès."',
      'test/e2e/transfers.test.ts > goes from form to receipt, with the holder looked up and the code from the outbox',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
  },
  {
    items: ['REQ-XFER-06', 'REQ-XFER-06.m2'],
    by: [{ machine: 'transfer', state: 'done', event: 'transfer.restart' }, { catalogue: 'transfer.another' }],
    tests: [
      'test/model/transfer.test.ts > transfer.restart gives a fresh form and loads the lists again',
      'test/e2e/transfers.test.ts > goes from form to receipt, with the holder looked up and the code from the outbox',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
    note:
      '"Faire un autre transfert" resets the machine to a fresh form (the lists load again) instead of reloading the page: ' +
      'the same result for the customer (docs/decisions.md, Transfers: Restart).',
  },
  {
    items: ['REQ-XFER-08', 'REQ-XFER-08.m1'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { machine: 'transfer', state: 'resultUnknown', event: 'transfer.restart' },
      { machine: 'myTransfers', state: 'code.confirming', event: 'xstate.error.actor.confirmTransfer' },
      { machine: 'myTransfers', state: 'code.unknown' },
      { catalogue: 'transfer.resultUnknown' },
      { schema: 'TransferConfirmResponse' },
      { machine: 'pinReset', state: 'resultUnknown', event: 'login.go' },
      { machine: 'passwordChange', state: 'resultUnknown', event: 'unknown.continue' },
      { catalogue: 'pinReset.confirmUnknown' },
      { catalogue: 'password.unknown' },
      { catalogue: 'temporaryPin.unknown' },
    ],
    tests: [
      'test/model/transfer.test.ts > an answer without status: the result is unknown',
      "test/model/myTransfers.test.ts > no answer: 'Résultat inconnu' (the answer may have been lost",
      "test/e2e/my-transfers.test.ts > a confirm answered without a status: 'Résultat inconnu'",
      'test/model/pinReset.test.ts > %s: "Résultat inconnu", no form, no retry; "Se connecter" goes to login',
      "test/model/passwordChange.test.ts > %s, the customer's own change: the result unknown, no form; the button goes back to the profile",
      'test/model/passwordChange.test.ts > %s, the temporary PIN: the result unknown says what to do; the button signs out',
      'test/e2e/lost-answers.test.ts > password change',
      'test/e2e/lost-answers.test.ts > PIN reset confirm',
      'test/model/transfer.test.ts > an unknown status: the result is unknown',
      'test/e2e/faults.test.ts > every confirm error: wrong code, refused, no try left, HTTP failure, no answer, result unknown',
      'test/unit/messages.test.ts > section 4 (states and transitions): every quoted message and button, exactly',
    ],
    note:
      'rulings §6.2; the link to the statement is transfer.resultUnknownLink (docs/decisions.md, Transfers). The PIN reset confirm and ' +
      'the password change have their own result unknown (docs/decisions.md, A change or reset with no answer).',
  },
  {
    items: ['REQ-XFER-07'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { file: 'machines/transfer/transfer.rules.ts', symbol: 'descriptionOf' },
    ],
    tests: [
      'test/model/transfer.test.ts > HTTP 400: the code form stays with the message',
      'test/model/transfer.test.ts > HTTP 500 with a description: that description',
    ],
    note: 'No answer at all (network, timeout) keeps the code form too, with transfer.failed.',
  },

  // Statement
  {
    items: ['REQ-STMT-01'],
    by: [
      { machine: 'statement', state: 'query.editing', event: 'statement.submit' },
      { machine: 'statement', state: 'query.loading', event: 'xstate.done.actor.loadStatement' },
      { machine: 'statement', state: 'query.shown' },
      { operation: 'statements' },
    ],
    tests: [
      'test/model/statement.test.ts > POST statements gets the contract request: trimmed dates, the account and its currency',
      'test/model/statement.test.ts > status 0 with transactions: the table with formatted amounts and the download links',
      'test/e2e/statements.test.ts > loads 3 months, downloads the PDF and the CSV, and the CSV rows match the table',
    ],
  },
  {
    items: ['REQ-STMT-02'],
    by: [
      { machine: 'statement', state: 'download.idle', event: 'download.pdf' },
      { machine: 'statement', state: 'download.idle', event: 'download.csv' },
      { file: 'machines/statement/statement.rules.ts', symbol: 'export function canDownload' },
    ],
    tests: [
      'test/model/statement.test.ts > canDownload: status 0 with at least one transaction and a file name',
      'test/model/statement.test.ts > status 0 without transaction: an empty table, no download link',
      'test/model/statement.test.ts > a status other than 0 without message: the table, no download link (spec §4)',
      'test/model/statement.test.ts > no download without links: no transaction, a status other than 0, no statement',
    ],
    note:
      'The links also need a file name in the answer, the name the files are downloaded by (docs/decisions.md, ' +
      'Balance and statement: "Downloads need a file name").',
  },

  // Password change
  {
    items: ['REQ-PWD-01'],
    by: [
      { machine: 'passwordChange', state: 'saving', event: 'xstate.done.actor.changePassword' },
      { file: 'machines/passwordChange/passwordChange.rules.ts', symbol: 'export function resultOf' },
      { file: 'machines/passwordChange/passwordChange.rules.ts', symbol: 'isOutcomeUnknown' },
      { machine: 'passwordChange', state: 'resultUnknown' },
      { catalogue: 'password.success' },
      { operation: 'changePassword' },
    ],
    tests: [
      "test/model/passwordChange.test.ts > status '0': the success message, fields wiped",
      'test/model/passwordChange.test.ts > another status: the description',
      "test/model/passwordChange.test.ts > %s, the customer's own change: the result unknown, no form; the button goes back to the profile",
      'test/e2e/self-service.test.ts > checks the fields, refuses a wrong old PIN, then changes it and the new PIN signs in',
    ],
    note:
      "The spec quotes no success text: password.success is the catalogue's (docs/decisions.md, Self-service: Password change). " +
      'A refusal without description shows password.changeError, the §8 HTTP failure text. No answer, or a 2xx neither ' +
      "'0' nor '1', is a result unknown (rulings §6.2, REQ-XFER-08).",
  },

  // Contact and picture updates
  {
    items: ['REQ-PROFILE-01'],
    by: [
      { machine: 'contact', state: 'form.saving', event: 'xstate.done.actor.updateContact' },
      { machine: 'contact', state: 'form.sent' },
      { machine: 'photo', state: 'uploading', event: 'xstate.done.actor.uploadPhoto' },
      { machine: 'photo', state: 'sent' },
      { file: 'src/flows/useFlow.ts', symbol: "goToProfile: () => void navigate({ to: '/app/profile'" },
    ],
    tests: [
      'test/model/contact.test.ts > sends the trimmed data once; code 0: toast "Envoyé" and the profile',
      'test/model/contact.test.ts > another code: the message; the form stays',
      "test/model/photo.test.ts > code '0': the message kept for the profile, a toast, the profile page",
      'test/model/photo.test.ts > another code: the message',
      'test/e2e/self-service.test.ts > shows the profile and updates the contact data (375 px)',
      'test/e2e/self-service.test.ts > uploads a photo; refuses a too-large file and a text file named .png',
    ],
    note: 'A refusal without message, an HTTP error or no answer shows profile.updateError (spec §8).',
  },

  // Notification
  {
    items: ['REQ-NOTIF-01', 'REQ-NOTIF-01.m1'],
    by: [
      { machine: 'notifications', state: 'list.shown', event: 'notification.show' },
      { machine: 'notifications', state: 'seen.idle', event: 'always' },
      { machine: 'notifications', state: 'seen.marking', event: 'xstate.done.actor.markSeen' },
      { catalogue: 'notifications.show' },
      { operation: 'showNotification' },
      { file: 'server/domain/notifications.ts', symbol: 'export async function showNotification' },
    ],
    tests: [
      'test/model/notifications.test.ts > shows the items with a 20-character preview, the pages and Prev/Next',
      'test/model/notifications.test.ts > an unseen one: full content, seen at once, counter at once, then the server is told',
      'test/server/spec4-notification.test.ts > reading the list pages, again and again, leaves every unseen notification unseen',
      'test/server/spec4-notification.test.ts > the click (GET notification/show/{id}) answers the full content and marks that notification seen, and no other',
      'test/server/notifications.test.ts > answers the notification, marks it seen and lowers notification-size',
      'test/e2e/self-service.test.ts > pages by 5, and "afficher" reveals the text and lowers the counter at once',
      'test/unit/messages.test.ts > the texts an auditor checks first are the spec quotes',
    ],
  },

  // Session
  {
    items: ['REQ-SESSION-01'],
    by: [
      { file: 'src/api/client.ts', symbol: 'const sessionExpiry: Middleware' },
      { machine: 'session', state: 'signedIn', event: 'session.expired' },
      { file: 'src/session/session.ts', symbol: 'announceExpiry' },
      { catalogue: 'session.expiredTitle' },
      { catalogue: 'session.expiredText' },
      { file: 'server/http/auth.ts', symbol: 'function sessionExpired' },
    ],
    tests: [
      'test/server/spec4-session.test.ts > HTTP 403 without body, on the shell counter (GET notification-size)',
      "test/server/spec4-session.test.ts > code '2' in a 200 answer, on a statement (POST statements)",
      'test/server/spec4-session.test.ts > HTTP 403 on a file download (GET download/pdf/{id})',
      'test/server/spec4-session.test.ts > keeps the customer signed in',
      'test/server/spec4-session.test.ts > on a public call (the sign-in) is not a session expiry',
      'test/server/spec4-session.test.ts > a 403 whose caller dropped the call while its body came',
      'test/model/session.test.ts > signs out, clears the storage, keeps the page, announces the expiry and goes to /login, in that order',
      'test/e2e/foundation.test.ts > a session expired on the server signs out with the toast and goes to /login',
      'test/server/sessions.test.ts > an unknown token, a malformed one, another scheme',
    ],
    note:
      'The client middleware tells the session machine; the flow machines only leave their busy state on such an answer, ' +
      'without a message of their own. A session found expired while the customer is logging out ends without the toast ' +
      '(docs/decisions.md, Sign-in and session rules). A 403 whose body cannot be read because its own caller dropped ' +
      'the call (a screen left) signs nobody out: the next call answers for the session.',
  },
  {
    items: ['REQ-SESSION-02', 'REQ-SESSION-02.m1'],
    by: [
      { file: 'server/http/auth.ts', symbol: 'OPEN_BEFORE_PIN_CHANGE' },
      { file: 'server/domain/signin.ts', symbol: 'temporaryPinUsed' },
      { file: 'src/api/client.ts', symbol: 'pinChangeRequired' },
      { machine: 'session', state: 'signedIn', event: 'pin.mustChange' },
      { machine: 'passwordChange', state: 'saving', event: 'xstate.done.actor.changePassword' },
      { machine: 'passwordChange', state: 'changed' },
      { file: 'src/flows/temporaryPin/PinChangeGate.tsx', symbol: 'PinChangeGate' },
      { catalogue: 'temporaryPin.title' },
      { operation: 'changePassword' },
    ],
    tests: [
      'test/server/temporary-pin.test.ts > a temporary PIN',
      "test/model/passwordChange.test.ts > status '0': the app is told (pinChanged",
      "test/model/session.test.ts > a sign-in with the PIN a reset sent, or a call's 403 code '3'",
      'test/e2e/temporary-pin.test.ts > signs in to "Choisissez un nouveau code PIN" only',
      'test/e2e/temporary-pin.test.ts > a reload keeps the customer on it',
    ],
    note:
      "The password change's machine with the input mode 'temporaryPin' (one machine, two screens). A second sign-in with " +
      'the PIN sent is refused (401 with a code and the message temporaryPinApi.temporaryPinUsed).',
  },
  {
    items: ['REQ-SESSION-03', 'REQ-SESSION-03.m1', 'REQ-SESSION-03.m2', 'REQ-SESSION-03.m3', 'REQ-SESSION-03.m4'],
    by: [
      { machine: 'sessions', state: 'loading', event: 'xstate.done.actor.loadSessions' },
      { machine: 'sessions', state: 'shown', event: 'session.end' },
      { machine: 'sessions', state: 'shown', event: 'sessions.endOthers' },
      { machine: 'sessions', state: 'closingOne', event: 'xstate.done.actor.closeSession' },
      { machine: 'sessions', state: 'closingOthers', event: 'xstate.done.actor.closeOtherSessions' },
      { catalogue: 'sessionList.title' },
      { catalogue: 'sessionList.current' },
      { catalogue: 'sessionList.endOne' },
      { catalogue: 'sessionList.endOthers' },
      { operation: 'mySessions' },
      { operation: 'endSession' },
      { operation: 'endOtherSessions' },
      { file: 'server/domain/user-agent.ts', symbol: 'clientOf' },
    ],
    tests: [
      'test/model/sessions.test.ts > each session: device, address, opened, last activity',
      'test/model/sessions.test.ts > confirmed: that session is ended',
      'test/model/sessions.test.ts > "Fermer toutes les autres sessions": asks with how many',
      'test/server/sessions-devices.test.ts > lists the open sessions with browser, system, address and times',
      'test/e2e/sessions.test.ts > from the profile: every open session, this one first and marked',
      'test/e2e/sessions.test.ts > "Fermer toutes les autres sessions" ends them all',
    ],
    note: 'Ending asks for a confirmation first (an end cannot be undone); the current session is never offered (that is logout).',
  },
]

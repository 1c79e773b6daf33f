/** Traceability records of docs/requirements.md §8 Error messages (see model.ts; rows in docs/traceability.md). */
import type { TestRef, Trace } from './model.ts'

/** Every quoted message of the §8 table is in the catalogue, exactly (typos included). */
const catalogueQuotes: TestRef = 'test/unit/messages.test.ts > section 8 table (error catalogue): every quoted message, exactly'
/** The catalogue texts an auditor checks first, compared with the spec's quotes one by one. */
const auditorQuotes: TestRef = 'test/unit/messages.test.ts > the texts an auditor checks first are the spec quotes'
/** The banner of each answer of the login call (it.each: HTTP 403, 401 with and without code, 500, 404, network, unusable bodies). */
const loginBanners: TestRef = 'test/model/login.test.ts > login machine — banner message per answer (spec §4, §8)'

export const section8: Trace[] = [
  // Login HTTP 403
  {
    items: ['REQ-ERR-01', 'REQ-ERR-01.m1'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { catalogue: 'login.wrongCredentials' },
      { operation: 'login' },
      { file: 'server/routes/auth.ts', symbol: "case 'wrongCredentials'" },
    ],
    tests: [
      loginBanners,
      'test/server/auth.test.ts > answers 403 with the same body for a wrong PIN and an unknown user code',
      'test/e2e/foundation.test.ts > a wrong PIN shows "Code utilisateur ou code pin incorrect"',
      catalogueQuotes,
    ],
  },

  // Login HTTP 401: the body's message when it has a code, else the blocked-access message
  {
    items: ['REQ-ERR-02', 'REQ-ERR-02.m1'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { catalogue: 'login.blocked' },
      { schema: 'BlockedBody' },
      { file: 'server/routes/auth.ts', symbol: "case 'webBlocked'" },
      { file: 'server/routes/auth.ts', symbol: "case 'pinBlocked'" },
      { file: 'src/config.ts', symbol: 'bankName' },
    ],
    tests: [
      'test/server/client-answers.test.ts > five wrong PINs: the sign-in form shows the server message telling to reset the PIN',
      'test/server/client-answers.test.ts > HTTP 401 of a blocked customer: the body with its code and message',
      loginBanners,
      'test/model/login.test.ts > the blocked message names the bank given as input',
      'test/unit/messages.test.ts > rulings §1: {provider} is the bank name, a setting',
      'test/server/auth.test.ts > answers 401 without a code to a customer whose web banking the bank blocked, and no token',
      'test/server/auth.test.ts > blocks the access at the 5th consecutive wrong PIN: 401 with a code, even with the right PIN afterwards',
      'test/server/http.test.ts > writes the bank name into the page, escaped',
      'test/e2e/foundation.test.ts > the blocked customer K1111111 is told to contact the bank',
    ],
    note:
      'rulings §1: {provider} is the bank\'s name, a setting (default "votre banque"), so the catalogue entry is the function ' +
      'login.blocked(provider); the server writes the name into index.html. docs/decisions.md: a 401 whose body has a code ' +
      "but an empty message falls back to the blocked-access message; a code of '' counts as no code.",
  },

  // Login, any other HTTP error
  {
    items: ['REQ-ERR-03', 'REQ-ERR-03.m1'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { machine: 'login', state: 'authenticating', event: 'xstate.error.actor.authenticate' },
      { catalogue: 'login.connectionError' },
    ],
    tests: [loginBanners, 'test/e2e/foundation.test.ts > another HTTP error and an unusable answer have their own messages', catalogueQuotes],
    note: 'No answer at all (network failure, timeout) shows the same message as any other HTTP error.',
  },

  // Login answer without usable code or token
  {
    items: ['REQ-ERR-04', 'REQ-ERR-04.m1'],
    by: [
      { machine: 'login', state: 'authenticating', event: 'xstate.done.actor.authenticate' },
      { catalogue: 'login.unusableAnswer' },
      { schema: 'LoginResponse' },
    ],
    tests: [loginBanners, 'test/e2e/foundation.test.ts > another HTTP error and an unusable answer have their own messages', catalogueQuotes],
  },

  // PIN reset request, network error
  {
    items: ['REQ-ERR-05', 'REQ-ERR-05.m1'],
    by: [{ machine: 'pinReset', state: 'requesting', event: 'xstate.error.actor.askPinReset' }, { catalogue: 'pinReset.askNetworkError' }],
    tests: ['test/model/pinReset.test.ts > network error: "Une erreur lors du traitement de votre transaction"', auditorQuotes, catalogueQuotes],
    note:
      'machines/pinReset/: the same text is the request error when an answer carries no message to show (an HTTP error ' +
      "without body, a status '0' without reference).",
  },

  // PIN reset confirm, network error: rulings §6.2 makes it a result unknown
  {
    items: ['REQ-ERR-06'],
    by: [
      { machine: 'pinReset', state: 'confirmingCode', event: 'xstate.error.actor.confirmPinReset' },
      { machine: 'pinReset', state: 'resultUnknown' },
      { catalogue: 'pinReset.confirmUnknown' },
    ],
    tests: [
      'test/model/pinReset.test.ts > %s: "Résultat inconnu", no form, no retry; "Se connecter" goes to login',
      'test/unit/messages.test.ts > spec §8 PIN reset confirm network error: rulings §6.2 makes it a result unknown, in its own words',
      'test/e2e/lost-answers.test.ts > PIN reset confirm',
    ],
    note:
      'docs/decisions.md (A change or reset with no answer): no answer may be an answer lost after the reset was made (the new ' +
      'PIN sent); the portal cannot tell it from a call that never ran, so every confirm without an answer is a result unknown.',
  },

  // PIN reset confirm, an HTTP error (a 2xx of another status is a result unknown)
  {
    items: ['REQ-ERR-07', 'REQ-ERR-07.m1'],
    by: [
      { machine: 'pinReset', state: 'confirmingCode', event: 'xstate.done.actor.confirmPinReset' },
      { catalogue: 'pinReset.confirmUnknownStatus' },
      { schema: 'StatusResponse' },
    ],
    tests: ['test/model/pinReset.test.ts > %s: "Une erreur lors du traitement de votre demande"', auditorQuotes, catalogueQuotes],
    note:
      "machines/pinReset/: an HTTP error, and a status '1' without message, show the text; a 2xx with another status is a " +
      'result unknown (rulings §6.2, REQ-XFER-08).',
  },

  // Session expired (HTTP 403 or code '2'): sign out, warning toast, /login
  {
    items: ['REQ-ERR-08', 'REQ-ERR-08.m1', 'REQ-ERR-08.m2'],
    by: [
      { file: 'src/api/client.ts', symbol: 'sessionExpiry' },
      { machine: 'session', state: 'signedIn', event: 'session.expired' },
      { catalogue: 'session.expiredTitle' },
      { catalogue: 'session.expiredText' },
      { file: 'src/session/session.ts', symbol: 'announceExpiry' },
      { file: 'src/ui/toasts.ts', symbol: 'EXPIRY_TOAST_MS' },
      { file: 'src/ui/Toaster.tsx', symbol: 'session.closeToast' },
      { file: 'server/http/auth.ts', symbol: 'sessionExpired' },
    ],
    tests: [
      'test/model/session.test.ts > signs out, clears the storage, keeps the page, announces the expiry and goes to /login, in that order',
      'test/model/session.test.ts > also from the open logout dialog',
      'test/server/spec8-client.test.ts > a customer call answered HTTP 403 signs out: storage cleared, warning toast "Deconnexion" for 3 s, /login',
      "test/server/spec8-client.test.ts > a customer call answered code '2' in a 200 body signs out the same way",
      'test/server/spec8-client.test.ts > a customer call answered HTTP 500, or code 1, does not end the session',
      'test/server/spec8-client.test.ts > a public call answered HTTP 403 (a wrong PIN at login) is not a session expiry',
      'test/server/sessions.test.ts > customer calls without a valid session: HTTP 403 code 2',
      'test/e2e/foundation.test.ts > a session expired on the server signs out with the toast and goes to /login',
      "test/server/spec8-client.test.ts > a customer call answered status '2' (the field of transfer, statement and password answers) signs out too",
      'test/e2e/foundation.test.ts > the session-expired toast is closable: its close button removes it at once',
      auditorQuotes,
      catalogueQuotes,
    ],
    note:
      'Closable: every toast has a close button (src/ui/Toaster.tsx, its button labelled session.closeToast). ' +
      'docs/decisions.md: an expiry found while the customer is logging out ends the session without the toast.',
  },

  // Accounts not loaded or empty: the message, a click reloads the page
  {
    items: ['REQ-ERR-09', 'REQ-ERR-09.m1'],
    by: [
      { machine: 'session', state: 'signedIn.accounts.loading', event: 'xstate.error.actor.loadAccounts' },
      { file: 'src/session/actors.ts', symbol: 'loadAccounts' },
      { machine: 'transfer', state: 'editing.form.filling', event: 'accounts.reload' },
      { machine: 'balance', state: '', event: 'accounts.reload' },
      { machine: 'statement', state: '', event: 'accounts.reload' },
      { catalogue: 'accounts.notLoaded' },
      { file: 'src/ui/AccountsMessage.tsx' },
    ],
    tests: [
      'test/model/session.test.ts > marks the accounts as failed when they cannot be loaded (spec §8)',
      'test/model/transfer.test.ts > %s: the form shows the message; a click reloads the page; no transfer can be asked',
      'test/model/balance.test.ts > %s: the accounts message; its click reloads the page; no account is offered',
      'test/model/statement.test.ts > %s: the accounts message; its click reloads the page',
      'test/server/spec8-client.test.ts > POST account answered with %s: the session marks the accounts failed; the screen shows the message',
      'test/server/spec8-client.test.ts > POST account answered with an empty list: the same message',
      'test/e2e/statements.test.ts > show the spec message, and a click reloads the page',
      catalogueQuotes,
    ],
  },

  // Account holder lookup failed
  {
    items: ['REQ-ERR-10', 'REQ-ERR-10.m1'],
    by: [
      { machine: 'transfer', state: 'editing.holder.lookingUp', event: 'xstate.done.actor.lookUpHolder' },
      { machine: 'transfer', state: 'editing.holder.lookingUp', event: 'xstate.error.actor.lookUpHolder' },
      { catalogue: 'transfer.holderNotFound' },
      { operation: 'accountDetails' },
      { file: 'src/flows/transfer/actors.ts', symbol: 'lookUpHolder' },
    ],
    tests: [
      'test/model/transfer.test.ts > transfer machine — holder of the account to credit (spec §2 /app/transfer, §8)',
      'test/model/transfer.test.ts > a change during the lookup cancels it and looks the new value up',
      'test/server/transfers.test.ts > answers code 1 with a message when no account has that number',
      'test/e2e/transfers.test.ts > shows every validation message of the form, and an unknown holder',
      catalogueQuotes,
    ],
    note: "Not found (code other than '0', or an empty label) and a lookup that fails (no answer) show the same message.",
  },

  // Transfer submit error: the server message
  {
    items: ['REQ-ERR-11'],
    by: [
      { machine: 'transfer', state: 'asking', event: 'xstate.done.actor.askTransfer' },
      { schema: 'TransferAskResponse' },
      { schema: 'ErrorBody' },
      { file: 'server/domain/transfer-ask.ts', symbol: 'refuse(' },
    ],
    tests: [
      'test/e2e/faults.test.ts > every ask error leaves the form on screen with its message',
      'test/server/client-answers.test.ts > HTTP 400 of a transfer ask the server refuses: the body with its message',
      'test/model/transfer.test.ts > %s; the form stays with its values',
      'test/server/transfers.test.ts > POST transfer/ask: refusals answer status 1 with a message and change no row',
      'test/e2e/transfers.test.ts > refuses an amount above the balance with the server message; a wrong code keeps the code form, the third ends the transfer',
    ],
    note:
      "When there is no message to show (an HTTP error without one, status '1' without one, no answer) the form shows " +
      "transfer.failed; an HTTP 403 or code '2' shows nothing here, the session signs out (docs/decisions.md, Transfers).",
  },

  // Transfer confirm with status '1': the description, "Réessayer un nouveau transfert"
  {
    items: ['REQ-ERR-12', 'REQ-ERR-12.m1'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { machine: 'transfer', state: 'failed', event: 'transfer.restart' },
      { catalogue: 'transfer.retry' },
      { schema: 'TransferConfirmResponse' },
    ],
    tests: [
      'test/e2e/faults.test.ts > every confirm error: wrong code, refused, no try left, HTTP failure, no answer, result unknown',
      'test/model/transfer.test.ts > %s; the code is wiped',
      'test/model/transfer.test.ts > from %s, transfer.restart gives a fresh form and loads the lists again',
      'test/server/transfers.test.ts > a wrong code leaves 2 tries, then 1; the 3rd cancels the transfer; the right code then does nothing',
      'test/e2e/transfers.test.ts > refuses an amount above the balance with the server message; a wrong code keeps the code form, the third ends the transfer',
      'test/e2e/transfers.test.ts > with the three steps and a kept code form after a wrong code',
      catalogueQuotes,
    ],
    note:
      "Spec §4: status '1' hides the code form and offers the button for an account transfer; momo and prepaid card keep " +
      'the code form with the description (docs/decisions.md: with no try left, every kind ends with the button). ' +
      'The button gives a fresh form instead of reloading the page (docs/decisions.md, Restart).',
  },

  // Transfer confirm failure: error with the description, confirm form kept
  {
    items: ['REQ-ERR-13'],
    by: [
      { machine: 'transfer', state: 'confirming', event: 'xstate.done.actor.confirmTransfer' },
      { machine: 'transfer', state: 'confirming', event: 'xstate.error.actor.confirmTransfer' },
      { machine: 'transfer', state: 'awaitingCode' },
      { machine: 'myTransfers', state: 'code.confirming', event: 'xstate.done.actor.confirmTransfer' },
    ],
    tests: [
      'test/e2e/faults.test.ts > every confirm error: wrong code, refused, no try left, HTTP failure, no answer, result unknown',
      'test/model/transfer.test.ts > %s; the code is wiped',
      'test/model/myTransfers.test.ts > a wrong code keeps the form, the banner with the tries left on the field',
      'test/e2e/my-transfers.test.ts > completes a pending transfer with the code sent by SMS, and downloads its receipt',
    ],
    note:
      'Read with spec §4 ("a confirm failure by HTTP keeps the confirm form with an error"): an HTTP error keeps the code ' +
      'form with the description, else the message, else transfer.failed; no answer keeps it with transfer.failed.',
  },

  // Statement load failure
  {
    items: ['REQ-ERR-14', 'REQ-ERR-14.m1'],
    by: [
      { machine: 'statement', state: 'query.loading', event: 'xstate.done.actor.loadStatement' },
      { machine: 'statement', state: 'query.loading', event: 'xstate.error.actor.loadStatement' },
      { machine: 'statement', state: 'query.failed' },
      { catalogue: 'statement.loadError' },
    ],
    tests: [
      'test/model/statement.test.ts > %s: "Une erreur lors de votre transfert, veuillez réessayer"; the form stays',
      'test/e2e/statements.test.ts > checks the dates and shows a load failure, at 375 px',
      auditorQuotes,
      catalogueQuotes,
    ],
    note:
      "docs/decisions.md: an answer with a status other than '0' but no message still shows its table, without download " +
      'links; with a message, on an HTTP error or with no answer, this text.',
  },

  // Password change HTTP failure
  {
    items: ['REQ-ERR-15', 'REQ-ERR-15.m1'],
    by: [{ machine: 'passwordChange', state: 'saving', event: 'xstate.done.actor.changePassword' }, { catalogue: 'password.changeError' }],
    tests: [
      'test/model/passwordChange.test.ts > %s: "Une erreur lors de la modification de votre mot de passe"',
      'test/unit/messages.test.ts > spec §2, §4, §8 password change: title, HTTP failure message, a success message',
      catalogueQuotes,
    ],
    note: 'A refusal without description shows the same text; no answer is a result unknown (rulings §6.2, REQ-XFER-08).',
  },

  // Contact or picture update HTTP failure
  {
    items: ['REQ-ERR-16', 'REQ-ERR-16.m1'],
    by: [
      { machine: 'contact', state: 'form.saving', event: 'xstate.done.actor.updateContact' },
      { machine: 'contact', state: 'form.saving', event: 'xstate.error.actor.updateContact' },
      { machine: 'photo', state: 'uploading', event: 'xstate.done.actor.uploadPhoto' },
      { machine: 'photo', state: 'uploading', event: 'xstate.error.actor.uploadPhoto' },
      { catalogue: 'profile.updateError' },
    ],
    tests: [
      'test/model/contact.test.ts > %s: "Une erreur lors de votre transfert, veuillez réessayer"',
      'test/model/photo.test.ts > %s: "Une erreur lors de votre transfert, veuillez réessayer"',
      'test/unit/messages.test.ts > spec §2, §8 profile, contact and picture: titles, links, toast, update error',
      catalogueQuotes,
    ],
    note: 'No answer (network failure, timeout) shows the same text.',
  },

  // Notification list code other than '0' or failure
  {
    items: ['REQ-ERR-17', 'REQ-ERR-17.m1'],
    by: [
      { machine: 'notifications', state: 'list.loading', event: 'xstate.done.actor.loadNotifications' },
      { machine: 'notifications', state: 'list.loading', event: 'xstate.error.actor.loadNotifications' },
      { machine: 'notifications', state: 'list.failed' },
      { catalogue: 'notifications.loadError' },
    ],
    tests: ['test/model/notifications.test.ts > %s: "Une erreur lors de la récupération de vos notifications."', auditorQuotes, catalogueQuotes],
    note: "An HTTP 403 or code '2' shows no message: the session signs out.",
  },

  // Balance failure: an error box with no message text
  {
    items: ['REQ-ERR-18'],
    by: [
      { machine: 'balance', state: 'loading', event: 'xstate.done.actor.loadBalance' },
      { machine: 'balance', state: 'loading', event: 'xstate.error.actor.loadBalance' },
      { machine: 'balance', state: 'failed' },
      { catalogue: 'balance.failed' },
      { machine: 'transfer', state: 'editing.balance.loading', event: 'xstate.error.actor.loadBalance' },
    ],
    tests: [
      'test/model/balance.test.ts > %s: the error box with its screen-reader text, no table',
      'test/unit/messages.test.ts > spec §8 balance failure: the box has no text in the spec; the catalogue gives it a short one for screen readers',
      'test/e2e/statements.test.ts > a failure shows an error box that still says an error happened',
      'test/model/transfer.test.ts > momo: a balance that cannot be read is not shown, and not asked again for the same account',
    ],
    note:
      'docs/decisions.md (Balance failure box): an empty alert tells a screen-reader user nothing, so the box says ' +
      "balance.failed (an error must be announced to assistive technology). On the momo screen the selected account's balance that cannot be " +
      'read is simply not shown (transfer editing.balance.unavailable).',
  },

  // Currency load failure: nothing is shown
  {
    items: ['REQ-ERR-19'],
    by: [
      { machine: 'transfer', state: 'editing.currencies.loading', event: 'xstate.error.actor.loadCurrencies' },
      { machine: 'transfer', state: 'editing.currencies.idle' },
      { file: 'src/flows/transfer/actors.ts', symbol: 'loadCurrencies' },
    ],
    tests: [
      'test/model/spec8-currency-load-failure.test.ts > %s: a failed currency load offers no currency and shows no message',
      'test/model/spec8-currency-load-failure.test.ts > %s: the form stays usable and the load is not retried behind the customer',
      'test/server/spec8-client.test.ts > GET currencies/b2c answered with %s: no currency offered, no message, the form stays',
      'test/model/transfer.test.ts > suggestions and currencies in the context; empty on failure',
    ],
    note: 'The contact screen treats a country list that cannot be read the same way (machines/contact/, countries.failed).',
  },

  // Download errors: only logged, nothing shown
  {
    items: ['REQ-ERR-20'],
    by: [
      { machine: 'statement', state: 'download.downloading', event: 'xstate.error.actor.downloadLink' },
      { machine: 'transfer', state: 'done.downloading', event: 'xstate.error.actor.downloadReceipt' },
      { machine: 'myTransfers', state: 'shown.downloading', event: 'xstate.error.actor.downloadReceipt' },
      { machine: 'myTransfers', state: 'code.done.downloading', event: 'xstate.error.actor.downloadDoneReceipt' },
      { catalogue: 'myTransfers.downloadFailed' },
      { catalogue: 'transfer.downloadFailed' },
      { file: 'src/flows/useFlow.ts', symbol: 'logDownloadError' },
    ],
    tests: [
      'test/model/statement.test.ts > %s: the message under the links, logged; the next download clears it',
      "test/model/transfer.test.ts > a failure says so (rulings §9.7, the statement's words) and is logged (spec §8); the final screen stays",
      'test/model/transfer.test.ts > the message goes away on the next try, and stays away when that one is saved',
      'test/model/myTransfers.test.ts > a receipt that could not be downloaded: "Le téléchargement a échoué. Veuillez réessayer.", logged',
      "test/e2e/my-transfers.test.ts > downloads an executed transfer's receipt, the success screen's PDF; a failure says so (rulings §9.7)",
      'test/e2e/transfers.test.ts > a receipt that could not be downloaded says so on the success screen, $width $colorScheme (rulings §9.7); the message goes on the next try',
    ],
    note:
      'The statement files (PDF, csv) go through the statement machine, the transfer receipt through the transfer machine, ' +
      'and from My transfers (rulings §9.1) through the My transfers machine. Rulings §9.7 adds a message to the log: a ' +
      'statement file or a receipt (on the success screen or in My transfers) that could not be had shows "Le téléchargement a ' +
      'échoué. Veuillez réessayer." (statement.downloadFailed, transfer.downloadFailed, myTransfers.downloadFailed; docs/decisions.md).',
  },
]

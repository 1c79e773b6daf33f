/**
 * The ready-made faults of the fault panel (/__dev/faults.html): one scenario per error state of
 * each flow — the transfer flow (machines/transfer/transfer.machine.ts) for each of the three kinds where they
 * differ, then login, PIN reset, balance, statement, password change, profile, contact, photo,
 * notifications and the session (the machines of the same names). Data only, so that the page
 * renders it and the browser tests walk the entries.
 *
 * Every fault applies once (`times: 1`): the next call of that path is faulted, the ones after get
 * their real answer, so that the customer can go on. The messages put in the bodies are texts of
 * the catalogue, as the real server would send them.
 */
import { api } from '../../kernel/messages.ts'
import { devFaults } from '../../kernel/messages/devTools.ts'
import { TRANSFER_KINDS, transferKindContract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { transferScreens } from './transfer-screens.ts'
import type { Fault } from './faults.ts'

const CUSTOMER = '/api/rest/customer/v1'

/** The screen of each kind (spec §2) and its two calls (spec §7), from the contract's kind table. */
export const transferCalls = Object.fromEntries(
  TRANSFER_KINDS.map((kind) => {
    const { screen, askPath, confirmPath } = transferKindContract[kind]
    return [kind, { screen, ask: askPath, confirm: confirmPath }]
  }),
) as Record<TransferKind, { screen: string; ask: string; confirm: string }>

/** A scenario of the transfer flow (devFaults.scenarios). */
export type ScenarioType = keyof typeof devFaults.scenarios

/** The flows other than the transfer one (devFaults.flows). */
export type OtherFlow = keyof typeof devFaults.flows
/** The group of a scenario on the page: a transfer kind or another flow. */
export type FlowId = TransferKind | OtherFlow

export interface FaultScenario {
  /** `momo.askRefused`, `login.wrongCredentials`: the value of the page's button. */
  id: string
  /** Its group (one fieldset per group). */
  flow: FlowId
  /** The screen to open in the customer's tab. */
  screen: string
  /** The button's text (the flow is the legend of its group). */
  label: string
  /** Added in this order, after the faults in force are cleared. */
  faults: Fault[]
}

/** A transfer scenario: its kind and its type too. */
export interface TransferScenario extends FaultScenario {
  flow: TransferKind
  kind: TransferKind
  type: ScenarioType
}

const once = (method: 'GET' | 'POST', path: string, rest: Omit<Fault, 'method' | 'path' | 'times'>): Fault => ({
  method,
  path,
  times: 1,
  ...rest,
})

/** A confirm carried out whose answer is lost on the way back (the connection closes before it). */
const lostAnswer = { loseAnswer: true } as const

/** A lookup of the form that fails: the machine's onError or empty-list branch. */
const serverError = { status: 500, body: { message: api.serverError } }

/** The faults of each scenario, for one kind's calls. */
const faultsOf: Record<ScenarioType, (kind: TransferKind) => Fault[] | null> = {
  // Ask (spec §4 Transfers, §8): each leaves the form on screen with a message.
  askRefused: (k) => [once('POST', transferCalls[k].ask, { status: 200, body: { status: '1', message: api.transfer.serviceUnavailable } })],
  askHttpMessage: (k) => [once('POST', transferCalls[k].ask, serverError)],
  askHttpNoBody: (k) => [once('POST', transferCalls[k].ask, { status: 502 })],
  askNoReference: (k) => [once('POST', transferCalls[k].ask, { status: 200, body: { status: '0' } })],
  askNoAnswer: (k) => [once('POST', transferCalls[k].ask, { dropConnection: true })],
  // The real 403 code '2' follows: the session machine signs out (spec §4 Session).
  askSessionExpired: (k) => [once('POST', transferCalls[k].ask, { expireSession: true })],
  // Confirm (rulings §6.1): a wrong code with tries left is HTTP 422 and keeps the code form, for
  // every kind; a 200 with status '1' says the transfer is over (here: the code expired), and so
  // does no try left (rulings §4).
  confirmWrongCode: (k) => [
    once('POST', transferCalls[k].confirm, {
      status: 422,
      body: { code: '1', message: api.transfer.wrongCode(2), description: api.transfer.wrongCode(2), triesLeft: 2 },
    }),
  ],
  confirmRefused: (k) => [once('POST', transferCalls[k].confirm, { status: 200, body: { status: '1', description: api.transfer.expired } })],
  confirmNoTriesLeft: (k) => [
    once('POST', transferCalls[k].confirm, { status: 200, body: { status: '1', description: api.transfer.cancelledWrongCode, triesLeft: 0 } }),
  ],
  confirmHttpDescription: (k) => [once('POST', transferCalls[k].confirm, { status: 500, body: { description: api.serverError } })],
  // rulings §6.2: a 200 without status '0' proves nothing — the result is unknown, never a success.
  confirmUnreadable: (k) => [once('POST', transferCalls[k].confirm, { status: 200 })],
  confirmNoStatus: (k) => [once('POST', transferCalls[k].confirm, { status: 200, body: {} })],
  confirmNoAnswer: (k) => [once('POST', transferCalls[k].confirm, { dropConnection: true })],
  // The riskiest slow-network case: the transfer is carried out (the money moves), the answer never
  // arrives. The portal cannot tell it from no answer at all: the result is unknown (rulings §6.2).
  confirmLostAnswer: (k) => [once('POST', transferCalls[k].confirm, lostAnswer)],
  confirmSessionExpired: (k) => [once('POST', transferCalls[k].confirm, { expireSession: true })],
  // The form's lookups, only for the kinds that make them (transfer-screens.ts).
  holderFailure: (k) => (transferScreens[k].looksUpHolder ? [once('POST', `${CUSTOMER}/details`, serverError)] : null),
  suggestionsFailure: (k) => {
    const suggestions = transferScreens[k].suggestions
    return suggestions ? [once('GET', `${CUSTOMER}/used-freq/${suggestions.usedFreqId}`, serverError)] : null
  },
  currenciesFailure: (k) => {
    const list = transferScreens[k].currencies
    return list ? [once('GET', `/auth/v1/currencies/${list}`, serverError)] : null
  },
  balanceFailure: (k) => (transferScreens[k].showsBalance ? [once('POST', `${CUSTOMER}/balance`, serverError)] : null),
}

const SCENARIO_TYPES = Object.keys(devFaults.scenarios) as ScenarioType[]

/** The transfer flow's scenarios, kind by kind. */
export const faultScenarios: readonly TransferScenario[] = TRANSFER_KINDS.flatMap((kind) =>
  SCENARIO_TYPES.flatMap((type): TransferScenario[] => {
    const faults = faultsOf[type](kind)
    return faults ? [{ id: `${kind}.${type}`, flow: kind, kind, type, screen: transferCalls[kind].screen, label: devFaults.scenarios[type], faults }] : []
  }),
)

// ---- The other flows ----------------------------------------------------------------------------

const AUTH = '/auth/v1'
/** The calls of the other flows (spec §7). */
const flowCalls = {
  login: `/auth/login`,
  pinResetAsk: `${AUTH}/password/ask`,
  pinResetConfirm: `${AUTH}/password/confirm`,
  countries: `${AUTH}/countries`,
  accounts: `${CUSTOMER}/account`,
  notificationSize: `${CUSTOMER}/notification-size`,
  balance: `${CUSTOMER}/balance`,
  statements: `${CUSTOMER}/statements`,
  download: (file: string) => `${CUSTOMER}/download/pdf/${file}`,
  changePassword: `${CUSTOMER}/change-password`,
  contact: `${CUSTOMER}/get-contact`,
  updateContact: `${CUSTOMER}/update-contact`,
  photo: `${CUSTOMER}/photo/update`,
  notifications: `${CUSTOMER}/notifications`,
  notificationShow: (id: string) => `${CUSTOMER}/notification/show/${id}`,
} as const

/** The screen of each flow (spec §2): where the customer goes once the scenario is applied. */
export const flowScreens: Record<OtherFlow, string> = {
  login: '/login',
  pinReset: '/reinit-password',
  // The accounts and the counter are read when the shell opens, right after signing in.
  session: '/login',
  balance: '/app/balance',
  statement: '/app/statement',
  password: '/app/update-password',
  profile: '/app/profile',
  contact: '/app/update-contact',
  photo: '/app/update-picture',
  notifications: '/app/notification',
}

/** The file name of the statement answered by the download scenario: its links then fail. */
const FAULTY_STATEMENT_FILE = 'releve-demo-panne'
/** The notification answered by the seen-mark scenario, whose "afficher" then fails. */
const FAULTY_NOTIFICATION_ID = 'notification-demo-panne'

const refused = (message: string) => ({ status: 200, body: { code: '1', message } })
const noAnswer = { dropConnection: true } as const
const sessionExpired = { expireSession: true } as const

/** The faults of each scenario of the other flows, in the order of their buttons. */
const flowFaults: { [F in OtherFlow]: Record<keyof (typeof devFaults.flows)[F]['scenarios'], Fault[]> } = {
  // spec §4 Login, §8: every onDone branch of machines/login/login.machine.ts and its onError.
  login: {
    wrongCredentials: [once('POST', flowCalls.login, { status: 403, body: { message: api.wrongCredentials } })],
    blockedWithCode: [once('POST', flowCalls.login, { status: 401, body: { code: '1', message: api.pinBlocked } })],
    webBankingBlocked: [once('POST', flowCalls.login, { status: 401, body: { message: api.webBankingBlocked } })],
    httpError: [once('POST', flowCalls.login, serverError)],
    noAnswer: [once('POST', flowCalls.login, noAnswer)],
    unusableAnswer: [once('POST', flowCalls.login, { status: 200, body: {} })],
    refused: [once('POST', flowCalls.login, refused(api.tooManyRequests))],
  },
  // spec §4 PIN reset, §8: the ask (any status but '0' keeps the form with the message) and the
  // confirm ('1' shows the message, an HTTP error the catalogue's text; another status or no answer
  // is a result unknown, rulings §6.2).
  pinReset: {
    askRefused: [once('POST', flowCalls.pinResetAsk, { status: 200, body: { status: '1', message: api.tooManyAsks } })],
    askHttpError: [once('POST', flowCalls.pinResetAsk, serverError)],
    askNoAnswer: [once('POST', flowCalls.pinResetAsk, noAnswer)],
    confirmRefused: [once('POST', flowCalls.pinResetConfirm, { status: 200, body: { status: '1', message: api.pinReset.wrongCode(2) } })],
    confirmOtherStatus: [once('POST', flowCalls.pinResetConfirm, { status: 200, body: { status: '3' } })],
    confirmHttpError: [once('POST', flowCalls.pinResetConfirm, serverError)],
    confirmNoAnswer: [once('POST', flowCalls.pinResetConfirm, noAnswer)],
    confirmLostAnswer: [once('POST', flowCalls.pinResetConfirm, lostAnswer)],
  },
  // spec §8: accounts not loaded or empty → the accounts message of the screens; the counter.
  session: {
    accountsFailure: [once('POST', flowCalls.accounts, serverError)],
    accountsEmpty: [once('POST', flowCalls.accounts, { status: 200, body: { code: '0', comptes: [] } })],
    accountsNoAnswer: [once('POST', flowCalls.accounts, noAnswer)],
    counterFailure: [once('GET', flowCalls.notificationSize, serverError)],
    sessionExpired: [once('GET', flowCalls.notificationSize, sessionExpired)],
  },
  // spec §8 balance failure: a code other than '0', an HTTP error, no amount, no answer.
  balance: {
    refused: [once('POST', flowCalls.balance, refused(api.notYourAccount))],
    httpError: [once('POST', flowCalls.balance, serverError)],
    noAmount: [once('POST', flowCalls.balance, { status: 200, body: { code: '0' } })],
    noAnswer: [once('POST', flowCalls.balance, noAnswer)],
    sessionExpired: [once('POST', flowCalls.balance, sessionExpired)],
  },
  // spec §4 Statement, §8 statement load failure; an empty period; download errors (only logged).
  statement: {
    httpError: [once('POST', flowCalls.statements, serverError)],
    refused: [once('POST', flowCalls.statements, { status: 200, body: { code: '1', status: '1', message: api.statement.notOwn } })],
    statusWithMessage: [once('POST', flowCalls.statements, { status: 200, body: { code: '0', status: '1', message: api.statement.rangeTooLong(92) } })],
    noAnswer: [once('POST', flowCalls.statements, noAnswer)],
    empty: [once('POST', flowCalls.statements, { status: 200, body: { code: '0', status: '0', filename: '', transactions: [] } })],
    downloadFailure: [
      once('POST', flowCalls.statements, {
        status: 200,
        body: {
          code: '0',
          status: '0',
          filename: FAULTY_STATEMENT_FILE,
          transactions: [
            {
              num_transaction: 'DEMO-PANNE-1',
              date_operation: '2026-01-15T10:00:00Z',
              num: '00000000000',
              description: api.transfer.executed,
              debit: '10.00',
              credit: '',
              solde: '90.00',
            },
          ],
        },
      }),
      once('GET', flowCalls.download(`${FAULTY_STATEMENT_FILE}.pdf`), { status: 404, body: { message: api.notFound } }),
      once('GET', flowCalls.download(`${FAULTY_STATEMENT_FILE}.csv`), { status: 404, body: { message: api.notFound } }),
    ],
    sessionExpired: [once('POST', flowCalls.statements, sessionExpired)],
  },
  // spec §4 Password change, §8: a refusal with its description, an HTTP error; no answer is a result unknown (rulings §6.2).
  password: {
    refused: [once('POST', flowCalls.changePassword, { status: 200, body: { status: '1', description: api.changePassword.wrongOld } })],
    httpError: [once('POST', flowCalls.changePassword, serverError)],
    noAnswer: [once('POST', flowCalls.changePassword, noAnswer)],
    lostAnswer: [once('POST', flowCalls.changePassword, lostAnswer)],
    sessionExpired: [once('POST', flowCalls.changePassword, sessionExpired)],
  },
  // The contact data of the profile page cannot be read (profile.loadError, a retry link).
  profile: {
    loadHttpError: [once('GET', flowCalls.contact, serverError)],
    loadRefused: [once('GET', flowCalls.contact, refused(api.serverError))],
    loadNoAnswer: [once('GET', flowCalls.contact, noAnswer)],
    sessionExpired: [once('GET', flowCalls.contact, sessionExpired)],
  },
  // spec §4 Contact, §8: the pre-fill, the countries, the update.
  contact: {
    loadFailure: [once('GET', flowCalls.contact, serverError)],
    countriesFailure: [once('GET', flowCalls.countries, serverError)],
    updateRefused: [once('POST', flowCalls.updateContact, refused(api.contact.unknownCountry))],
    updateHttpError: [once('POST', flowCalls.updateContact, serverError)],
    updateNoAnswer: [once('POST', flowCalls.updateContact, noAnswer)],
    sessionExpired: [once('POST', flowCalls.updateContact, sessionExpired)],
  },
  // spec §4 Photo, §8 picture update failure.
  photo: {
    refused: [once('POST', flowCalls.photo, refused(api.serverError))],
    httpError: [once('POST', flowCalls.photo, serverError)],
    noAnswer: [once('POST', flowCalls.photo, noAnswer)],
    sessionExpired: [once('POST', flowCalls.photo, sessionExpired)],
  },
  // spec §8 notification list failure; a seen-mark that fails (nothing shown, rulings).
  notifications: {
    listRefused: [once('GET', flowCalls.notifications, { status: 200, body: { code: '1' } })],
    listHttpError: [once('GET', flowCalls.notifications, serverError)],
    listNoAnswer: [once('GET', flowCalls.notifications, noAnswer)],
    seenMarkFailure: [
      once('GET', flowCalls.notifications, {
        status: 200,
        body: {
          code: '0',
          count: 1,
          notifications: [
            {
              id: FAULTY_NOTIFICATION_ID,
              title: api.transfer.doneTitle,
              content: api.transfer.executed,
              createdAt: '2026-01-15T10:00:00Z',
              seen: false,
            },
          ],
        },
      }),
      once('GET', flowCalls.notificationShow(FAULTY_NOTIFICATION_ID), serverError),
    ],
    sessionExpired: [once('GET', flowCalls.notifications, sessionExpired)],
  },
}

const OTHER_FLOWS = Object.keys(devFaults.flows) as OtherFlow[]

/** The other flows' scenarios, flow by flow, in the catalogue's order. */
export const flowScenarios: readonly FaultScenario[] = OTHER_FLOWS.flatMap((flow) => {
  const labels = devFaults.flows[flow].scenarios as Record<string, string>
  const faults = flowFaults[flow] as Record<string, Fault[]>
  return Object.keys(labels).map((type) => ({ id: `${flow}.${type}`, flow, screen: flowScreens[flow], label: labels[type]!, faults: faults[type]! }))
})

/** Every scenario of the page: the transfer flow's, then the other flows'. */
export const allScenarios: readonly FaultScenario[] = [...faultScenarios, ...flowScenarios]

/** The groups of the page, in order. */
export const SCENARIO_FLOWS: readonly FlowId[] = [...TRANSFER_KINDS, ...OTHER_FLOWS]

export function scenarioById(id: `${TransferKind}.${ScenarioType}`): TransferScenario | undefined
export function scenarioById(id: string): FaultScenario | undefined
export function scenarioById(id: string): FaultScenario | undefined {
  return allScenarios.find((s) => s.id === id)
}

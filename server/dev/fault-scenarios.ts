/**
 * The ready-made faults of the fault panel (/__dev/faults.html): one scenario per error state of
 * the transfer flow (machines/transfer.ts), for each of the three kinds where they differ. Data
 * only, so that the page renders it and the browser test walks every entry.
 *
 * Every fault applies once (`times: 1`): the next call of that path is faulted, the ones after get
 * their real answer, so that the customer can go on. The messages put in the bodies are texts of
 * the catalogue, as the real server would send them.
 */
import { api } from '../../machines/messages.ts'
import { TRANSFER_KINDS, transferKinds, type TransferKind } from '../../machines/transferKinds.ts'
import type { Fault } from '../http/faults.ts'

const CUSTOMER = '/api/rest/customer/v1'

/** The screen of each kind (spec §2) and its two calls (spec §7). */
export const transferCalls: Record<TransferKind, { screen: string; ask: string; confirm: string }> = {
  account: { screen: '/app/transfer', ask: `${CUSTOMER}/transfer/ask`, confirm: `${CUSTOMER}/transfer/confirm` },
  momo: { screen: '/app/momo', ask: `${CUSTOMER}/transfer/ask-wallet`, confirm: `${CUSTOMER}/transfer/confirm-wallet` },
  card: { screen: '/app/prepaid-card', ask: `${CUSTOMER}/transfer/ask-card`, confirm: `${CUSTOMER}/transfer/confirm-card` },
}

export type ScenarioType = keyof typeof api.devFaults.scenarios

export interface FaultScenario {
  /** `momo.askRefused`: the value of the page's button. */
  id: string
  kind: TransferKind
  type: ScenarioType
  /** The button's text (the kind is the legend of its group). */
  label: string
  /** Added in this order, after the faults in force are cleared. */
  faults: Fault[]
}

const once = (method: 'GET' | 'POST', path: string, rest: Omit<Fault, 'method' | 'path' | 'times'>): Fault => ({
  method,
  path,
  times: 1,
  ...rest,
})

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
  // Confirm: status '1' hides the code form of an account transfer, keeps the others' (spec §4);
  // no try left ends the transfer for every kind (rulings §4).
  confirmRefused: (k) => [
    once('POST', transferCalls[k].confirm, { status: 200, body: { status: '1', description: api.transfer.wrongCode(2), triesLeft: 2 } }),
  ],
  confirmNoTriesLeft: (k) => [
    once('POST', transferCalls[k].confirm, { status: 200, body: { status: '1', description: api.transfer.cancelledWrongCode, triesLeft: 0 } }),
  ],
  confirmHttpDescription: (k) => [once('POST', transferCalls[k].confirm, { status: 500, body: { description: api.serverError } })],
  // A 200 with an empty body: nothing the portal can read, so nothing proves the transfer ran.
  confirmUnreadable: (k) => [once('POST', transferCalls[k].confirm, { status: 200 })],
  confirmNoAnswer: (k) => [once('POST', transferCalls[k].confirm, { dropConnection: true })],
  confirmSessionExpired: (k) => [once('POST', transferCalls[k].confirm, { expireSession: true })],
  // The form's lookups, only for the kinds that make them (machines/transferKinds.ts).
  holderFailure: (k) => (transferKinds[k].looksUpHolder ? [once('POST', `${CUSTOMER}/details`, serverError)] : null),
  suggestionsFailure: (k) => {
    const suggestions = transferKinds[k].suggestions
    return suggestions ? [once('GET', `${CUSTOMER}/used-freq/${suggestions.usedFreqId}`, serverError)] : null
  },
  currenciesFailure: (k) => {
    const list = transferKinds[k].currencies
    return list ? [once('GET', `/auth/v1/currencies/${list}`, serverError)] : null
  },
  balanceFailure: (k) => (transferKinds[k].showsBalance ? [once('POST', `${CUSTOMER}/balance`, serverError)] : null),
}

const SCENARIO_TYPES = Object.keys(api.devFaults.scenarios) as ScenarioType[]

export const faultScenarios: readonly FaultScenario[] = TRANSFER_KINDS.flatMap((kind) =>
  SCENARIO_TYPES.flatMap((type) => {
    const faults = faultsOf[type](kind)
    return faults ? [{ id: `${kind}.${type}`, kind, type, label: api.devFaults.scenarios[type], faults }] : []
  }),
)

export function scenarioById(id: string): FaultScenario | undefined {
  return faultScenarios.find((s) => s.id === id)
}

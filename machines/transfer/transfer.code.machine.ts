/**
 * A transfer's code step, written once: the code form's events and what the confirm's answer leads
 * to. The transfer screens (transfer.machine.ts: `awaitingCode`, `confirming`) and My transfers
 * (myTransfers.code.machine.ts: `code.awaiting`, `code.confirming`) both use it, each naming its own
 * states, the action that shows the code form's banner and the one that keeps the success. Both
 * setups declare the other actions and guards named here, with the same params: `setToken`,
 * `validateToken`, `markTokenSubmitted`, `setTriesLeft` (the answer's body), `setCodeRefused`;
 * `wasTokenSubmitted`, `isTokenValid`, `isSessionEnded`, `isHttpFailure`, `isRefused`, `isConfirmed`.
 *
 *   codeForm ──code.submit [valid]──▶ confirming
 *   confirming ──status '0'──▶ done | status '1'──▶ over | other 2xx, no answer──▶ unknown
 *              ──HTTP error (422 wrong code)──▶ codeForm with the banner and the tries left
 */
import { chartPart } from '../shared/chartPart.ts'
import type { ConfirmAnswer, TransferConfirmBody } from './transfer.types.ts'
import { confirmAnswer, descriptionOf, isCodeRefusal } from './transfer.rules.ts'

type Confirmed = { event: { output: ConfirmAnswer } }

const setToken = { type: 'setToken', params: ({ event }: { event: { value: string } }) => ({ value: event.value }) } as const
const bodyOf = ({ event }: Confirmed): TransferConfirmBody | null => event.output.body
const bannerOf = ({ event }: Confirmed) => ({ message: descriptionOf(event.output.body) })
const refusalOf = ({ event }: Confirmed) => ({ refused: isCodeRefusal(event.output) })

/** The code form's own events: typing the code, and sending it to the state that confirms. */
export const codeFormEvents = <Confirming extends string, Banner extends string>(confirming: Confirming, banner: Banner) =>
  chartPart({
    'code.change': [
      {
        guard: 'wasTokenSubmitted',
        actions: [setToken, 'validateToken'],
        description: 'spec §5: after a submit attempt, the code error follows what the customer types',
      },
      { actions: setToken, description: 'spec §5: before any submit attempt, no error is shown' },
    ],
    'code.submit': [
      {
        guard: 'isTokenValid',
        target: confirming,
        actions: ['markTokenSubmitted', 'validateToken', { type: banner, params: { message: null } }, { type: 'setCodeRefused', params: { refused: false } }],
        description: 'spec §4, §5, REQ-XFER-04, REQ-VAL-01: a valid code (8 digits or more) is sent; a new attempt clears the banner',
      },
      {
        actions: ['markTokenSubmitted', 'validateToken', { type: banner, params: { message: null } }],
        description: 'spec §5, REQ-VAL-01, REQ-VAL-28: the code errors show after a submit attempt (required, digits only, min 8)',
      },
    ],
  } as const)

/** Where each answer of the confirm leads, in the chart's own state names. */
interface ConfirmTargets<CodeForm extends string, Over extends string, Done extends string, Unknown extends string> {
  /** The code form again: a wrong code, another HTTP error, or the session ended (it signs out). */
  codeForm: CodeForm
  /** status '1': the transfer is over. */
  over: Over
  /** status '0': the success. */
  done: Done
  /** Any other answer, or none: the result is unknown. */
  unknown: Unknown
}

/** The confirm's `onDone` and `onError`: rulings §6.1, §6.2 read the same wherever a code is sent. */
export const confirmOutcomes = <
  CodeForm extends string,
  Over extends string,
  Done extends string,
  Unknown extends string,
  Banner extends string,
  Keep extends string,
>(
  { codeForm, over, done, unknown }: ConfirmTargets<CodeForm, Over, Done, Unknown>,
  banner: Banner,
  keepSuccess: Keep,
) =>
  chartPart({
    onDone: [
      {
        guard: { type: 'isSessionEnded', params: confirmAnswer },
        target: codeForm,
        description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
      },
      {
        guard: { type: 'isHttpFailure', params: confirmAnswer },
        target: codeForm,
        actions: [
          { type: banner, params: bannerOf },
          { type: 'setTriesLeft', params: bodyOf },
          { type: 'setCodeRefused', params: refusalOf },
        ],
        description:
          'spec §4, §8, rulings §6.1, REQ-XFER-05, REQ-XFER-07, REQ-ERR-13: a confirm failure by HTTP (a wrong code with tries left is HTTP 422) keeps ' +
          'the code form with the banner and the tries left (a wrong code marks the field invalid); once the code has expired ' +
          'meanwhile, it is disabled at once',
      },
      {
        guard: { type: 'isRefused', params: confirmAnswer },
        target: over,
        actions: [
          { type: banner, params: bannerOf },
          { type: 'setTriesLeft', params: bodyOf },
        ],
        description:
          "rulings §6.1, REQ-XFER-05, REQ-ERR-12: status '1' says the transfer is over (no try left, code expired, cancelled, balance no " +
          'longer sufficient): the code form goes; its description and the way on',
      },
      {
        guard: { type: 'isConfirmed', params: confirmAnswer },
        target: done,
        actions: { type: keepSuccess, params: bodyOf },
        description: "spec §4, rulings §6.2, REQ-XFER-06: status '0' is the success, with the new balance when solde is not empty",
      },
      {
        target: unknown,
        description:
          'rulings §6.2, REQ-XFER-08: any other 2xx answer (no status, an unknown status, a body that cannot be read) proves ' +
          'nothing: the result is unknown, never a success',
      },
    ],
    onError: {
      target: unknown,
      description:
        'rulings §6.2 (over spec §8), REQ-XFER-08: no answer (network failure, timeout) proves nothing either — the confirm may have ' +
        'been carried out and its answer lost on the way back: the result is unknown, never a failure to retry',
    },
  } as const)

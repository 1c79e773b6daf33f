/**
 * The forgotten PIN, in two steps (spec §2 /reinit-password; §3 PIN reset ask and confirm
 * responses; §4 PIN reset; §5 reset request account code, reset confirmation code; §8; §9).
 *
 *   asking ──ask.submit [valid]──▶ requesting ──status '0'──▶ confirming ──confirm.submit [valid]──▶ confirmingCode
 *     ▲ (errors after a submit attempt)  │ other status: the server message                          │
 *     └────────────── no answer: pinReset.askNetworkError ┘                                            │
 *   confirming ◀── status '1': the server message; an HTTP error: pinReset.confirmUnknownStatus ──────┘
 *   confirmingCode ──status '0'──▶ done ("Se connecter" → `goToLogin`)
 *   confirmingCode ──no answer, or a 2xx neither '0' nor '1'──▶ resultUnknown ("Se connecter" → `goToLogin`)
 *
 * The reference (`code`) answered by the ask call is kept for the confirm call (spec §4). These are
 * public calls: there is no session to end, so an HTTP 403 is one more failure here.
 *
 * Choices (spec silent, documented here):
 * - Ask: an answer whose status is not '0' shows the server `message`; without one (an HTTP error
 *   without body, a status '0' without reference), `pinReset.askNetworkError`, the one text the spec
 *   gives for a failed request.
 * - Confirm, status '1' without message: `pinReset.confirmUnknownStatus`.
 * - Confirm, no answer (network failure, time-out, an answer lost after the server made the reset:
 *   the portal cannot tell them apart), or a 2xx answer that says neither success nor refusal:
 *   rulings §6.2 (only an answer that says so is a success; the same for every flow whose success
 *   moves secrets) sets spec §8's error with the form kept aside — the new PIN may have been sent,
 *   and a second confirm would be refused as a code already used. The result is unknown:
 *   `pinReset.confirmUnknown` says to read the messages first, and "Se connecter" is the one way on.
 */
import { and, assign, setup } from 'xstate'
import { pinReset as texts } from '../messages.ts'
import { askErrorOf, askErrors, confirmErrorOf, confirmErrors, freshPinResetContext, isConfirmed, isConfirmUnknown, referenceOf } from './pinReset.rules.ts'
import type { PinResetAskAnswer, PinResetAskRequest, PinResetConfirmAnswer, PinResetConfirmRequest, PinResetContext, PinResetEvent } from './pinReset.types.ts'
import { stubAction, stubActor } from '../shared/answers.ts'

const askAnswer = ({ event }: { event: { output: PinResetAskAnswer } }) => event.output
const confirmAnswer = ({ event }: { event: { output: PinResetConfirmAnswer } }) => event.output

export const pinResetMachine = setup({
  types: {
    context: {} as PinResetContext,
    events: {} as PinResetEvent,
  },
  actors: {
    /** POST auth/v1/password/ask {compte} → HTTP status and body. Provided by src/. */
    askPinReset: stubActor<PinResetAskAnswer, PinResetAskRequest>('askPinReset'),
    /** POST auth/v1/password/confirm {code, token} → HTTP status and body. Provided by src/. */
    confirmPinReset: stubActor<PinResetConfirmAnswer, PinResetConfirmRequest>('confirmPinReset'),
  },
  guards: {
    /** spec §5 reset request account code: the user code may be sent (given). */
    isAskValid: ({ context }) => Object.keys(askErrors(context.values)).length === 0,
    /** spec §5 reset confirmation code: the code may be sent (given, at least 8 characters, digits only). */
    isConfirmValid: ({ context }) => Object.keys(confirmErrors(context.values)).length === 0,
    /** spec §5: the customer has tried to submit the current step's form, so its error shows. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §2 /reinit-password step 1: a change of the user code field. */
    isAskField: ({ event }) => event.type === 'field.change' && event.field === 'compte',
    /** spec §2 /reinit-password step 2: a change of the confirmation code field. */
    isConfirmField: ({ event }) => event.type === 'field.change' && event.field === 'token',
    /** spec §4 PIN reset: the request was accepted (status '0') with the code to keep for the confirm step. */
    hasReference: (_, answer: PinResetAskAnswer) => referenceOf(answer) !== null,
    /** spec §4 PIN reset: the confirmation succeeded (HTTP success, status '0'). */
    isConfirmed: (_, answer: PinResetConfirmAnswer) => isConfirmed(answer),
    /** rulings §6.2: a 2xx confirm answer that says neither success nor refusal — the reset may have been made. */
    isConfirmUnknown: (_, answer: PinResetConfirmAnswer) => isConfirmUnknown(answer),
  },
  actions: {
    /** Goes to /login ("Se connecter"). Provided by src/. */
    goToLogin: stubAction('goToLogin'),

    /** spec §2 /reinit-password: keeps what the customer typed in the user code or confirmation code field. */
    setField: assign({
      values: ({ context }, event: PinResetEvent) => (event.type === 'field.change' ? { ...context.values, [event.field]: event.value } : context.values),
    }),
    /** spec §5 reset request account code: works out the field's message (required). */
    validateAsk: assign({ errors: ({ context }) => askErrors(context.values) }),
    /** spec §5 reset confirmation code: works out the field's message (required, min 8, digits only). */
    validateConfirm: assign({ errors: ({ context }) => confirmErrors(context.values) }),
    /** spec §5: notes that the current step's form was submitted: its error shows from then on. */
    markSubmitted: assign({ submitted: true }),
    /** spec §4 PIN reset: keeps the code returned by the request, for the confirm step. */
    setReference: assign({ reference: (_, answer: PinResetAskAnswer) => referenceOf(answer) }),
    /** A new form: no error until its own submit attempt. */
    startConfirmForm: assign({ submitted: false, errors: {}, values: ({ context }) => ({ ...context.values, token: '' }) }),
    /** spec §4 PIN reset, §8: sets the step's error banner (server message or catalogue text); null clears it. */
    showError: assign({ error: (_, { message }: { message: string | null }) => message }),
  },
}).createMachine({
  id: 'pinReset',
  description:
    'The forgotten PIN (spec §2 /reinit-password): the user code, then the confirmation code received, ' + 'then a success message with "Se connecter".',
  context: freshPinResetContext,
  initial: 'asking',
  states: {
    asking: {
      description:
        'Step 1, pinReset.askTitle: the user code field (example K followed by digits), pinReset.askSubmit, ' +
        'the link back to login; the field error once a submit was tried; the server message or the ' +
        'network error in a banner.',
      meta: { spec: 'spec §2 /reinit-password step 1; spec §4 PIN reset; spec §5 Reset request account code; spec §8' },
      on: {
        'field.change': [
          {
            guard: and(['isAskField', 'wasSubmitted']),
            actions: [{ type: 'setField', params: ({ event }) => event }, 'validateAsk'],
            description: 'spec §5: after a submit attempt, the error follows what the customer types',
          },
          {
            guard: 'isAskField',
            actions: { type: 'setField', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'ask.submit': [
          {
            guard: 'isAskValid',
            target: 'requesting',
            actions: ['markSubmitted', 'validateAsk'],
            description: 'spec §4, §5, REQ-PIN-01, REQ-VAL-01: a user code is sent; the reset is asked',
          },
          {
            actions: ['markSubmitted', 'validateAsk'],
            description: 'spec §5 reset request account code required (REQ-VAL-01, REQ-VAL-12): "Veuillez saisir le code" after a submit attempt',
          },
        ],
      },
    },
    requesting: {
      description: 'The busy "Envoyer la demande" button: the reset is being asked.',
      meta: { spec: 'spec §4 PIN reset (request); spec §7 auth/v1/password/ask' },
      entry: { type: 'showError', params: { message: null } },
      invoke: {
        id: 'askPinReset',
        src: 'askPinReset',
        input: ({ context }) => ({ compte: context.values.compte.trim() }),
        onDone: [
          {
            guard: { type: 'hasReference', params: askAnswer },
            target: 'confirming',
            actions: [{ type: 'setReference', params: askAnswer }, 'startConfirmForm'],
            description: "spec §4, REQ-PIN-01: status '0' — the confirmation form appears; the returned code is kept",
          },
          {
            target: 'asking',
            actions: { type: 'showError', params: ({ event }) => ({ message: askErrorOf(event.output) }) },
            description: 'spec §4, REQ-PIN-01: any other status — the form stays with the server message as error',
          },
        ],
        onError: {
          target: 'asking',
          actions: { type: 'showError', params: { message: texts.askNetworkError } },
          description: 'spec §8 PIN reset request, network error (REQ-ERR-05): "Une erreur lors du traitement de votre transaction"',
        },
      },
      on: {
        'ask.submit': {
          description: 'a double click sends one request (REQ-CHOICE-01): a submit while requesting is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    confirming: {
      description:
        'Step 2, pinReset.confirmTitle / confirmSubtitle: the confirmation code field ' +
        '(8 digits), "Cliquer pour confirmer", the link back to login; the field error once a submit was ' +
        'tried; the error banner of a refused or failed confirmation.',
      meta: { spec: 'spec §2 /reinit-password step 2; spec §4 PIN reset (confirm); spec §5 Reset confirmation code; spec §9' },
      on: {
        'field.change': [
          {
            guard: and(['isConfirmField', 'wasSubmitted']),
            actions: [{ type: 'setField', params: ({ event }) => event }, 'validateConfirm'],
            description: 'spec §5: after a submit attempt, the error follows what the customer types',
          },
          {
            guard: 'isConfirmField',
            actions: { type: 'setField', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'confirm.submit': [
          {
            guard: 'isConfirmValid',
            target: 'confirmingCode',
            actions: ['markSubmitted', 'validateConfirm'],
            description: 'spec §4, §5, REQ-VAL-01: a valid code is sent with the kept reference',
          },
          {
            actions: ['markSubmitted', 'validateConfirm'],
            description: 'spec §5 reset confirmation code (REQ-VAL-01, REQ-VAL-13): required, min 8, digits only — the error shows after a submit attempt',
          },
        ],
      },
    },
    confirmingCode: {
      description: 'The busy "Cliquer pour confirmer" button: the code is being checked.',
      meta: { spec: 'spec §4 PIN reset (confirm); spec §7 auth/v1/password/confirm' },
      entry: { type: 'showError', params: { message: null } },
      invoke: {
        id: 'confirmPinReset',
        src: 'confirmPinReset',
        input: ({ context }) => ({ code: context.reference ?? '', token: context.values.token.trim() }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: confirmAnswer },
            target: 'done',
            description: "spec §4, REQ-PIN-02: status '0' shows success and hides the form",
          },
          {
            guard: { type: 'isConfirmUnknown', params: confirmAnswer },
            target: 'resultUnknown',
            description:
              "rulings §6.2 (over spec §8's other status), REQ-XFER-08: a 2xx answer that says neither success ('0') nor refusal " +
              "('1') — no body, no status, an unknown one: the new PIN may have been sent, the result is unknown",
          },
          {
            target: 'confirming',
            actions: { type: 'showError', params: ({ event }) => ({ message: confirmErrorOf(event.output) }) },
            description:
              "spec §4, REQ-PIN-02, REQ-ERR-07: status '1' shows the server message and keeps the form; an HTTP error " +
              'shows "Une erreur lors du traitement de votre demande"',
          },
        ],
        onError: {
          target: 'resultUnknown',
          description:
            'rulings §6.2 (over spec §8, REQ-ERR-06): no answer (network failure, time-out, an answer lost after the reset was ' +
            'made — the portal cannot tell them apart) may have sent the new PIN: the result is unknown, never an error to retry ' +
            '(a second confirm would be refused, the code used) — decision (docs/decisions.md, A change or reset with no answer)',
        },
      },
      on: {
        'confirm.submit': {
          description: 'a double click sends one request (REQ-CHOICE-01): a submit while confirming is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    resultUnknown: {
      description:
        'The result is unknown: the new PIN may have been sent. The title and message (pinReset.confirmUnknownTitle, ' +
        'confirmUnknown: read the SMS and e-mail before asking again), no form, the button "Se connecter".',
      meta: { spec: 'rulings §6.2 (only an answer that says so is a success; the same for every flow whose success moves secrets)' },
      on: {
        'login.go': {
          actions: 'goToLogin',
          description: 'rulings §6.2: "Se connecter" leads to /login, where the new PIN, if it came, signs in',
        },
      },
    },
    done: {
      description: 'The success message (pinReset.success), the form hidden, the button "Se connecter".',
      meta: { spec: 'spec §2 /reinit-password (after success: a message and "Se connecter"); spec §4 PIN reset' },
      on: {
        'login.go': {
          actions: 'goToLogin',
          description: 'spec §2: "Se connecter" leads to /login',
        },
      },
    },
  },
})

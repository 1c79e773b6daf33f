/**
 * The change of password (spec §2 /app/update-password; §3 Password change form and response; §4
 * Password change; §5 old, new and repeat password; §8 password change HTTP failure; §9 min 5).
 *
 *   editing ──password.submit [valid]──▶ saving ──status '0'──▶ editing + password.success
 *      ▲ (errors after a submit attempt)  │ ──another status──▶ editing + the answer's description
 *      │                                  │ ──HTTP error──▶ editing + password.changeError
 *      └──────────── HTTP 403 / code '2' (the session signs out, no message) ┘
 *
 * The three fields are wiped after every answer (a password never stays on screen). Equality of the
 * new and repeated passwords is not checked here (spec §5): the server decides and answers with a
 * description. A status other than '0' without description shows password.changeError.
 *
 * The same machine replaces the PIN a reset sent (input `mode: 'temporaryPin'`, rulings §9.5:
 * "Choisissez un nouveau code PIN", the old value being the PIN received): same form, rules and call;
 * its status '0' goes to `changed` and tells the app (`pinChanged`), which opens the rest of /app
 * again and goes on to the dashboard.
 *
 *   saving ──status '0' [temporaryPin]──▶ changed + pinChanged
 *
 * rulings §6.2 (only an answer that says so is a success; the same for every flow whose success
 * moves secrets): a change whose answer never came (network failure, time-out, an answer lost after
 * the server made the change) or a 2xx answer that says neither success nor refusal may have changed
 * the PIN. It is not the §8 error with the form kept: a retry would send the old PIN, already
 * replaced, and be told it is wrong. The result is unknown, and the screen says what to do next.
 *
 *   saving ──no answer, or a 2xx neither '0' nor '1'──▶ resultUnknown ──unknown.continue──▶ goToProfile
 *                                                                        [temporaryPin] signOut
 */
import { assign, setup } from 'xstate'
import { temporaryPin as pinTexts } from '../messages.ts'
import { isSessionEnded, stubAction, stubActor } from '../shared/answers.ts'
import { formKit } from '../shared/formKit.ts'
import { emptyPasswordValues, freshPasswordChangeContext, isOutcomeUnknown, isTemporaryPinChanged, passwordErrors, resultOf } from './passwordChange.rules.ts'
import type {
  ChangePasswordAnswer,
  ChangePasswordRequest,
  PasswordChangeContext,
  PasswordChangeEvent,
  PasswordChangeInput,
  PasswordResult,
  PinChangedParams,
} from './passwordChange.types.ts'

const form = formKit<PasswordChangeContext, PasswordChangeEvent>((context) => passwordErrors(context.values))

const changeAnswer = ({ event }: { event: { output: ChangePasswordAnswer } }) => event.output

export const passwordChangeMachine = setup({
  types: {
    input: {} as PasswordChangeInput | undefined,
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    /** POST change-password {oldPassword, password, password2} → HTTP status and body. Provided by src/. */
    changePassword: stubActor<ChangePasswordAnswer, ChangePasswordRequest>('changePassword'),
  },
  guards: {
    /** spec §5: old, new and repeat passwords given, at least 5 characters each (equality not checked). */
    isFormValid: form.isFormValid,
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: form.wasSubmitted,
    /** spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session machine signs the customer out. */
    isSessionEnded: (_, answer: ChangePasswordAnswer) => isSessionEnded(answer),
    /** rulings §9.5: status '0' of the temporary-PIN form — the PIN a reset sent is replaced by her own. */
    isTemporaryPinChanged: ({ context }, answer: ChangePasswordAnswer) => isTemporaryPinChanged(context, answer),
    /** rulings §6.2: a 2xx answer that says neither success nor refusal — the change may have been made. */
    isOutcomeUnknown: (_, answer: ChangePasswordAnswer) => isOutcomeUnknown(answer),
    /** rulings §9.5: the form replaces the PIN a reset sent (not the customer's own change). */
    isTemporaryPin: ({ context }) => context.mode === 'temporaryPin',
  },
  actions: {
    /**
     * rulings §9.5: the temporary PIN is changed — the session opens the rest of /app again and the
     * customer goes on to the dashboard, where the message shows. Provided by src/.
     */
    pinChanged: (_, _params: PinChangedParams) => stubAction('pinChanged')(),
    /** Goes to /app/profile. Provided by src/. */
    goToProfile: stubAction('goToProfile'),
    /** Ends the session (on the server too) and goes to /login, as the shell's logout. Provided by src/. */
    signOut: stubAction('signOut'),
    /** spec §2 /app/update-password: keeps what the customer typed in one of the three password fields. */
    setField: form.setField,
    /** spec §5: works out the message of each invalid field. */
    validate: form.validate,
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: form.markSubmitted,
    /** After an answer: the fields are wiped, a new form starts (no error until its submit). */
    wipe: assign({ values: emptyPasswordValues, errors: {}, submitted: false }),
    /** spec §4 Password change, §8: the success or error banner of the answer; null clears it. */
    setResult: assign({ result: (_, result: PasswordResult | null) => result }),
  },
}).createMachine({
  id: 'passwordChange',
  description:
    'The change of password: old password, new password, repeat password and the button; the success ' +
    'or error banner of the last answer (spec §2 /app/update-password).',
  context: ({ input }) => freshPasswordChangeContext(input),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The title password.title, the three password fields, the button; the errors under the fields ' +
        'once a submit was tried; the banner of the last answer.',
      meta: { spec: 'spec §2 /app/update-password; spec §5 Old password, New and repeat password; spec §9' },
      on: {
        'field.change': [
          {
            guard: 'wasSubmitted',
            actions: [{ type: 'setField', params: ({ event }) => event }, 'validate'],
            description: 'spec §5: after a submit attempt, the errors follow what the customer types',
          },
          {
            actions: { type: 'setField', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'password.submit': [
          {
            guard: 'isFormValid',
            target: 'saving',
            actions: ['markSubmitted', 'validate', { type: 'setResult', params: null }],
            description: 'spec §4, §5, REQ-VAL-01, REQ-VAL-03: a valid form is sent (equality of the new passwords is not checked, spec §5)',
          },
          {
            actions: ['markSubmitted', 'validate'],
            description: 'spec §5, REQ-VAL-01: the errors show after a submit attempt and the fields are highlighted',
          },
        ],
      },
    },
    saving: {
      description: 'The busy button: the new password is being saved.',
      tags: ['busy'],
      meta: { spec: 'spec §4 Password change; spec §7 change-password' },
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ ...context.values }),
        onDone: [
          {
            guard: { type: 'isSessionEnded', params: changeAnswer },
            target: 'editing',
            actions: 'wipe',
            description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
          },
          {
            guard: { type: 'isTemporaryPinChanged', params: changeAnswer },
            target: 'changed',
            actions: ['wipe', { type: 'pinChanged', params: { message: pinTexts.changed } }],
            description:
              "rulings §9.5: status '0' of the temporary-PIN form — her own PIN now; the rest of /app opens again " +
              'and the dashboard follows, with the message',
          },
          {
            guard: { type: 'isOutcomeUnknown', params: changeAnswer },
            target: 'resultUnknown',
            actions: 'wipe',
            description:
              "rulings §6.2 (over spec §4), REQ-XFER-08: a 2xx answer that says neither success ('0') nor refusal ('1') — " +
              'no body, no status, an unknown one: the change may have been made, the result is unknown',
          },
          {
            target: 'editing',
            actions: ['wipe', { type: 'setResult', params: ({ event }) => resultOf(event.output) }],
            description:
              "spec §4, REQ-PWD-01: status '0' gives the success message, status '1' an error with the description; " +
              'spec §8, REQ-ERR-15: an HTTP error gives password.changeError; the fields are wiped',
          },
        ],
        onError: {
          target: 'resultUnknown',
          actions: 'wipe',
          description:
            'rulings §6.2 (over spec §8), REQ-XFER-08: no answer (network failure, time-out, an answer lost after the change was ' +
            'made — the portal cannot tell them apart) may have changed the PIN: the result is unknown, never an error to retry ' +
            '(a retry would send the old PIN, already replaced) — decision (docs/decisions.md, A change or reset with no answer)',
        },
      },
      on: {
        'password.submit': {
          description: 'a double click sends one request (REQ-CHOICE-01): a submit while saving is ignored — decision (docs/decisions.md, Common rules)',
        },
      },
    },
    resultUnknown: {
      description:
        'The result is unknown: the PIN may have been changed. The title and message (password.unknown, or temporaryPin.unknown ' +
        'for the temporary PIN), no form, and one button: back to the profile (password.unknownBack), or sign out to sign in ' +
        'again with the new PIN (temporaryPin.unknownSignOut).',
      meta: { spec: 'rulings §6.2 (only an answer that says so is a success; the same for every flow whose success moves secrets)' },
      on: {
        'unknown.continue': [
          {
            guard: 'isTemporaryPin',
            actions: 'signOut',
            description:
              'rulings §6.2, §9.5: the temporary PIN — the session ends (the shell would keep leading back to this form) ' +
              'and the customer signs in again with her new PIN, or asks a new one if it is refused',
          },
          {
            actions: 'goToProfile',
            description: "rulings §6.2: the customer's own change — back to her profile; the new PIN is to be tried at the next sign-in",
          },
        ],
      },
    },
    changed: {
      type: 'final',
      description: 'The temporary PIN is replaced: the app leaves for the dashboard (the form stays wiped, its button busy meanwhile).',
      tags: ['busy'],
      meta: { spec: 'rulings §9.5' },
    },
  },
})

/**
 * Sign-in with a user code and a PIN (spec §2 /login, §4 Login, §5 login fields, §8 login errors;
 * REQ-PRODUCT-03, the forgotten PIN being machines/pinReset/).
 *
 *   editing ──login.submit [form valid]──▶ authenticating ──answer accepted──▶ signedIn (final)
 *      ▲                                          │
 *      └──────── any other answer: banner ────────┘
 *
 * The machine output is the token and the user, for the session machine's `session.start`.
 * The PIN lives in the context only while the customer types it: it is wiped when the request
 * leaves `authenticating`, whatever the answer. The token is never stored in the context: it goes
 * from the answer straight to the output.
 */
import { assign, setup } from 'xstate'
import { fieldErrors, isValid } from '../shared/form.ts'
import { loginForm, type LoginField } from './login.form.ts'
import { login as texts } from '../messages/core.ts'
import { answer, codeOf, messageOf, signedInOutput, tokenOf } from './login.rules.ts'
import type { AuthAnswer, Credentials, LoginContext, LoginEvent, LoginInput, LoginOutput } from './login.types.ts'
import { isHttpSuccess, stubAction, stubActor } from '../shared/answers.ts'

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginOutput,
  },
  actors: {
    /** POST auth/login. Provided by src/ (the contract client) or by the tests. */
    authenticate: stubActor<AuthAnswer, Credentials>('authenticate'),
  },
  guards: {
    /** spec §5: the form may be sent: user code given, PIN given and at least 5 characters. */
    isFormValid: ({ context }) => isValid(loginForm, context.values),
    /** spec §5: the customer has tried to submit, so the field errors show. */
    wasSubmitted: ({ context }) => context.submitted,
    /** spec §8: login HTTP 403. */
    isWrongCredentials: (_, a: AuthAnswer) => a.status === 403,
    /** spec §8: login HTTP 401 whose body has a code (rulings §4: the PIN is blocked). */
    isBlockedWithMessage: (_, a: AuthAnswer) => a.status === 401 && codeOf(a) !== undefined,
    /** spec §8: login HTTP 401 without a code (the bank blocked web banking). */
    isWebBankingBlocked: (_, a: AuthAnswer) => a.status === 401,
    /** spec §8: any other HTTP error. */
    isHttpFailure: (_, a: AuthAnswer) => !isHttpSuccess(a.status),
    /** spec §4: a token, and either the code '0' or no code at all. */
    isAccepted: (_, a: AuthAnswer) => tokenOf(a) !== undefined && (codeOf(a) === undefined || codeOf(a) === '0'),
    /** spec §4: a code other than '0' is a failure showing the server message. */
    isRefused: (_, a: AuthAnswer) => codeOf(a) !== undefined && codeOf(a) !== '0',
  },
  actions: {
    /** The session starts with the token and the user (the session machine stores them and goes to /app/dashboard). Provided by src/. */
    startSession: (_, _started: LoginOutput) => stubAction('startSession')(),

    /** spec §2 /login: keeps what the customer typed in the user code or PIN field. */
    setField: assign({
      values: ({ context }, { field, value }: { field: LoginField; value: string }) => ({
        ...context.values,
        [field]: value,
      }),
    }),
    /** spec §5: works out the message of each invalid field. */
    validate: assign({ errors: ({ context }) => fieldErrors(loginForm, context.values) }),
    /** spec §5: notes that a submit was tried: the field errors show and follow the typing from then on. */
    markSubmitted: assign({ submitted: true }),
    /** spec §2 /login, §8: shows the error banner with the message of the failed attempt. */
    showBanner: assign({ error: (_, { message }: { message: string }) => message }),
    /** spec §2 /login: a new attempt removes the error banner of the previous one. */
    clearBanner: assign({ error: null }),
    /** decision (docs/decisions.md, Sign-in and session rules): empties the PIN field after every answer. */
    forgetPin: assign({ values: ({ context }) => ({ ...context.values, password: '' }) }),
  },
}).createMachine({
  id: 'login',
  description: 'Sign-in with the user code and the PIN (spec §4 Login, REQ-LOGIN-01).',
  context: ({ input }) => ({
    values: { username: '', password: '' },
    errors: {},
    submitted: false,
    error: null,
    provider: input.provider,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The sign-in form: user code and PIN fields, the submit button, the forgotten-PIN link; ' +
        'field errors once a submit was tried; the error banner of the last failed attempt, if any.',
      meta: { spec: 'spec §2 /login; spec §4 Login (idle, failure); spec §5' },
      on: {
        'field.change': [
          {
            guard: 'wasSubmitted',
            actions: [{ type: 'setField', params: ({ event }) => event }, 'validate'],
            description: 'spec §5: after a submit attempt, the field errors follow what the customer types',
          },
          {
            actions: { type: 'setField', params: ({ event }) => event },
            description: 'spec §5: before any submit attempt, no error is shown',
          },
        ],
        'login.submit': [
          {
            guard: 'isFormValid',
            target: 'authenticating',
            actions: ['markSubmitted', 'clearBanner'],
            description: 'spec §5, REQ-VAL-01: a form is submitted only when valid; a new attempt clears the banner',
          },
          {
            actions: ['markSubmitted', 'validate', 'clearBanner'],
            description: 'spec §5, REQ-VAL-01: errors show after a submit attempt and fields are highlighted',
          },
        ],
      },
    },
    authenticating: {
      description: 'The spinner: the form is busy while the bank checks the user code and the PIN.',
      meta: { spec: 'spec §2 /login (spinner); spec §4 Login (loading)' },
      tags: ['busy'],
      exit: 'forgetPin',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ username: context.values.username.trim(), password: context.values.password }),
        onDone: [
          {
            guard: { type: 'isWrongCredentials', params: answer },
            target: 'editing',
            actions: { type: 'showBanner', params: { message: texts.wrongCredentials } },
            description: 'spec §8, REQ-ERR-01: login HTTP 403 → wrong user code or PIN',
          },
          {
            guard: { type: 'isBlockedWithMessage', params: answer },
            target: 'editing',
            actions: {
              type: 'showBanner',
              params: ({ context, event }) => ({ message: messageOf(event.output) ?? texts.blocked(context.provider) }),
            },
            description: 'spec §8, REQ-ERR-02: login HTTP 401 with a code → the message of the error body',
          },
          {
            guard: { type: 'isWebBankingBlocked', params: answer },
            target: 'editing',
            actions: { type: 'showBanner', params: ({ context }) => ({ message: texts.blocked(context.provider) }) },
            description: 'spec §8, REQ-ERR-02: login HTTP 401 without a code → web banking blocked, contact {provider}',
          },
          {
            guard: { type: 'isHttpFailure', params: answer },
            target: 'editing',
            actions: { type: 'showBanner', params: { message: texts.connectionError } },
            description: 'spec §8, REQ-ERR-03: any other HTTP error → connection error',
          },
          {
            guard: { type: 'isAccepted', params: answer },
            target: 'signedIn',
            description: "spec §4, REQ-LOGIN-02, REQ-LOGIN-03: code '0' with a token, or a token without code, is success",
          },
          {
            guard: { type: 'isRefused', params: answer },
            target: 'editing',
            actions: {
              type: 'showBanner',
              params: ({ event }) => ({ message: messageOf(event.output) ?? texts.unusableAnswer }),
            },
            description: "spec §4, REQ-LOGIN-02: a code other than '0' is a failure showing the server message",
          },
          {
            target: 'editing',
            actions: { type: 'showBanner', params: { message: texts.unusableAnswer } },
            description: 'spec §4, §8, REQ-LOGIN-04, REQ-ERR-04: an answer without usable code or token',
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'showBanner', params: { message: texts.connectionError } },
          description:
            'spec §4 Login, REQ-ERR-03: no answer (network failure, timeout) is a failure → the connection error, the spec §8 text ' +
            'of any other HTTP error (the spec names none for no answer)',
        },
      },
      on: {
        'login.submit': {
          description:
            'spec §4 Login (idle, loading, then success or failure: only the answer leaves loading), REQ-LOGIN-01, ' +
            'REQ-CHOICE-01: a double click ' +
            'sends one request, a submit while authenticating is ignored',
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the session starts with the token and the user, and the app goes to /app/dashboard (REQ-LOGIN-05).',
      meta: { spec: 'spec §4 Login (success)' },
      entry: {
        type: 'startSession',
        params: ({ event }) => signedInOutput((event as unknown as { output: AuthAnswer }).output),
      },
      output: ({ event }) => signedInOutput((event as unknown as { output: AuthAnswer }).output),
    },
  },
  output: ({ event }) => (event as unknown as { output: LoginOutput }).output,
})

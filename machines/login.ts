/**
 * Sign-in (spec §2 /login, §4 Login, §5 login fields, §8 login errors).
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
import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../openapi/schema'
import { fieldErrors, isValid, loginForm, type FieldErrors, type LoginField, type LoginFormValues } from './loginForm.ts'
import { login as texts } from './messages.ts'

// ---------------------------------------------------------------------------------------------
// Types shared with the app (src/) and the session machine
// ---------------------------------------------------------------------------------------------

/** spec §3: the module codes a customer can be granted. */
export const MODULE_CODES = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa'] as const
export type ModuleCode = (typeof MODULE_CODES)[number]

/** The signed-in customer as the shell shows it (spec §3 "Current user", rulings §3 name/kcode). */
export interface SessionUser {
  name: string
  kcode: string
  modules: ModuleCode[]
}

/** What the customer typed, as `POST auth/login` takes it. */
export type Credentials = components['schemas']['LoginRequest']

/** The login answer's body: the contract's LoginResponse, or an error body (`code`, `message`). */
export type LoginAnswerBody = components['schemas']['LoginResponse'] &
  Partial<components['schemas']['ErrorBody']> &
  components['schemas']['BlockedBody']

/**
 * What the `authenticate` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). The actor rejects only when no answer came (network failure, timeout).
 */
export interface AuthAnswer {
  status: number
  body: LoginAnswerBody | null
}

export interface LoginInput {
  /** The bank's name, filling `{provider}` of the blocked-access message (rulings §1). */
  provider: string
}

/** Given to `session.start` once signed in. */
export interface LoginOutput {
  token: string
  user: SessionUser
  /** The idle limit the answer told (rulings §6.4), `null` when it said none. */
  idleSeconds: number | null
}

export interface LoginContext {
  values: LoginFormValues
  /** field → message; shown only once `submitted` (spec §5). */
  errors: FieldErrors<LoginFormValues>
  /** Whether the customer has tried to submit: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /** The error banner (spec §2 /login), `null` when none. */
  error: string | null
  provider: string
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'login.submit' }

// ---------------------------------------------------------------------------------------------
// Reading an answer (spec §4 Login, §8)
// ---------------------------------------------------------------------------------------------

const isHttpSuccess = (status: number) => status >= 200 && status < 300
/** The body's `code`, when it carries one (an empty string is no code). */
const codeOf = ({ body }: AuthAnswer) => (typeof body?.code === 'string' && body.code !== '' ? body.code : undefined)
const tokenOf = ({ body }: AuthAnswer) => (typeof body?.token === 'string' && body.token !== '' ? body.token : undefined)
const messageOf = ({ body }: AuthAnswer) =>
  typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined

const isModuleCode = (code: unknown): code is ModuleCode =>
  typeof code === 'string' && (MODULE_CODES as readonly string[]).includes(code)

/** The user of an accepted answer; module codes the portal does not know are dropped. */
export function sessionUserOf(body: LoginAnswerBody | null): SessionUser {
  const modules = (body?.modules ?? []).map((module) => module?.code).filter(isModuleCode)
  return { name: body?.name ?? '', kcode: body?.kcode ?? '', modules: [...new Set(modules)] }
}

/** The output of an accepted answer (only called once `isAccepted` held). */
function signedInOutput(answer: AuthAnswer): LoginOutput {
  const idleSeconds = answer.body?.idleSeconds
  return { token: tokenOf(answer) ?? '', user: sessionUserOf(answer.body), idleSeconds: typeof idleSeconds === 'number' ? idleSeconds : null }
}

/** Passes the actor's answer to a guard or an action of an `onDone` branch. */
const answer = ({ event }: { event: { output: AuthAnswer } }) => event.output

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginOutput,
  },
  actors: {
    /** POST auth/login. Provided by src/ (the contract client) or by the tests. */
    authenticate: fromPromise<AuthAnswer, Credentials>(async () => {
      throw new Error('authenticate: provided by src/')
    }),
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
  description: 'Sign-in with the user code and the PIN (spec §4 Login).',
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
            description: 'spec §5: a form is submitted only when valid; a new attempt clears the banner',
          },
          {
            actions: ['markSubmitted', 'validate', 'clearBanner'],
            description: 'spec §5: errors show after a submit attempt and fields are highlighted',
          },
        ],
      },
    },
    authenticating: {
      description: 'The spinner: the form is busy while the bank checks the user code and the PIN.',
      meta: { spec: 'spec §2 /login (spinner); spec §4 Login (loading)' },
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
            description: 'spec §8: login HTTP 403 → wrong user code or PIN',
          },
          {
            guard: { type: 'isBlockedWithMessage', params: answer },
            target: 'editing',
            actions: {
              type: 'showBanner',
              params: ({ context, event }) => ({ message: messageOf(event.output) ?? texts.blocked(context.provider) }),
            },
            description: 'spec §8: login HTTP 401 with a code → the message of the error body',
          },
          {
            guard: { type: 'isWebBankingBlocked', params: answer },
            target: 'editing',
            actions: { type: 'showBanner', params: ({ context }) => ({ message: texts.blocked(context.provider) }) },
            description: 'spec §8: login HTTP 401 without a code → web banking blocked, contact {provider}',
          },
          {
            guard: { type: 'isHttpFailure', params: answer },
            target: 'editing',
            actions: { type: 'showBanner', params: { message: texts.connectionError } },
            description: 'spec §8: any other HTTP error → connection error',
          },
          {
            guard: { type: 'isAccepted', params: answer },
            target: 'signedIn',
            description: "spec §4: code '0' with a token, or a token without code, is success",
          },
          {
            guard: { type: 'isRefused', params: answer },
            target: 'editing',
            actions: {
              type: 'showBanner',
              params: ({ event }) => ({ message: messageOf(event.output) ?? texts.unusableAnswer }),
            },
            description: "spec §4: a code other than '0' is a failure showing the server message",
          },
          {
            target: 'editing',
            actions: { type: 'showBanner', params: { message: texts.unusableAnswer } },
            description: 'spec §4, §8: an answer without usable code or token',
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'showBanner', params: { message: texts.connectionError } },
          description:
            'spec §4 Login: no answer (network failure, timeout) is a failure → the connection error, the spec §8 text ' +
            'of any other HTTP error (the spec names none for no answer)',
        },
      },
      on: {
        'login.submit': {
          description:
            'spec §4 Login (idle, loading, then success or failure: only the answer leaves loading): a double click ' +
            'sends one request, a submit while authenticating is ignored',
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'Signed in: the app starts the session with the output and goes to /app/dashboard.',
      meta: { spec: 'spec §4 Login (success)' },
      output: ({ event }) => signedInOutput((event as unknown as { output: AuthAnswer }).output),
    },
  },
  output: ({ event }) => (event as unknown as { output: LoginOutput }).output,
})

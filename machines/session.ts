/**
 * The signed-in customer (spec §2 shell and logout dialog, §3 session storage, §4 Session,
 * §6 roles, §8 session expired).
 *
 *   restoring ─▶ signedOut ──session.start──▶ signedIn ──session.expired──▶ signedOut
 *                    ▲                        (dialog: active ⇄ confirmingLogout ─▶ loggingOut)
 *                    └──────────── logout done or failed ──────────────────────────┘
 *
 * `signedIn` is a parallel state: the `dialog` region follows the logout dialog, the `counter`
 * region the notification counter of the sidebar. On entering it the accounts and the counter load
 * side by side.
 *
 * The session token is never in the context: `storeSession` hands it to the app's session storage
 * and the contract client reads it from there. Side effects (storage, toast, navigation) are named
 * actions that the app provides.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { Account, SessionUser } from './shared/customer.ts'

export interface SessionInput {
  /** The user restored from session storage at boot, `null` when there is no usable session. */
  user: SessionUser | null
  /** The accounts restored from session storage (spec §3: the account list is also saved). */
  accounts: Account[]
}

export interface SessionContext {
  user: SessionUser | null
  accounts: Account[]
  /** The accounts could not be loaded: the screens show `transfer.accountsNotLoaded` (spec §8). */
  accountsFailed: boolean
  /** The sidebar's notification counter, `null` until (or unless) it was read. */
  notificationSize: number | null
}

export type SessionEvent =
  /** Login succeeded (the login machine's output). */
  | { type: 'session.start'; token: string; user: SessionUser }
  /** A customer call answered HTTP 403 or code '2' (spec §4 Session). */
  | { type: 'session.expired' }
  | { type: 'logout.open' }
  | { type: 'logout.close' }
  | { type: 'logout.confirm' }
  | { type: 'notifications.refresh' }

/** Params of the `storeSession` action. */
export interface StoreSessionParams {
  token: string
  user: SessionUser
}
/** Params of the `storeAccounts` action. */
export interface StoreAccountsParams {
  accounts: Account[]
}

const provided = (name: string) => () => {
  throw new Error(`${name}: provided by src/`)
}

const signedOutContext = {
  user: null,
  accounts: [],
  accountsFailed: false,
  notificationSize: null,
} satisfies SessionContext

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Ends the session on the server (rulings §4: logout ends it on the server too). */
    endSession: fromPromise<void>(async () => {
      throw new Error('endSession: provided by src/')
    }),
    /** POST account: the customer's accounts (rulings §3). */
    loadAccounts: fromPromise<Account[], { kcode: string }>(async () => {
      throw new Error('loadAccounts: provided by src/')
    }),
    /** GET notification-size: the sidebar counter. */
    loadNotificationSize: fromPromise<number>(async () => {
      throw new Error('loadNotificationSize: provided by src/')
    }),
  },
  guards: {
    /** spec §3, §6: session storage held a signed-in customer, so the /app routes are open. */
    wasUserRestored: ({ context }) => context.user !== null,
  },
  actions: {
    // Side effects, provided by the app (src/) and by the tests.
    /** Saves the token and the user in session storage (spec §3). */
    storeSession: provided('storeSession') as (_: unknown, params: StoreSessionParams) => void,
    /** Saves the account list in session storage (spec §3). */
    storeAccounts: provided('storeAccounts') as (_: unknown, params: StoreAccountsParams) => void,
    /** Clears the entire session storage (spec §2 logout dialog). */
    clearSession: provided('clearSession'),
    /** The warning toast of an expired session (`session.expiredTitle`, `expiredText`), closable, 3 s (spec §8, §9). */
    announceExpiry: provided('announceExpiry'),
    /** spec §4 Login: goes to /app/dashboard once signed in. Provided by src/. */
    goToDashboard: provided('goToDashboard'),
    /** spec §2 logout dialog, §4 Session: goes to /login. Provided by src/. */
    goToLogin: provided('goToLogin'),

    // Context.
    /** spec §3 current user: keeps the signed-in customer (name, kcode, modules) for the shell. */
    setUser: assign({ user: (_, { user }: { user: SessionUser }) => user }),
    /** spec §3: keeps the customer's account list for the screens (and forgets an earlier failure to load it). */
    setAccounts: assign({ accounts: (_, { accounts }: StoreAccountsParams) => accounts, accountsFailed: false }),
    /** spec §8: the accounts could not be loaded; the screens show the accounts message (a click reloads). */
    markAccountsFailed: assign({ accountsFailed: true }),
    /** spec §2 shell layout: the sidebar counter, from the notification size call. */
    setNotificationSize: assign({ notificationSize: (_, { size }: { size: number }) => size }),
    /** spec §2 logout dialog, §4 Session: forgets the customer, the accounts and the counter at sign-out. */
    forgetCustomer: assign(signedOutContext),
  },
}).createMachine({
  id: 'session',
  description: 'The signed-in customer: session start, restoration, expiry and logout (spec §4 Session).',
  context: ({ input }) => ({
    user: input.user,
    accounts: input.accounts,
    accountsFailed: false,
    notificationSize: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Nothing yet: the app has just read session storage.',
      meta: { spec: 'spec §3 session storage; spec §6 (/app requires a stored token)' },
      always: [
        {
          guard: 'wasUserRestored',
          target: 'signedIn',
          description: 'spec §6: a stored session opens the /app routes',
        },
        {
          target: 'signedOut',
          description: 'spec §6: without a stored session, /app redirects to /login',
        },
      ],
    },
    signedOut: {
      description: 'The public screens (landing, sign-in, PIN reset); /app routes redirect to /login.',
      meta: { spec: 'spec §2 route table (public); spec §6' },
      on: {
        'session.start': {
          target: 'signedIn',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'storeSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
            'goToDashboard',
          ],
          description: 'spec §4 Login: on success the token and user are saved and the user goes to /app/dashboard',
        },
      },
    },
    signedIn: {
      type: 'parallel',
      description:
        "The shell: sidebar with the customer's name, kcode, clock, notification counter and logout " +
        'button; menu entries of the granted modules; the content of the current /app route.',
      meta: { spec: 'spec §2 shell layout; spec §6' },
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        input: ({ context }) => ({ kcode: context.user?.kcode ?? '' }),
        onDone: {
          actions: [
            { type: 'setAccounts', params: ({ event }) => ({ accounts: event.output }) },
            { type: 'storeAccounts', params: ({ event }) => ({ accounts: event.output }) },
          ],
          description: 'spec §3: the account list is kept and saved in session storage',
        },
        onError: {
          actions: 'markAccountsFailed',
          description: 'spec §8: accounts not loaded → the screens offer to reload',
        },
      },
      on: {
        'session.expired': {
          target: 'signedOut',
          actions: ['forgetCustomer', 'clearSession', 'announceExpiry', 'goToLogin'],
          description:
            "spec §4 Session, §8: HTTP 403 or code '2' signs out, shows the expiry toast and goes to /login",
        },
      },
      states: {
        dialog: {
          description: 'The logout confirmation modal of the shell.',
          meta: { spec: 'spec §2 logout dialog' },
          initial: 'active',
          states: {
            active: {
              description: 'The shell with no dialog open.',
              meta: { spec: 'spec §2 shell layout' },
              on: {
                'logout.open': {
                  target: 'confirmingLogout',
                  description: 'spec §2: the logout button opens the confirmation dialog',
                },
              },
            },
            confirmingLogout: {
              description: 'The logout dialog: its title, the question whether to leave, a close and a confirm button.',
              meta: { spec: 'spec §2 logout dialog' },
              on: {
                'logout.close': {
                  target: 'active',
                  description: 'spec §2: the close button closes the dialog',
                },
                'logout.confirm': {
                  target: 'loggingOut',
                  description: 'spec §2: the confirm button starts the logout',
                },
              },
            },
            loggingOut: {
              description: 'The dialog stays busy while the session is ended on the server.',
              meta: { spec: 'spec §2 logout dialog; rulings §4 (logout ends the session on the server)' },
              invoke: {
                id: 'endSession',
                src: 'endSession',
                onDone: {
                  target: '#session.signedOut',
                  actions: ['forgetCustomer', 'clearSession', 'goToLogin'],
                  description: 'spec §2: confirming clears the entire session storage and goes to /login',
                },
                onError: {
                  target: '#session.signedOut',
                  actions: ['forgetCustomer', 'clearSession', 'goToLogin'],
                  description:
                    'spec §2: confirming clears the entire session storage and goes to /login; decision ' +
                    '(docs/decisions.md, Architecture): logout completes locally even when the server cannot be reached',
                },
              },
              on: {
                'session.expired': {
                  target: '#session.signedOut',
                  actions: ['forgetCustomer', 'clearSession', 'goToLogin'],
                  description:
                    'spec §4 Session: an expired session signs out and goes to /login; decision (docs/decisions.md, ' +
                    'Sign-in and session rules): during logout, without the expiry toast (the customer is leaving ' +
                    'anyway)',
                },
              },
            },
          },
        },
        counter: {
          description: 'The notification counter of the sidebar.',
          meta: { spec: 'spec §2 shell layout (notification counter)' },
          initial: 'counting',
          states: {
            counting: {
              description: 'The counter is being read; the sidebar shows the last known value, if any.',
              meta: { spec: 'spec §2 shell layout (notification counter); spec §7 notification-size' },
              invoke: {
                id: 'loadNotificationSize',
                src: 'loadNotificationSize',
                onDone: {
                  target: 'counted',
                  actions: { type: 'setNotificationSize', params: ({ event }) => ({ size: event.output }) },
                  description: 'spec §2: the counter comes from the notification size call',
                },
                onError: {
                  target: 'counted',
                  description: 'a counter that cannot be read keeps its last value (none at first) — decision (docs/decisions.md, Common rules)',
                },
              },
            },
            counted: {
              description: 'The sidebar shows the counter.',
              meta: { spec: 'spec §2 shell layout (notification counter)' },
              on: {
                'notifications.refresh': {
                  target: 'counting',
                  description:
                    'spec §2: the counter comes from the notification size call, read again on request; decision ' +
                    '(docs/decisions.md, Self-service: Notifications): as soon as the server confirms a notification ' +
                    'was seen',
                },
              },
            },
          },
        },
      },
    },
  },
})

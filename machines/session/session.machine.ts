/**
 * The signed-in customer (spec §2 shell and logout dialog, §3 session storage, §4 Session,
 * §6 roles, §8 session expired).
 *
 *   restoring ─▶ signedOut ──session.start──▶ signedIn ──session.expired──▶ signedOut
 *                    ▲                        (dialog: active ⇄ confirmingLogout ─▶ loggingOut)
 *                    └──────────── logout done or failed ──────────────────────────┘
 *
 * `signedIn` is a parallel state: the `dialog` region follows the logout dialog, the `counter`
 * region the notification counter of the sidebar, the `idle` region the session warning of rulings
 * §6.4 (60 seconds before the idle limit the server told at sign-in, a dialog counts down; its stay
 * button calls keep-alive, its leave button logs out, the end of the countdown is an expiry).
 * Every customer call the server answered moves its idle window, so it restarts the watch too
 * (`session.activity`, sent by the contract client). On entering it the accounts and the counter
 * load side by side. After a transfer the accounts' balances are old (`stale`): they are dropped,
 * and read again when a screen that shows them opens (`accounts.wanted`).
 *
 * An expiry (the server's or the countdown's) keeps the /app page the customer was on
 * (`rememberPlace`); the next sign-in goes back there (`goToStartPage`, rulings §6.4).
 *
 * The session token is never in the context: `storeSession` hands it to the app's session storage
 * and the contract client reads it from there. Side effects (storage, toast, navigation) are named
 * actions that the app provides.
 */
import type { Account } from '../shared/customer.ts'
import { freshSessionContext, idleSecondsOf } from './session.rules.ts'
import { sessionSetup } from './session.setup.ts'
import type { SessionContext } from './session.types.ts'

/**
 * spec §4 Session, §8, rulings §6.4: what an expiry does. `rememberPlace` comes after
 * `clearSession` (which empties session storage) and before `forgetCustomer` (it needs the kcode).
 */
const expiryActions = [
  'clearSession',
  { type: 'rememberPlace', params: ({ context }: { context: SessionContext }) => ({ kcode: context.user?.kcode ?? '' }) },
  'forgetCustomer',
  'announceExpiry',
  'goToLogin',
] as const

/**
 * Reading the accounts (spec §3, §8), the same whether at the start or after a transfer: the list
 * is kept and saved in session storage, or marked as failed.
 */
const readAccounts = {
  id: 'loadAccounts',
  src: 'loadAccounts',
  input: ({ context }: { context: SessionContext }) => ({ kcode: context.user?.kcode ?? '' }),
  onDone: {
    target: '#session.signedIn.accounts.loaded',
    actions: [
      { type: 'setAccounts', params: ({ event }: { event: { output: Account[] } }) => ({ accounts: event.output }) },
      { type: 'storeAccounts', params: ({ event }: { event: { output: Account[] } }) => ({ accounts: event.output }) },
    ],
    description: 'spec §3: the account list is kept and saved in session storage',
  },
  onError: {
    target: '#session.signedIn.accounts.loaded',
    actions: 'markAccountsFailed',
    description: 'spec §8, REQ-ERR-09: accounts not loaded → the screens offer to reload',
  },
} as const

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description: 'The signed-in customer: session start, restoration, expiry and logout (spec §4 Session).',
  context: ({ input }) => freshSessionContext(input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Nothing yet: the app has just read session storage.',
      meta: { spec: 'spec §3 session storage; spec §6 (/app requires a stored token)' },
      always: [
        {
          guard: 'wasUserRestored',
          target: 'signedIn',
          description: 'spec §6, REQ-ROUTE-02: a stored session opens the /app routes',
        },
        {
          target: 'signedOut',
          description: 'spec §6, REQ-ROUTE-02: without a stored session, /app redirects to /login',
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
            { type: 'setIdleSeconds', params: ({ event }) => ({ idleSeconds: idleSecondsOf(event.idleSeconds) }) },
            {
              type: 'storeSession',
              params: ({ event }) => ({ token: event.token, user: event.user, idleSeconds: idleSecondsOf(event.idleSeconds) }),
            },
            { type: 'setMustChangePin', params: ({ event }) => ({ required: event.mustChangePin === true }) },
            { type: 'goToStartPage', params: ({ event }) => ({ kcode: event.user.kcode }) },
          ],
          description:
            'spec §4 Login, REQ-LOGIN-05: on success the token and user are saved and the user goes to /app/dashboard; ' +
            'rulings §6.4, REQ-SHELL-04: ' +
            'after an expiry, back to the /app page the customer was on',
        },
      },
    },
    signedIn: {
      type: 'parallel',
      description:
        "The shell: sidebar with the customer's name, kcode, clock, notification counter and logout " +
        'button; menu entries of the granted modules; the content of the current /app route.',
      meta: { spec: 'spec §2 shell layout; spec §6' },
      on: {
        'session.expired': {
          target: 'signedOut',
          actions: expiryActions,
          description:
            "spec §4 Session, §8, REQ-SESSION-01, REQ-ERR-08: HTTP 403 or code '2' signs out, shows the expiry toast and goes to /login; " +
            'rulings §6.4: the /app page is kept for the next sign-in',
        },
        'pin.mustChange': {
          actions: { type: 'setMustChangePin', params: ({ event }) => ({ required: event.required }) },
          description:
            "rulings §9.5, REQ-SESSION-02: a call answered 403 code '3' (the PIN a reset sent is to be changed: only its screen opens), " +
            'or the PIN was changed (every /app screen opens again)',
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
                  description: 'spec §2, REQ-SHELL-02: the logout button opens the confirmation dialog',
                },
                'logout.confirm': {
                  target: 'loggingOut',
                  description: 'rulings §6.4: the leave button of the session warning logs out at once',
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
                  description: 'spec §2, REQ-SHELL-02: the confirm button starts the logout',
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
                  description: 'spec §2, REQ-SHELL-02: confirming clears the entire session storage and goes to /login',
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
        accounts: {
          description: "The customer's accounts, with their balances where the customer may see them.",
          meta: { spec: 'spec §3 (accounts); rulings §6 (balances at a glance)' },
          initial: 'loading',
          states: {
            loading: {
              description: 'The accounts are being read; the screens show the last known list, if any.',
              meta: { spec: 'spec §3; rulings §3 POST account' },
              invoke: readAccounts,
            },
            loaded: {
              description:
                'The screens show the accounts; with none (not loaded, or an empty list), the message ' + 'accounts.notLoaded, whose click reloads the page.',
              meta: { spec: 'spec §3; spec §8 (accounts not loaded or empty)' },
              on: {
                'accounts.reload': {
                  actions: 'reloadPage',
                  description: 'spec §8: a click on the accounts message (accounts not loaded or empty) reloads the page',
                },
                'accounts.refresh': {
                  target: 'stale',
                  actions: 'forgetBalances',
                  description: 'rulings §6 (balances at a glance): a transfer moved money, the balances in the list are old',
                },
              },
            },
            stale: {
              description:
                'A transfer moved money: the list keeps its account numbers and currencies, without balances. ' +
                'They are read again when a screen that shows them opens (the dashboard, the selects of the ' +
                'balance, statement and transfer forms); meanwhile the dashboard shows its loading line.',
              meta: { spec: 'rulings §6 (balances at a glance); decision (docs/decisions.md, Mobile data: balances read when shown)' },
              initial: 'waiting',
              states: {
                waiting: {
                  description: 'Nothing is read until a screen shows the balances (mobile data: a customer who signs out next never needs them).',
                  meta: { spec: 'rulings §6 (balances at a glance); decision (docs/decisions.md, Mobile data: balances read when shown)' },
                  on: {
                    'accounts.wanted': {
                      target: 'reading',
                      description: 'rulings §6: a screen that shows the balances opened, they are read again',
                    },
                  },
                },
                reading: {
                  description: 'The accounts are being read again; the dashboard shows that its balances are loading.',
                  meta: { spec: 'spec §3; rulings §3 POST account; rulings §6' },
                  invoke: readAccounts,
                },
              },
              on: {
                'accounts.refresh': {
                  target: '.waiting',
                  actions: 'forgetBalances',
                  description: 'rulings §6: another transfer moved money meanwhile, the balances are read when a screen next shows them',
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
        idle: {
          description: 'The session warning of rulings §6.4: watching for the idle limit, then counting down.',
          meta: { spec: 'rulings §6.4' },
          initial: 'watching',
          states: {
            watching: {
              description: 'No warning: the idle limit is more than 60 seconds away.',
              meta: { spec: 'rulings §6.4' },
              after: {
                untilWarning: {
                  target: 'warning',
                  description: 'rulings §6.4, REQ-SHELL-03: 60 seconds before the idle limit, the warning opens',
                },
              },
              on: {
                'session.activity': {
                  target: 'watching',
                  reenter: true,
                  description: 'rulings §6.4: a customer call moved the idle window on the server; the watch starts again',
                },
                'logout.confirm': {
                  target: 'leaving',
                  description: 'spec §2: the customer is logging out; no warning any more',
                },
              },
            },
            warning: {
              description: 'The session warning dialog (`sessionWarning` texts): the seconds left, counting down, and the ' + 'stay and leave buttons.',
              meta: { spec: 'rulings §6.4' },
              entry: 'clearKeepAliveFailed',
              initial: 'asking',
              after: {
                untilExpiry: {
                  target: '#session.signedOut',
                  actions: expiryActions,
                  description:
                    'rulings §6.4, REQ-SHELL-04: the session ends anyway: the expiry toast and /login follow (spec §8), the /app page ' +
                    'is kept for the next sign-in',
                },
              },
              on: {
                'session.activity': {
                  target: 'watching',
                  description: 'rulings §6.4: a customer call moved the idle window on the server; the warning closes',
                },
                'logout.confirm': {
                  target: 'leaving',
                  description: 'rulings §6.4: the leave button ends the session (the dialog region logs out)',
                },
              },
              states: {
                asking: {
                  description: 'The warning waits for the customer; after a failed keep-alive it says so.',
                  meta: { spec: 'rulings §6.4' },
                  on: {
                    'session.keepAlive': {
                      target: 'extending',
                      actions: 'clearKeepAliveFailed',
                      description: 'rulings §6.4, REQ-SHELL-03: the stay button calls keep-alive',
                    },
                  },
                },
                extending: {
                  description: 'The stay button is busy while keep-alive is called; the countdown goes on.',
                  meta: { spec: 'rulings §6.4' },
                  invoke: {
                    id: 'keepAlive',
                    src: 'keepAlive',
                    onDone: {
                      target: '#session.signedIn.idle.watching',
                      actions: { type: 'setIdleSeconds', params: ({ event }) => ({ idleSeconds: idleSecondsOf(event.output) }) },
                      description: "rulings §6.4, REQ-SHELL-03: keep-alive answered code '0': the session goes on, the warning closes",
                    },
                    onError: {
                      target: 'asking',
                      actions: 'markKeepAliveFailed',
                      description:
                        'rulings §6.4: no usable keep-alive answer: the countdown goes on and the warning says so (a 403 ' +
                        'ends the session through the client)',
                    },
                  },
                  on: {
                    'session.activity': {
                      description: "rulings §6.4: the keep-alive's own answer; its outcome decides, not the activity",
                    },
                  },
                },
              },
            },
            leaving: {
              description: 'The customer is logging out: no warning.',
              meta: { spec: 'spec §2 logout dialog' },
            },
          },
        },
      },
    },
  },
})

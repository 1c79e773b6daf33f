/**
 * The session chart's setup: its types, the actors it calls, its delays, guards and actions (the
 * glossary of docs/machines/session.md is read from the comments here). The chart itself is
 * session.machine.ts.
 */
import { assign, setup } from 'xstate'
import { stubAction, stubActor } from '../shared/answers.ts'
import type { Account, SessionUser } from '../shared/customer.ts'
import { warningSecondsOf, signedOutContext } from './session.rules.ts'
import type { CustomerParams, SessionContext, SessionEvent, SessionInput, StoreAccountsParams, StoreSessionParams } from './session.types.ts'

export const sessionSetup = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Ends the session on the server (rulings §4: logout ends it on the server too). */
    endSession: stubActor<void, unknown>('endSession'),
    /** POST account: the customer's accounts (rulings §3). */
    loadAccounts: stubActor<Account[], CustomerParams>('loadAccounts'),
    /** GET notification-size: the sidebar counter. */
    loadNotificationSize: stubActor<number, unknown>('loadNotificationSize'),
    /** POST keep-alive: extends the idle window, answers the idle limit (rulings §6.4). */
    keepAlive: stubActor<number, unknown>('keepAlive'),
  },
  delays: {
    /** rulings §6.4: the watch lasts until 60 seconds before the idle limit. */
    untilWarning: ({ context }) => (context.idleSeconds - warningSecondsOf(context)) * 1000,
    /** rulings §6.4: the warning counts down to the idle limit. */
    untilExpiry: ({ context }) => warningSecondsOf(context) * 1000,
  },
  guards: {
    /** spec §3, §6: session storage held a signed-in customer, so the /app routes are open. */
    wasUserRestored: ({ context }) => context.user !== null,
  },
  actions: {
    // Side effects, provided by the app (src/) and by the tests.
    /** Saves the token and the user in session storage (spec §3). */
    storeSession: stubAction('storeSession') as (_: unknown, params: StoreSessionParams) => void,
    /** Saves the account list in session storage (spec §3). */
    storeAccounts: stubAction('storeAccounts') as (_: unknown, params: StoreAccountsParams) => void,
    /** Clears the entire session storage (spec §2 logout dialog). */
    clearSession: stubAction('clearSession'),
    /** The warning toast of an expired session (`session.expiredTitle`, `expiredText`), closable, 3 s (spec §8, §9). */
    announceExpiry: stubAction('announceExpiry'),
    /**
     * spec §4 Login: goes to /app/dashboard once signed in — or, after an expiry, back to the /app
     * page kept by `rememberPlace` for that customer (rulings §6.4). Provided by src/.
     */
    goToStartPage: stubAction('goToStartPage') as (_: unknown, params: CustomerParams) => void,
    /** rulings §6.4: keeps the /app page the customer is on (after `clearSession`, which would wipe it). */
    rememberPlace: stubAction('rememberPlace') as (_: unknown, params: CustomerParams) => void,
    /** spec §2 logout dialog, §4 Session: goes to /login. Provided by src/. */
    goToLogin: stubAction('goToLogin'),
    /** Reloads the page (spec §8: a click on the accounts message reloads). Provided by src/. */
    reloadPage: stubAction('reloadPage'),

    // Context.
    /** spec §3 current user: keeps the signed-in customer (name, kcode, modules) for the shell. */
    setUser: assign({ user: (_, { user }: { user: SessionUser }) => user }),
    /** rulings §6.4: the idle limit the server told (at sign-in or in a keep-alive answer). */
    setIdleSeconds: assign({ idleSeconds: (_, { idleSeconds }: { idleSeconds: number }) => idleSeconds }),
    /** rulings §6.4: the warning says that staying did not work. */
    markKeepAliveFailed: assign({ keepAliveFailed: true }),
    /** rulings §6.4: a new warning (or a new attempt) starts without that message. */
    clearKeepAliveFailed: assign({ keepAliveFailed: false }),
    /** spec §3: keeps the customer's account list for the screens (and forgets an earlier failure to load it). */
    setAccounts: assign({ accounts: (_, { accounts }: StoreAccountsParams) => accounts, accountsFailed: false }),
    /** spec §8: the accounts could not be loaded; the screens show the accounts message (a click reloads). */
    markAccountsFailed: assign({ accountsFailed: true }),
    /**
     * rulings §6: money moved, the balances in the list are old: they are dropped (numbers and
     * currencies stay, which a transfer does not change), so that no screen shows an old one.
     */
    forgetBalances: assign({ accounts: ({ context }) => context.accounts.map(({ balance: _old, ...account }) => account) }),
    /** rulings §9.5: whether the PIN a reset sent must be changed before any other /app screen opens. */
    setMustChangePin: assign({ mustChangePin: (_, { required }: { required: boolean }) => required }),
    /** spec §2 shell layout: the sidebar counter, from the notification size call. */
    setNotificationSize: assign({ notificationSize: (_, { size }: { size: number }) => size }),
    /** spec §2 logout dialog, §4 Session: forgets the customer, the accounts and the counter at sign-out. */
    forgetCustomer: assign(signedOutContext),
  },
})

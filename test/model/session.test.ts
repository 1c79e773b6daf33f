import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../machines/shared/customer.ts'
import { sessionMachine } from '../../machines/session/session.machine.ts'
import { warningSecondsOf } from '../../machines/session/session.rules.ts'
import { sessionScreen } from '../../machines/session/session.screen.ts'
import type { SessionEvent, SessionInput } from '../../machines/session/session.types.ts'
import type { Account } from '../../machines/shared/customer.ts'
import { accounts as accountTexts } from '../../machines/messages.ts'
import { createWalk, doneEvent, errorEvent, type Call } from '../support/walk.ts'

const TOKEN = 'tok-7be0d2'
const user: SessionUser = { name: 'Awa Mbuyi', kcode: 'K1234567', modules: ['solde', 'statement'] }
const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }

const signedOut: SessionInput = { user: null, accounts: [] }
const restored: SessionInput = { user, accounts: [usd] }

const start: SessionEvent = { type: 'session.start', token: TOKEN, user, idleSeconds: 300 }
const expired: SessionEvent = { type: 'session.expired' }
const open: SessionEvent = { type: 'logout.open' }
const close: SessionEvent = { type: 'logout.close' }
const confirm: SessionEvent = { type: 'logout.confirm' }
const refresh: SessionEvent = { type: 'notifications.refresh' }
const activity: SessionEvent = { type: 'session.activity' }
const refreshAccounts: SessionEvent = { type: 'accounts.refresh' }
const wanted: SessionEvent = { type: 'accounts.wanted' }
const reloadAccounts: SessionEvent = { type: 'accounts.reload' }
const stay: SessionEvent = { type: 'session.keepAlive' }
const mustChangePin: SessionEvent = { type: 'pin.mustChange', required: true }
const pinChanged: SessionEvent = { type: 'pin.mustChange', required: false }
const untilWarning = { type: 'xstate.after.untilWarning.session.signedIn.idle.watching' } as const
const untilExpiry = { type: 'xstate.after.untilExpiry.session.signedIn.idle.warning' } as const

const sideEffects = ['storeSession', 'storeAccounts', 'clearSession', 'announceExpiry', 'goToStartPage', 'rememberPlace', 'goToLogin', 'reloadPage']

const walk = createWalk(sessionMachine, {
  screen: sessionScreen,
  inputs: { 'no stored session': signedOut, 'restored session': restored },
  events: [
    start,
    expired,
    open,
    close,
    confirm,
    refresh,
    doneEvent('loadAccounts', [usd, cdf]),
    errorEvent('loadAccounts'),
    doneEvent('loadNotificationSize', 3),
    errorEvent('loadNotificationSize'),
    doneEvent('endSession', undefined),
    errorEvent('endSession', new TypeError('Failed to fetch')),
    activity,
    refreshAccounts,
    wanted,
    reloadAccounts,
    stay,
    mustChangePin,
    pinChanged,
    untilWarning,
    untilExpiry,
    doneEvent('keepAlive', 600),
    errorEvent('keepAlive', new TypeError('Failed to fetch')),
  ],
  stubActions: sideEffects,
  invariant: (snapshot) => {
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
    expect(snapshot.context.user === null).toBe(!snapshot.matches('signedIn'))
    expect(snapshot.context.keepAliveFailed && !snapshot.matches({ signedIn: { idle: 'warning' } })).toBe(false)
  },
  // The regions multiply: accounts × counter × dialog × idle states.
  maxStates: 20_000,
})

describe('session machine — walk of every transition (spec §2 shell, §4 Session)', () => {
  for (const path of walk.paths) it(path.description, () => path.run().then(() => undefined))
  it('walked every transition of the graph', () => walk.assertEveryEdgeWalked())
})

const actions = (calls: Call[]) => calls.filter((c) => c.kind === 'action')
const actorCalls = (calls: Call[]) => calls.filter((c) => c.kind === 'actor')

describe('session machine — start and restoration', () => {
  it('restores a stored user as signed in, and loads accounts and counter side by side', async () => {
    const { snapshot, calls } = await walk.play(restored, [])
    expect(snapshot.value).toEqual({ signedIn: { accounts: 'loading', dialog: 'active', counter: 'counting', idle: 'watching' } })
    expect(snapshot.context.accounts).toEqual([usd])
    expect(actorCalls(calls)).toEqual([
      { kind: 'actor', src: 'loadAccounts', id: 'loadAccounts', input: { kcode: 'K1234567' } },
      { kind: 'actor', src: 'loadNotificationSize', id: 'loadNotificationSize', input: undefined },
    ])
    expect(actions(calls)).toEqual([])
  })

  it('without a stored user, is signed out and calls nothing', async () => {
    const { snapshot, calls } = await walk.play(signedOut, [])
    expect(snapshot.value).toBe('signedOut')
    expect(calls).toEqual([])
  })

  it('session.start stores the token and the user, then goes to the dashboard (spec §4 Login)', async () => {
    const { snapshot, calls } = await walk.play(signedOut, [start])
    expect(snapshot.matches('signedIn')).toBe(true)
    expect(snapshot.context.user).toEqual(user)
    expect(actions(calls)).toEqual([
      { kind: 'action', name: 'storeSession', params: { token: TOKEN, user, idleSeconds: 300 } },
      { kind: 'action', name: 'goToStartPage', params: { kcode: 'K1234567' } },
    ])
    expect(actorCalls(calls).map((c) => c.src)).toEqual(['loadAccounts', 'loadNotificationSize'])
  })

  it('the token is never kept in the context', async () => {
    const { snapshot } = await walk.play(signedOut, [start, doneEvent('loadAccounts', [usd]), doneEvent('loadNotificationSize', 2)])
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
    expect(Object.keys(snapshot.context).sort()).toEqual([
      'accounts',
      'accountsFailed',
      'idleSeconds',
      'keepAliveFailed',
      'mustChangePin',
      'notificationSize',
      'user',
    ])
  })
})

describe('session machine — accounts and counter', () => {
  it('keeps and stores the loaded accounts (spec §3)', async () => {
    const { snapshot, calls } = await walk.play(restored, [doneEvent('loadAccounts', [usd, cdf])])
    expect(snapshot.context.accounts).toEqual([usd, cdf])
    expect(snapshot.context.accountsFailed).toBe(false)
    expect(actions(calls)).toEqual([{ kind: 'action', name: 'storeAccounts', params: { accounts: [usd, cdf] } }])
  })

  it('after a transfer, drops the balances and reads the accounts again only when a screen shows them', async () => {
    const usdWithBalance: Account = { ...usd, balance: '120.50' }
    const after = await walk.play(restored, [doneEvent('loadAccounts', [usdWithBalance, cdf]), refreshAccounts])
    expect(after.snapshot.matches({ signedIn: { accounts: { stale: 'waiting' } } })).toBe(true)
    expect(sessionScreen(after.snapshot)).toMatchObject({ accounts: [usd, cdf], balancesStale: true, accountsLoading: false })
    expect(after.snapshot.context.accounts[0]).not.toHaveProperty('balance')
    expect(actorCalls(after.calls).filter((c) => c.src === 'loadAccounts')).toHaveLength(1)

    const shown = await walk.play(restored, [doneEvent('loadAccounts', [usdWithBalance]), refreshAccounts, wanted])
    expect(sessionScreen(shown.snapshot)).toMatchObject({ accounts: [usd], balancesStale: true, accountsLoading: true })
    expect(actorCalls(shown.calls).filter((c) => c.src === 'loadAccounts')).toHaveLength(2)

    const read = await walk.play(restored, [doneEvent('loadAccounts', [usd]), refreshAccounts, wanted, doneEvent('loadAccounts', [usdWithBalance, cdf])])
    expect(sessionScreen(read.snapshot)).toMatchObject({ accounts: [usdWithBalance, cdf], balancesStale: false, accountsLoading: false })
    expect(actions(read.calls).filter((c) => c.name === 'storeAccounts')).toHaveLength(2)
  })

  it('the dashboard asking while the accounts are fresh, or still loading, reads nothing more', async () => {
    for (const events of [[wanted], [doneEvent('loadAccounts', [usd]), wanted]]) {
      const { calls } = await walk.play(restored, events)
      expect(actorCalls(calls).filter((c) => c.src === 'loadAccounts')).toHaveLength(1)
    }
    const during = await walk.play(restored, [refreshAccounts])
    expect(actorCalls(during.calls).filter((c) => c.src === 'loadAccounts')).toHaveLength(1)
  })

  it('a failed read after a transfer marks the accounts as failed (spec §8)', async () => {
    const { snapshot } = await walk.play(restored, [doneEvent('loadAccounts', [usd]), refreshAccounts, wanted, errorEvent('loadAccounts')])
    expect(sessionScreen(snapshot)).toMatchObject({ accountsFailed: true, balancesStale: false })
  })

  it('says "not loaded or empty" under the accounts once the read is over and none is there (spec §8)', async () => {
    const empty = await walk.play(restored, [doneEvent('loadAccounts', [])])
    expect(sessionScreen(empty.snapshot)).toMatchObject({ accounts: [], accountsFailed: false, accountsMessage: accountTexts.notLoaded })
    const failed = await walk.play(signedOut, [start, errorEvent('loadAccounts')])
    expect(sessionScreen(failed.snapshot)).toMatchObject({ accounts: [], accountsFailed: true, accountsMessage: accountTexts.notLoaded })
    // While reading, the spinner; with accounts (even a stored list after a failed read), the list.
    expect(sessionScreen((await walk.play(signedOut, [start])).snapshot).accountsMessage).toBeNull()
    expect(sessionScreen((await walk.play(restored, [doneEvent('loadAccounts', [usd])])).snapshot).accountsMessage).toBeNull()
    expect(sessionScreen((await walk.play(restored, [errorEvent('loadAccounts')])).snapshot).accountsMessage).toBeNull()
  })

  it('a click on the accounts message reloads the page (spec §8)', async () => {
    const { calls } = await walk.play(restored, [doneEvent('loadAccounts', []), reloadAccounts])
    expect(actions(calls).map((c) => c.name)).toEqual(['storeAccounts', 'reloadPage'])
  })

  it('marks the accounts as failed when they cannot be loaded (spec §8)', async () => {
    const { snapshot, calls } = await walk.play(restored, [errorEvent('loadAccounts')])
    expect(snapshot.context.accountsFailed).toBe(true)
    expect(actions(calls)).toEqual([])
  })

  it('shows the counter, re-reads it on refresh, and keeps the last value when a read fails', async () => {
    const { snapshot, calls } = await walk.play(restored, [doneEvent('loadNotificationSize', 4), refresh, errorEvent('loadNotificationSize')])
    expect(snapshot.context.notificationSize).toBe(4)
    expect(snapshot.matches({ signedIn: { counter: 'counted' } })).toBe(true)
    expect(actorCalls(calls).filter((c) => c.src === 'loadNotificationSize')).toHaveLength(2)
  })

  it('a counter that cannot be read at first stays empty', async () => {
    const { snapshot } = await walk.play(restored, [errorEvent('loadNotificationSize')])
    expect(snapshot.context.notificationSize).toBeNull()
  })

  it('a refresh while the counter is being read sends no second request', async () => {
    const { calls } = await walk.play(restored, [refresh])
    expect(actorCalls(calls).filter((c) => c.src === 'loadNotificationSize')).toHaveLength(1)
  })
})

describe('session machine — expiry (spec §4 Session, §8)', () => {
  it('signs out, clears the storage, keeps the page, announces the expiry and goes to /login, in that order', async () => {
    const { snapshot, calls } = await walk.play(restored, [expired])
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({
      user: null,
      accounts: [],
      accountsFailed: false,
      notificationSize: null,
      idleSeconds: 300,
      keepAliveFailed: false,
      mustChangePin: false,
    })
    expect(actions(calls)).toEqual([
      { kind: 'action', name: 'clearSession', params: undefined },
      { kind: 'action', name: 'rememberPlace', params: { kcode: 'K1234567' } },
      { kind: 'action', name: 'announceExpiry', params: undefined },
      { kind: 'action', name: 'goToLogin', params: undefined },
    ])
  })

  it('also from the open logout dialog', async () => {
    const { snapshot, calls } = await walk.play(restored, [open, expired])
    expect(snapshot.value).toBe('signedOut')
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'rememberPlace', 'announceExpiry', 'goToLogin'])
  })

  it('is ignored when signed out', async () => {
    const { snapshot, calls } = await walk.play(signedOut, [expired])
    expect(snapshot.value).toBe('signedOut')
    expect(calls).toEqual([])
  })
})

describe('session machine — logout (spec §2 logout dialog)', () => {
  it('opens and closes the dialog without side effect', async () => {
    const opened = await walk.play(restored, [open])
    expect(opened.snapshot.matches({ signedIn: { dialog: 'confirmingLogout' } })).toBe(true)
    const closed = await walk.play(restored, [open, close])
    expect(closed.snapshot.matches({ signedIn: { dialog: 'active' } })).toBe(true)
    expect(actions(closed.calls)).toEqual([])
  })

  it('confirming ends the session on the server, then clears the storage and goes to /login', async () => {
    const confirming = await walk.play(restored, [open, confirm])
    expect(confirming.snapshot.matches({ signedIn: { dialog: 'loggingOut' } })).toBe(true)
    expect(actorCalls(confirming.calls).map((c) => c.src)).toContain('endSession')
    expect(actions(confirming.calls)).toEqual([])

    const { snapshot, calls } = await walk.play(restored, [open, confirm, doneEvent('endSession', undefined)])
    expect(snapshot.value).toBe('signedOut')
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'goToLogin'])
  })

  it('completes locally when the server cannot be reached', async () => {
    const { snapshot, calls } = await walk.play(restored, [open, confirm, errorEvent('endSession')])
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context.user).toBeNull()
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'goToLogin'])
  })

  it('an expiry found during logout ends the session without the expiry toast', async () => {
    const { snapshot, calls } = await walk.play(restored, [open, confirm, expired])
    expect(snapshot.value).toBe('signedOut')
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'goToLogin'])
  })

  it('can sign in again after a logout', async () => {
    const { snapshot } = await walk.play(restored, [open, confirm, doneEvent('endSession', undefined), start])
    expect(snapshot.matches('signedIn')).toBe(true)
    expect(snapshot.context.accounts).toEqual([])
  })
})

describe('session machine — the warning before the idle limit (rulings §6.4)', () => {
  const warned = [untilWarning] as const

  it('watches for 60 seconds before the idle limit the server told, then warns', async () => {
    const { snapshot } = await walk.play(signedOut, [{ ...start, idleSeconds: 90 }, ...warned])
    expect(snapshot.matches({ signedIn: { idle: { warning: 'asking' } } })).toBe(true)
    expect(snapshot.context.idleSeconds).toBe(90)
  })

  it('restores the idle limit with the session, and falls back to 5 minutes when none was told', async () => {
    expect((await walk.play({ ...restored, idleSeconds: 120 }, [])).snapshot.context.idleSeconds).toBe(120)
    for (const idleSeconds of [null, undefined, 0, -5, 1.5]) {
      expect((await walk.play({ ...restored, idleSeconds }, [])).snapshot.context.idleSeconds, String(idleSeconds)).toBe(300)
    }
    const { snapshot } = await walk.play(signedOut, [{ ...start, idleSeconds: null }])
    expect(snapshot.context.idleSeconds).toBe(300)
  })

  it('a customer call answered meanwhile starts the watch again and closes the warning', async () => {
    const { snapshot } = await walk.play(restored, [...warned, activity])
    expect(snapshot.matches({ signedIn: { idle: 'watching' } })).toBe(true)
  })

  it('"Rester connecté" calls keep-alive; its answer closes the warning with the limit it told', async () => {
    const asking = await walk.play(restored, [...warned, stay])
    expect(asking.snapshot.matches({ signedIn: { idle: { warning: 'extending' } } })).toBe(true)
    expect(actorCalls(asking.calls).map((c) => c.src)).toContain('keepAlive')
    const { snapshot, calls } = await walk.play(restored, [...warned, stay, activity, doneEvent('keepAlive', 600)])
    expect(snapshot.matches({ signedIn: { idle: 'watching' } })).toBe(true)
    expect(snapshot.context.idleSeconds).toBe(600)
    expect(actions(calls)).toEqual([])
  })

  it('a keep-alive without answer keeps the warning counting and says so; a new try clears it', async () => {
    const failed = await walk.play(restored, [...warned, stay, errorEvent('keepAlive')])
    expect(failed.snapshot.matches({ signedIn: { idle: { warning: 'asking' } } })).toBe(true)
    expect(failed.snapshot.context.keepAliveFailed).toBe(true)
    const again = await walk.play(restored, [...warned, stay, errorEvent('keepAlive'), stay])
    expect(again.snapshot.context.keepAliveFailed).toBe(false)
  })

  it('the end of the countdown is an expiry: page kept, toast, /login', async () => {
    for (const events of [
      [...warned, untilExpiry],
      [...warned, stay, untilExpiry],
    ]) {
      const { snapshot, calls } = await walk.play(restored, events)
      expect(snapshot.value).toBe('signedOut')
      expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'rememberPlace', 'announceExpiry', 'goToLogin'])
    }
  })

  it('"Se déconnecter" logs out at once, without the confirmation dialog, and no warning follows', async () => {
    const { snapshot, calls } = await walk.play(restored, [...warned, confirm])
    expect(snapshot.matches({ signedIn: { dialog: 'loggingOut', idle: 'leaving' } })).toBe(true)
    expect(actorCalls(calls).map((c) => c.src)).toContain('endSession')
    const done = await walk.play(restored, [...warned, confirm, doneEvent('endSession', undefined)])
    expect(actions(done.calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'goToLogin'])
  })

  it('warns 60 seconds before the limit; a limit shorter than a minute warns at once, for the whole limit', () => {
    const delays = sessionMachine.implementations.delays as Record<string, (a: { context: { idleSeconds: number } }) => number>
    const at = (idleSeconds: number) => [delays.untilWarning!({ context: { idleSeconds } }), delays.untilExpiry!({ context: { idleSeconds } })]
    expect(at(300)).toEqual([240_000, 60_000])
    expect(at(60)).toEqual([0, 60_000])
    expect(at(30)).toEqual([0, 30_000])
    expect(warningSecondsOf({ idleSeconds: 30 })).toBe(30)
  })
})

describe('session machine — the temporary PIN (rulings §9.5)', () => {
  it("a sign-in with the PIN a reset sent, or a call's 403 code '3', closes every /app screen but the new PIN's; its change opens them again", async () => {
    const signedIn = await walk.play(signedOut, [{ ...start, mustChangePin: true } as SessionEvent])
    expect(sessionScreen(signedIn.snapshot).mustChangePin).toBe(true)
    expect(sessionScreen((await walk.play(signedOut, [start])).snapshot).mustChangePin).toBe(false)
    const refused = await walk.play(restored, [mustChangePin])
    expect(sessionScreen(refused.snapshot).mustChangePin).toBe(true)
    const changed = await walk.play(restored, [mustChangePin, pinChanged])
    expect(sessionScreen(changed.snapshot).mustChangePin).toBe(false)
  })

  it('signing out forgets it', async () => {
    const { snapshot } = await walk.play(restored, [mustChangePin, expired])
    expect(snapshot.context.mustChangePin).toBe(false)
    expect(sessionScreen(snapshot).mustChangePin).toBe(false)
  })
})

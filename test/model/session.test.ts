import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../machines/shared/customer.ts'
import { sessionMachine, type SessionEvent, type SessionInput } from '../../machines/session.ts'
import type { Account } from '../../machines/shared/customer.ts'
import { createWalk, doneEvent, errorEvent, type Call } from '../support/walk.ts'

const TOKEN = 'tok-7be0d2'
const user: SessionUser = { name: 'Awa Mbuyi', kcode: 'K1234567', modules: ['solde', 'statement'] }
const usd: Account = { id: '1', compte: '000110000000000000012', currency: '1' }
const cdf: Account = { id: '2', compte: '000110000000000000034', currency: '3' }

const signedOut: SessionInput = { user: null, accounts: [] }
const restored: SessionInput = { user, accounts: [usd] }

const start: SessionEvent = { type: 'session.start', token: TOKEN, user }
const expired: SessionEvent = { type: 'session.expired' }
const open: SessionEvent = { type: 'logout.open' }
const close: SessionEvent = { type: 'logout.close' }
const confirm: SessionEvent = { type: 'logout.confirm' }
const refresh: SessionEvent = { type: 'notifications.refresh' }

const sideEffects = ['storeSession', 'storeAccounts', 'clearSession', 'announceExpiry', 'goToDashboard', 'goToLogin']

const walk = createWalk(sessionMachine, {
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
  ],
  stubActions: sideEffects,
  invariant: (snapshot) => {
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
    expect(snapshot.context.user === null).toBe(!snapshot.matches('signedIn'))
  },
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
    expect(snapshot.value).toEqual({ signedIn: { dialog: 'active', counter: 'counting' } })
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
      { kind: 'action', name: 'storeSession', params: { token: TOKEN, user } },
      { kind: 'action', name: 'goToDashboard', params: undefined },
    ])
    expect(actorCalls(calls).map((c) => c.src)).toEqual(['loadAccounts', 'loadNotificationSize'])
  })

  it('the token is never kept in the context', async () => {
    const { snapshot } = await walk.play(signedOut, [start, doneEvent('loadAccounts', [usd]), doneEvent('loadNotificationSize', 2)])
    expect(JSON.stringify(snapshot.context)).not.toContain(TOKEN)
    expect(Object.keys(snapshot.context).sort()).toEqual(['accounts', 'accountsFailed', 'notificationSize', 'user'])
  })
})

describe('session machine — accounts and counter', () => {
  it('keeps and stores the loaded accounts (spec §3)', async () => {
    const { snapshot, calls } = await walk.play(restored, [doneEvent('loadAccounts', [usd, cdf])])
    expect(snapshot.context.accounts).toEqual([usd, cdf])
    expect(snapshot.context.accountsFailed).toBe(false)
    expect(actions(calls)).toEqual([{ kind: 'action', name: 'storeAccounts', params: { accounts: [usd, cdf] } }])
  })

  it('marks the accounts as failed when they cannot be loaded (spec §8)', async () => {
    const { snapshot, calls } = await walk.play(restored, [errorEvent('loadAccounts')])
    expect(snapshot.context.accountsFailed).toBe(true)
    expect(actions(calls)).toEqual([])
  })

  it('shows the counter, re-reads it on refresh, and keeps the last value when a read fails', async () => {
    const { snapshot, calls } = await walk.play(restored, [
      doneEvent('loadNotificationSize', 4),
      refresh,
      errorEvent('loadNotificationSize'),
    ])
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
  it('signs out, clears the storage, announces the expiry and goes to /login, in that order', async () => {
    const { snapshot, calls } = await walk.play(restored, [expired])
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({ user: null, accounts: [], accountsFailed: false, notificationSize: null })
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'announceExpiry', 'goToLogin'])
  })

  it('also from the open logout dialog', async () => {
    const { snapshot, calls } = await walk.play(restored, [open, expired])
    expect(snapshot.value).toBe('signedOut')
    expect(actions(calls).map((c) => c.kind === 'action' && c.name)).toEqual(['clearSession', 'announceExpiry', 'goToLogin'])
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

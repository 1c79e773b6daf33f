/**
 * Session tokens (rulings §4, REQ-SERVER-08): 32 random bytes (256 bits) in base64url, given once to the client;
 * the server keeps only their SHA-256, so a copy of the database does not let anyone sign in.
 * A session ends at logout, after `idle` without a call, or `max` after it began.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/db.ts'

export interface SessionLimits {
  idleMs: number
  maxMs: number
  /**
   * last_seen_at is written only when the stored one is older than this (SESSION_TOUCH_SECONDS):
   * a burst of calls costs one write, not one each. Idle expiry is exact to this granularity: a
   * session ends between `idleMs - touchMs` and `idleMs` after its last call (never later).
   */
  touchMs: number
}

export interface Session {
  id: string
  customerId: string
  kcode: string
  /**
   * The customer's own accounts with their balances, read by the same statement that checked the
   * session when the caller asked for them (`withOwnAccounts`); absent otherwise.
   */
  ownAccounts?: OwnAccount[]
  /**
   * rulings §9.5: the customer signed in with the PIN a reset sent and has not changed it yet; until
   * then only the PIN change, logout and keep-alive are answered (http/auth.ts).
   */
  mustChangePin?: boolean
}

export interface OwnAccount {
  number: string
  currency: string
  /** Exact decimal, as text. */
  balance: string
}

export interface ResumeOptions {
  /**
   * Also read the customer's own accounts (Session.ownAccounts) in the session's statement: a call
   * that only shows a balance then costs one statement instead of two. The same read as
   * accounts.findOwnBalance, a moment earlier; nothing is kept between calls.
   */
  withOwnAccounts?: boolean
}

export type EndReason = 'logout' | 'idle' | 'max' | 'fault' | 'blocked' | 'pin_reset' | 'pin_changed' | 'by_customer'

/** A token as this server makes them: 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Where a session was opened from (rulings §9.4): kept to be shown, never to decide anything. */
export interface SessionClient {
  userAgent?: string
  address?: string
}

/** Opens a session and answers its token; the caller must not store or log the token. */
export async function openSession(q: Queryable, customerId: string, now: Date, client: SessionClient = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await q.query('insert into sessions (token_hash, customer_id, created_at, last_seen_at, user_agent, address) values ($1, $2, $3, $3, $4, $5)', [
    hashToken(token),
    customerId,
    now,
    client.userAgent?.slice(0, 512) || null,
    client.address?.slice(0, 100) || null,
  ])
  return token
}

/** An open session of the customer's, as "Sessions et appareils" lists it. */
export interface OpenSession {
  id: string
  userAgent: string | null
  address: string | null
  createdAt: Date
  lastSeenAt: Date
}

/**
 * The customer's sessions still open: not ended, seen within the idle limit, begun within the
 * maximum (a session past either is over even before a call of its own marks it ended). Latest
 * activity first (the caller puts its own first).
 */
export async function openSessions(q: Queryable, customerId: string, now: Date, limits: SessionLimits): Promise<OpenSession[]> {
  const rows = await q.query<{ id: string; user_agent: string | null; address: string | null; created_at: Date; last_seen_at: Date }>(
    `select id::text, user_agent, address, created_at, last_seen_at from sessions
      where customer_id = $1 and ended_at is null and last_seen_at >= $2 and created_at >= $3
      order by last_seen_at desc, id desc`,
    [customerId, new Date(now.getTime() - limits.idleMs), new Date(now.getTime() - limits.maxMs)],
  )
  return rows.map((r) => ({ id: r.id, userAgent: r.user_agent, address: r.address, createdAt: r.created_at, lastSeenAt: r.last_seen_at }))
}

/**
 * Ends every session of the customer's but `keepId` (the caller's): "Fermer toutes les autres
 * sessions". Answers how many of them were open as openSessions lists them (those already idle or
 * too old are marked ended too, and not counted).
 */
export async function endOtherSessions(q: Queryable, customerId: string, keepId: string, now: Date, limits: SessionLimits): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `with ended as (
       update sessions set ended_at = $3, end_reason = 'by_customer'
        where customer_id = $1 and ended_at is null and id <> $2::bigint returning last_seen_at, created_at
     )
     select (count(*) filter (where last_seen_at >= $4 and created_at >= $5))::int as n from ended`,
    [customerId, keepId, now, new Date(now.getTime() - limits.idleMs), new Date(now.getTime() - limits.maxMs)],
  )
  return row!.n
}

/**
 * Ends one open session of the customer's (by its id), not the caller's own: answers whether one
 * was ended — false for an unknown id, another customer's, or one already over.
 */
export async function endOwnSession(q: Queryable, customerId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `update sessions set ended_at = $3, end_reason = 'by_customer'
      where id = $1::bigint and customer_id = $2 and ended_at is null returning id`,
    [sessionId, customerId, now],
  )
  return rows.length > 0
}

/**
 * The session of a token if it is still valid, refreshed (last_seen_at = now, when the stored one
 * is older than `touchMs`); otherwise null, and a session found idle or too old is marked ended
 * with the reason.
 */
export async function resumeSession(q: Queryable, token: string, now: Date, limits: SessionLimits, options: ResumeOptions = {}): Promise<Session | null> {
  const window = sessionWindow(token, now, limits)
  if (!window) return null
  const { tokenHash, idleSince, startedAfter, staleBefore } = window
  // One call of the migration's resume_session function (013_resume_session.sql): most calls are
  // its read alone (live, refreshed less than touchMs ago); it refreshes or ends the session otherwise.
  const [live] = await q.query<{ id: string; customer_id: string; kcode: string; own_accounts: OwnAccount[] | null; must_change_pin: boolean }>(
    'select id, customer_id, kcode, own_accounts, must_change_pin from resume_session($1, $2, $3, $4, $5, $6)',
    [tokenHash, now, idleSince, startedAfter, staleBefore, options.withOwnAccounts === true],
  )
  if (!live) return null
  const session: Session = { id: live.id, customerId: live.customer_id, kcode: live.kcode }
  if (live.own_accounts) session.ownAccounts = live.own_accounts
  if (live.must_change_pin) session.mustChangePin = true
  return session
}

/** Whether a token has the shape of the ones this server makes (anything else is no session, unread). */
export function isSessionToken(token: string): boolean {
  return TOKEN_SHAPE.test(token)
}

/**
 * What a session check compares a token with at `now`: its hash, and the instants before which a
 * session is idle, too old, or due for its refresh (resume_session's parameters, and those of the
 * statements that check the session themselves, migration 059). Null for a token of another shape.
 */
export interface SessionWindow {
  tokenHash: string
  idleSince: Date
  startedAfter: Date
  staleBefore: Date
}

export function sessionWindow(token: string, now: Date, limits: SessionLimits): SessionWindow | null {
  if (!TOKEN_SHAPE.test(token)) return null
  return {
    tokenHash: hashToken(token),
    idleSince: new Date(now.getTime() - limits.idleMs),
    startedAfter: new Date(now.getTime() - limits.maxMs),
    staleBefore: new Date(now.getTime() - limits.touchMs),
  }
}

/**
 * The caller of an operation: the customer id of a session already checked, or, for an operation
 * whose own statement checks the session (migration 059: a transfer's ask and confirm), her token's
 * window with the check on its own (resume_session, which refreshes or ends the session) for when
 * that statement could not decide, and who to tell of the session once found (the request's, for
 * its logs and events).
 */
export type Caller = string | UncheckedCaller

export interface UncheckedCaller {
  window: SessionWindow
  resume(): Promise<Session | null>
  found(session: Session): void
}

/** A call refused for its session: none live (403 code '2'), or a temporary PIN to change first (403 code '3'). */
export interface SessionRefusal {
  refused: 'noSession' | 'pinChange'
}

export const isRefusal = (value: unknown): value is SessionRefusal => typeof value === 'object' && value !== null && 'refused' in value

/** The session columns of a row of migration 059's functions. */
export type SessionColumns = {
  session_id: string | null
  customer_id: string | null
  kcode: string | null
  must_change_pin: boolean | null
}

/**
 * The customer a statement of migration 059 found the session of (told to the caller), a refusal
 * (a PIN to change: the operation did not run), or undefined when it found no session it could
 * decide on: then the caller's session is checked on its own (checkCaller) and the operation runs
 * as for any other call.
 */
export function customerOfRow(caller: UncheckedCaller, row: SessionColumns | undefined): string | SessionRefusal | undefined {
  if (!row?.session_id) return undefined
  if (row.must_change_pin) return { refused: 'pinChange' }
  caller.found({ id: row.session_id, customerId: row.customer_id!, kcode: row.kcode! })
  return row.customer_id!
}

/** The customer of a caller, her session checked on its own when it was not yet (resume_session). */
export async function checkCaller(caller: Caller): Promise<string | SessionRefusal> {
  if (typeof caller === 'string') return caller
  const session = await caller.resume()
  if (!session) return { refused: 'noSession' }
  if (session.mustChangePin) return { refused: 'pinChange' }
  caller.found(session)
  return session.customerId
}

/** Ends the session of a token (logout, or a demo fault); answers whether one was open. */
export async function endSession(q: Queryable, token: string, reason: EndReason, now: Date): Promise<boolean> {
  const rows = await q.query('update sessions set ended_at = $2, end_reason = $3 where token_hash = $1 and ended_at is null returning id', [
    hashToken(token),
    now,
    reason,
  ])
  return rows.length > 0
}

/** Ends every open session of a customer, except `keepId` (the caller's own) when given. */
export async function endCustomerSessions(q: Queryable, customerId: string, reason: EndReason, now: Date, keepId?: string): Promise<number> {
  const rows = await q.query(
    `update sessions set ended_at = $2, end_reason = $3
      where customer_id = $1 and ended_at is null and ($4::bigint is null or id <> $4::bigint) returning id`,
    [customerId, now, reason, keepId ?? null],
  )
  return rows.length
}

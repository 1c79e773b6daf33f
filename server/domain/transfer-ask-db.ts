/**
 * The ask's calls of the database functions (domain/transfer-ask.ts decides and writes the texts):
 * the context and, when the database can decide the ask alone, the ask itself in the same call
 * (transfer_ask_context or transfer_ask, migrations 018 and 060, and their _signed forms of 059
 * and 060 that also check the caller's session); the write of an ask decided by the server
 * (transfer_ask_write, migration 054). Each call atomic by itself. Lock order: domain/transfers.ts.
 */
import type { Db, Queryable } from '../db/db.ts'
import { leasedMessages, writtenMessages, type LeasedMessage, type NewMessage, type WrittenColumns } from './outbox.ts'
import { lockAskTargetParams, takeAskParams } from './throttles.ts'
import { checkCaller, customerOfRow, isRefusal, type Caller, type SessionColumns, type SessionRefusal } from './sessions.ts'
import { sweepExpired } from './transfer-cancel.ts'
import type { TransferSettings } from './transfers.ts'

/** What an ask needs to know, read by one call of transfer_ask_context or transfer_ask (migrations 018, 060). */
export interface AskContext {
  enabled: boolean
  name: string
  phone: string | null
  email: string | null
  debit: { id: string; number: string; currency: string; balance: string } | undefined
  /** Account transfers: the account credited (a customer's or a payee's); mobile and card: the network's settlement account. */
  credit: { id: string; number: string; currency: string; holder_label: string } | undefined
  /** Mobile and card: whether the currency sent is offered for the kind. */
  offered: boolean
  /** The latest rate from the currency sent to the debit account's currency, when they differ. */
  rate: string | null
}

type AskContextRow = {
  enabled: boolean
  name: string
  phone: string | null
  email: string | null
  d_id: string | null
  d_number: string
  d_currency: string
  d_balance: string
  cr_id: string | null
  cr_number: string
  cr_currency: string
  cr_holder_label: string
  offered: boolean
  rate: string | null
}

const SELECT_CONTEXT = 'enabled, name, phone, email, d_id, d_number, d_currency, d_balance, cr_id, cr_number, cr_currency, cr_holder_label, offered, rate'

/** What transfer_ask answers besides the context: 'done' when it decided the ask, and then what it wrote. */
type DecidedColumns = WrittenColumns & { status: 'done' | 'other' | null; taken: boolean | null; expired: boolean | null; outbox_ids: string[] | null }
const SELECT_DECIDED = 'status, taken, expired, outbox_ids::text[] as outbox_ids, channels, recipients, subjects, bodies'

/** The ask transfer_ask decided: let through (the pending transfer and its messages written) or not. */
export type Decided = { taken: boolean; expired: boolean; outboxIds: string[]; messages: NewMessage[] }

/** `$from, …, $(from + count - 1)`. */
const placeholders = (from: number, count: number) => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ')

/**
 * The module, the customer's contacts, the debit account, the account credited, whether the
 * currency sent is offered and the rate, in one call instead of up to seven statements, found by
 * `lookup` (transfer-ask.ts, lookupParams): the server's checks still take them in the order of
 * the refusals. Nothing is locked: an ask reserves nothing (the confirm checks the balance again
 * under the accounts' locks), and the throttle's lock is taken by the write.
 *
 * With `write` (the ask's own values: transfer-ask.ts, oneCallParams), the call is transfer_ask (migration 060):
 * when the ask passes every check it decides alone, the same call takes the throttle's lock and
 * count and writes the ask, and answers `decided`; else it wrote nothing and answers the context.
 *
 * A caller whose session was not checked yet: the same call checks it (the _signed functions,
 * migrations 059 and 060), one statement instead of two; when it cannot decide (no session, or one
 * to refresh or end), the session is checked on its own first, then the call made as for a caller
 * already checked.
 */
export async function askContext(
  q: Queryable,
  caller: Caller,
  lookup: readonly unknown[],
  write: readonly unknown[] | undefined,
): Promise<{ customerId: string; context: AskContext | undefined; decided?: Decided } | SessionRefusal> {
  const args = [...lookup, ...(write ?? [])]
  const fn = write ? 'transfer_ask' : 'transfer_ask_context'
  const select = write ? `${SELECT_CONTEXT}, ${SELECT_DECIDED}` : SELECT_CONTEXT
  type Row = AskContextRow & Partial<DecidedColumns>
  if (typeof caller !== 'string') {
    const { tokenHash, idleSince, startedAfter, staleBefore } = caller.window
    const [row] = await q.query<Row & SessionColumns>(
      `select session_id, customer_id, kcode, must_change_pin, ${select} from ${fn}_signed(${placeholders(1, args.length + 4)})`,
      [tokenHash, idleSince, startedAfter, staleBefore, ...args],
    )
    const customer = customerOfRow(caller, row)
    if (customer !== undefined) return isRefusal(customer) ? customer : { customerId: customer, ...readOf(row) }
  }
  const customerId = await checkCaller(caller)
  if (isRefusal(customerId)) return customerId
  const [row] = await q.query<Row>(`select ${select} from ${fn}(${placeholders(1, args.length + 1)})`, [customerId, ...args])
  return { customerId, ...readOf(row) }
}

function readOf(row: (AskContextRow & Partial<DecidedColumns>) | undefined): { context: AskContext | undefined; decided?: Decided } {
  const context = contextOf(row)
  if (row?.status !== 'done') return { context }
  return { context, decided: { taken: row.taken!, expired: row.expired!, outboxIds: row.outbox_ids ?? [], messages: writtenMessages(row as WrittenColumns) } }
}

function contextOf(row: AskContextRow | undefined): AskContext | undefined {
  if (!row) return undefined
  return {
    enabled: row.enabled,
    name: row.name,
    phone: row.phone,
    email: row.email,
    debit: row.d_id === null ? undefined : { id: row.d_id, number: row.d_number, currency: row.d_currency, balance: row.d_balance },
    credit: row.cr_id === null ? undefined : { id: row.cr_id, number: row.cr_number, currency: row.cr_currency, holder_label: row.cr_holder_label },
    offered: row.offered,
    rate: row.rate,
  }
}

/**
 * The ask's write, one call of transfer_ask_write (migrations 014, 054): the throttle's lock, count and
 * row (the rules of throttles.ts), and only when the ask is let through: the pending row
 * (`pending`: its columns but `created_at`, `now`) and its messages, those of the channels this
 * process delivers leased to it. Answers undefined when the ask was not let through, else the
 * leased messages, which the caller hands to its sender; when pending transfers have expired, they are cancelled (sweepExpired) before the
 * answer.
 */
export async function askWrite(
  db: Db,
  customerId: string,
  s: TransferSettings,
  messages: readonly NewMessage[],
  pending: readonly unknown[],
): Promise<{ leased: LeasedMessage[] } | undefined> {
  const [scope, target, windowStart, now, max, sweep] = takeAskParams('transfer', customerId, s.askLimit, s.now)
  const [lockKey, lockName] = lockAskTargetParams('transfer', customerId)
  const [row] = await db.query<{ taken: boolean; expired: boolean; outbox_ids: string[] | null }>(
    `select taken, expired, outbox_ids::text[] as outbox_ids from transfer_ask_write(${placeholders(1, 29)})`,
    [
      lockKey,
      lockName,
      scope,
      target,
      windowStart,
      now,
      max,
      sweep,
      ...pending,
      messages.map((x) => x.channel),
      messages.map((x) => x.to),
      messages.map((x) => x.subject ?? null),
      messages.map((x) => x.text),
      s.lease?.channels ?? [],
      s.lease?.seconds ?? 0,
    ],
  )
  if (row!.expired) await sweepAfterAsk(db, s)
  return row!.taken ? { leased: leasedMessages(messages, row!.outbox_ids ?? [], s.lease) } : undefined
}

/**
 * Cancels the expired pending transfers an ask found (sweepExpired). Housekeeping after the ask was
 * stored and its code sent: should it fail (the database gone a moment), the ask's answer still
 * stands, the next ask sweeps again, and a confirm cancels its own expired transfer anyway. Failing
 * the answer would make the customer ask again and receive a second code.
 */
export const sweepAfterAsk = (db: Db, s: TransferSettings) => sweepExpired(db, s.now).catch(() => undefined)

/**
 * Transfers in two steps (spec §1, §4; rulings §4). No HTTP here: outcomes are plain values.
 *
 * Ask: checks the form and the balance, stores a pending transfer, sends an 8-digit code by SMS
 * and e-mail naming the amount, the currency and the payee. A refusal changes no row. Only an ask
 * that passed every check, i.e. one that would send a code, counts toward the customer's throttle
 * (TRANSFER_ASK_LIMIT per window, the three kinds together; domain/throttles.ts); beyond it the ask
 * is refused with `tooManyAsks` and nothing is stored or sent.
 * Confirm: in ONE transaction, the pending row locked (FOR UPDATE): state, expiry, tries, code
 * (constant time); then both account rows locked (in id order, so two transfers never deadlock),
 * the balance checked again, both balances moved, one ledger entry per side with its running
 * balance, the transfer marked executed, notification and outbox written. Money moves only there,
 * so a repeated confirm finds the transfer executed and moves nothing.
 *
 * Money is bigint cents or numeric text, never a JS number.
 */
import { api } from '../../machines/messages.ts'
import { transferKindContract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import type { Db, Queryable } from '../db/db.ts'
import { CODE_DIGITS, codeMatches, hashCode, newCode, newReference } from './codes.ts'
import { centsToDecimal, convertCents, currencyIso, decimalToCents, formatMoney, formatRate } from './money.ts'
import { addNotification, addNotifications } from './notifications.ts'
import { lockAskTargetParams, lockAskTargetSql, takeAskParams, takeAskSql, type AskLimit } from './throttles.ts'

const t = api.transfer

/** Rulings §4: the 3rd wrong code cancels the transfer. */
const MAX_CODE_TRIES = 3
/** spec §9: description minimum 5 (the contract counts blanks; the server does not). */
const DESCRIPTION_MIN_LENGTH = 5

/**
 * Mobile-money networks by the two digits after 243 (operator prefixes in the DRC). A number of
 * another prefix belongs to no network the bank settles with, and is refused.
 */
const WALLET_PREFIXES: Record<string, string> = {
  '81': 'mpesa',
  '82': 'mpesa',
  '83': 'mpesa',
  '97': 'airtel',
  '98': 'airtel',
  '99': 'airtel',
  '80': 'orange',
  '84': 'orange',
  '85': 'orange',
  '89': 'orange',
  '90': 'africell',
  '91': 'africell',
}
/** Card transfers are settled with the card network's account. */
const CARD_NETWORK = 'visa'

export interface TransferSettings {
  now: Date
  lifetimeSeconds: number
  bankName: string
  timeZone: string
  codeKey: Buffer
  /** Asks that send a code, per customer and window (TRANSFER_ASK_LIMIT, TRANSFER_ASK_WINDOW_MINUTES). */
  askLimit: AskLimit
}

interface Common {
  debitAccount: string
  currency: string
  amount: string
  description: string
}
export type AskInput =
  | (Common & { kind: 'account'; creditAccount: string })
  | (Common & { kind: 'momo'; phone: string; currencySent: string })
  | (Common & { kind: 'card'; accountId: string; lastFour: string; currencySent: string })

export type AskOutcome =
  | { ok: false; message: string }
  | {
      ok: true
      reference: string
      message: string
      /** The debit account's currency (of debitAmount and solde). */
      currency: string
      currencySent: string
      amount: string
      debitAmount: string
      payee: string
      expiresAt: Date
      solde: string
    }

type AccountRow = {
  id: string
  number: string
  currency: string
  kind: string
  customer_id: string | null
  holder_label: string
  balance: string
}

const ACCOUNT_COLUMNS = 'id::text, number, currency, kind, customer_id::text, holder_label, balance::text'

const refuse = (message: string) => ({ ok: false, message }) as const

/** What an ask needs to know of its customer, read by one statement (askContext). */
interface AskContext {
  enabled: boolean
  name: string
  phone: string | null
  email: string | null
  debit: AccountRow | undefined
  /** The account credited by an account transfer (a customer's or a payee's); undefined for the other kinds. */
  credit: AccountRow | undefined
}

const accountOf = (row: Record<string, unknown>, prefix: string): AccountRow | undefined =>
  row[`${prefix}id`] === null
    ? undefined
    : {
        id: row[`${prefix}id`] as string,
        number: row[`${prefix}number`] as string,
        currency: row[`${prefix}currency`] as string,
        kind: row[`${prefix}kind`] as string,
        customer_id: row[`${prefix}customer_id`] as string | null,
        holder_label: row[`${prefix}holder_label`] as string,
        balance: row[`${prefix}balance`] as string,
      }

/**
 * The module, the customer's contacts, the debit account and (account transfers) the credit
 * account, in one statement instead of four: the checks below still take them in the order of
 * the refusals. The same statement takes the customer's throttle lock (held until the ask's
 * transaction ends): nothing it reads counts asks, so its snapshot may be older than the lock; the
 * ask's write, a later statement, counts them.
 */
async function askContext(tx: Queryable, customerId: string, input: AskInput): Promise<AskContext | undefined> {
  const columns = (alias: string, prefix: string) =>
    `${alias}.id::text as ${prefix}id, ${alias}.number as ${prefix}number, ${alias}.currency as ${prefix}currency, ${alias}.kind as ${prefix}kind,
     ${alias}.customer_id::text as ${prefix}customer_id, ${alias}.holder_label as ${prefix}holder_label, ${alias}.balance::text as ${prefix}balance`
  const [row] = await tx.query(
    `select exists (select 1 from customer_modules m where m.customer_id = c.id and m.module = $2) as enabled,
            c.name, c.phone, c.email, ${columns('d', 'd_')}, ${columns('cr', 'cr_')}, ${lockAskTargetSql('$5', '$6')} is null as locked
       from customers c
       left join accounts d on d.number = $3 and d.kind = 'customer' and d.customer_id = c.id
       left join accounts cr on cr.number = $4 and cr.kind in ('customer', 'external')
      where c.id = $1`,
    [
      customerId,
      transferKindContract[input.kind].module,
      input.debitAccount,
      input.kind === 'account' ? input.creditAccount : null,
      ...lockAskTargetParams('transfer', customerId),
    ],
  )
  if (!row) return undefined
  return {
    enabled: row.enabled as boolean,
    name: row.name as string,
    phone: row.phone as string | null,
    email: row.email as string | null,
    debit: accountOf(row, 'd_'),
    credit: accountOf(row, 'cr_'),
  }
}

/**
 * One transaction: the context with the throttle lock, the checks, then one statement that counts
 * the ask and, when it is let through, writes it (askWrite). A refusal writes nothing.
 */
export function askTransfer(db: Db, customerId: string, input: AskInput, s: TransferSettings): Promise<AskOutcome> {
  return db.transaction((tx) => askIn(tx, customerId, input, s))
}

async function askIn(db: Queryable, customerId: string, input: AskInput, s: TransferSettings): Promise<AskOutcome> {
  const context = await askContext(db, customerId, input)
  if (!context?.enabled) return refuse(t.serviceDisabled)
  const { debit } = context
  if (!debit) return refuse(t.debitNotOwn)
  if (input.currency !== debit.currency) return refuse(t.currencyMismatch)
  const amountCents = decimalToCents(input.amount)
  if (amountCents <= 0n) return refuse(t.zeroAmount)
  const description = input.description.trim()
  if (description.length < DESCRIPTION_MIN_LENGTH) return refuse(t.descriptionTooShort)

  let credit: AccountRow | undefined
  let payee: string
  let payeeKey: string
  let currencySent = debit.currency
  if (input.kind === 'account') {
    credit = context.credit
    if (!credit) return refuse(t.creditNotFound)
    if (credit.id === debit.id) return refuse(t.sameAccount)
    if (credit.currency !== debit.currency) return refuse(t.creditCurrency)
    payee = credit.holder_label
    payeeKey = credit.number
  } else {
    currencySent = input.currencySent
    const column = input.kind === 'momo' ? 'wallet_enabled' : 'card_enabled'
    const offered = await db.query(`select 1 from currencies where code = $1 and ${column}`, [currencySent])
    if (offered.length === 0) return refuse(t.currencyNotOffered)
    let network: string | undefined
    if (input.kind === 'momo') {
      network = WALLET_PREFIXES[input.phone.slice(3, 5)]
      if (!network) return refuse(t.unknownNetwork)
      payee = input.phone
      payeeKey = input.phone
    } else {
      network = CARD_NETWORK
      payee = t.cardPayee(input.accountId, input.lastFour)
      payeeKey = `${input.accountId}/${input.lastFour}`
    }
    // The network's settlement account in the debit account's currency: the sum of the balances
    // of each currency stays the same; the network pays out in the currency sent.
    ;[credit] = await db.query<AccountRow>(
      `select ${ACCOUNT_COLUMNS} from accounts where kind = 'settlement' and network = $1 and currency = $2 order by id limit 1`,
      [network, debit.currency],
    )
    if (!credit) return refuse(t.serviceUnavailable)
  }

  let debitCents = amountCents
  let rate: string | null = null
  let conversion = ''
  if (currencySent !== debit.currency) {
    const [row] = await db.query<{ rate: string }>(
      `select rate::text from exchange_rates where from_currency = $1 and to_currency = $2 and valid_from <= $3
        order by valid_from desc limit 1`,
      [currencySent, debit.currency, s.now],
    )
    if (!row) return refuse(t.noRate)
    rate = row.rate
    debitCents = convertCents(amountCents, rate)
    if (debitCents <= 0n) return refuse(t.amountTooSmall)
    conversion = t.conversion(formatMoney(debitCents, debit.currency), t.rate(currencyIso(currencySent), formatRate(rate), currencyIso(debit.currency)))
  }

  const balanceCents = decimalToCents(debit.balance)
  if (balanceCents < debitCents) return refuse(t.insufficientFunds(formatMoney(balanceCents, debit.currency)))

  const customer = context
  if (!customer.phone && !customer.email) return refuse(t.noContact)

  const reference = newReference(input.kind)
  const code = newCode()
  const expiresAt = new Date(s.now.getTime() + s.lifetimeSeconds * 1000)
  const amountText = formatMoney(amountCents, currencySent)
  const lifetime = t.lifetime(s.lifetimeSeconds)

  // Both messages in the statement of the pending row: never a code for a transfer that was
  // rolled back, never a pending transfer whose code was not sent.
  const messages: NewMessage[] = [
    ...(customer.phone ? [{ channel: 'sms' as const, to: customer.phone, text: t.codeSms({ code, amount: amountText, payee, conversion, lifetime }) }] : []),
    ...(customer.email
      ? [
          {
            channel: 'email' as const,
            to: customer.email,
            subject: t.codeEmailSubject,
            text: t.codeEmail({ name: customer.name, code, amount: amountText, payee, debitAccount: debit.number, conversion, lifetime, bank: s.bankName }),
          },
        ]
      : []),
  ]
  const sent = await askWrite(db, customerId, s, messages, [
    reference,
    customerId,
    input.kind,
    debit.id,
    credit.id,
    payee,
    payeeKey,
    centsToDecimal(amountCents),
    currencySent,
    centsToDecimal(debitCents),
    rate,
    description,
    hashCode(s.codeKey, reference, code),
    MAX_CODE_TRIES,
    expiresAt,
  ])
  if (!sent) return refuse(api.tooManyAsks)

  return {
    ok: true,
    reference,
    message: t.codeSent({ amount: amountText, payee, conversion, lifetime }),
    currency: debit.currency,
    currencySent,
    amount: centsToDecimal(amountCents),
    debitAmount: centsToDecimal(debitCents),
    payee,
    expiresAt,
    solde: centsToDecimal(balanceCents),
  }
}

type PendingRow = {
  id: string
  reference: string
  customer_id: string
  kind: TransferKind
  debit_account_id: string
  credit_account_id: string
  payee: string
  amount: string
  currency_sent: string
  debit_amount: string
  description: string
  code_hash: string
  tries_left: number
  state: 'pending' | 'executed' | 'cancelled'
  cancel_reason: CancelReason | null
  expires_at: Date
}

type CancelReason = 'expired' | 'wrong_code' | 'insufficient_funds'

type CustomerContact = {
  name: string
  phone: string | null
  email: string | null
}

type NewMessage = { channel: 'sms' | 'email'; to: string; text: string; subject?: string }

/**
 * The ask's write, in one statement after the lock (askContext): the throttle's count and row
 * (throttles.ts), and only when the ask is let through: every pending transfer whose code has
 * expired cancelled, the pending row (`pending`: its columns but `created_at`, `now`), its
 * messages. Answers whether the ask was let through; the customers of the transfers found expired
 * get their notification in one more statement (rare).
 *
 * The expiry sweep runs at each ask (lazily: nothing is reserved by a pending transfer, so nothing
 * waits for it); a confirm cancels its own transfer when it finds it expired. SKIP LOCKED: a row a
 * confirm holds is that confirm's business, and two sweeps never wait on each other.
 */
async function askWrite(
  tx: Queryable,
  customerId: string,
  s: TransferSettings,
  messages: readonly NewMessage[],
  pending: readonly unknown[],
): Promise<boolean> {
  const throttle = takeAskParams('transfer', customerId, s.askLimit, s.now)
  // $4 is the throttle's `now`; the pending row's values follow the throttle's, then the messages'.
  const at = (i: number) => `$${throttle.length + 1 + i}`
  const m = (i: number) => at(pending.length + i)
  const [row] = await tx.query<{ taken: number; expired: { customer_id: string; amount: string; currency_sent: string; payee: string }[] }>(
    `with ${takeAskSql(1)},
     expired as (
       update pending_transfers set state = 'cancelled', cancel_reason = 'expired', cancelled_at = $4
        where exists (select 1 from taken) and id in (
          select id from pending_transfers where state = 'pending' and expires_at <= $4 order by id for update skip locked)
       returning customer_id::text, amount::text, currency_sent, payee),
     pending as (
       insert into pending_transfers (reference, customer_id, kind, debit_account_id, credit_account_id, payee, payee_key,
         amount, currency_sent, debit_amount, rate, description, code_hash, tries_left, expires_at, created_at)
       select ${pending.map((_, i) => at(i)).join(', ')}, $4 where exists (select 1 from taken)),
     messages as (
       insert into outbox (channel, recipient, subject, body, created_at)
       select channel, recipient, subject, body, $4
         from unnest(${m(0)}::text[], ${m(1)}::text[], ${m(2)}::text[], ${m(3)}::text[]) with ordinality as m (channel, recipient, subject, body, ord)
        where exists (select 1 from taken) order by ord)
     select (select count(*)::int from taken) as taken, (select coalesce(json_agg(expired), '[]'::json) from expired) as expired`,
    [...throttle, ...pending, messages.map((x) => x.channel), messages.map((x) => x.to), messages.map((x) => x.subject ?? null), messages.map((x) => x.text)],
  )
  if (row!.expired.length) {
    await addNotifications(
      tx,
      row!.expired.map((expired) => ({ customerId: expired.customer_id, ...cancelledNotice(expired, 'expired'), createdAt: s.now })),
    )
  }
  return row!.taken === 1
}

async function cancel(tx: Queryable, row: PendingRow, reason: CancelReason, now: Date, triesLeft = row.tries_left): Promise<void> {
  await tx.query("update pending_transfers set state = 'cancelled', cancel_reason = $2, cancelled_at = $3, tries_left = $4 where id = $1", [
    row.id,
    reason,
    now,
    triesLeft,
  ])
  await notifyCancelled(tx, row.customer_id, row, reason, now)
}

async function notifyCancelled(
  tx: Queryable,
  customerId: string,
  row: { amount: string; currency_sent: string; payee: string },
  reason: CancelReason,
  now: Date,
): Promise<void> {
  await addNotification(tx, customerId, { ...cancelledNotice(row, reason), createdAt: now })
}

/** The title and content of the notification of a cancelled transfer. */
function cancelledNotice(row: { amount: string; currency_sent: string; payee: string }, reason: CancelReason): { title: string; content: string } {
  return {
    title: t.cancelledTitle,
    content: t.cancelledContent({ amount: formatMoney(decimalToCents(row.amount), row.currency_sent), payee: row.payee, reason: t.reasons[reason] }),
  }
}

export type ConfirmOutcome =
  | { ok: true; reference: string; executedAt: Date; balance: string; currency: string; message: string }
  | { ok: false; description: string; triesLeft?: number; reference?: string }
  /** A wrong code with tries left: the transfer stays pending (rulings §6.1). */
  | { ok: false; wrongCode: true; description: string; triesLeft: number }

const CANCELLED: Record<CancelReason, string> = {
  expired: t.expired,
  wrong_code: t.cancelledWrongCode,
  insufficient_funds: t.cancelledFunds,
}

export async function confirmTransfer(
  db: Db,
  customerId: string,
  kind: TransferKind,
  reference: string,
  code: string,
  s: Omit<TransferSettings, 'lifetimeSeconds'>,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    // Another customer's reference, or one of another kind, is "not found": nothing tells it exists.
    // The customer's name and contacts come with it (for the messages); only the transfer's row is locked.
    const [row] = await tx.query<PendingRow & CustomerContact>(
      `select p.id::text, p.reference, p.customer_id::text, p.kind, p.debit_account_id::text, p.credit_account_id::text, p.payee,
              p.amount::text, p.currency_sent, p.debit_amount::text, p.description, p.code_hash, p.tries_left, p.state,
              p.cancel_reason, p.expires_at, c.name, c.phone, c.email
         from pending_transfers p join customers c on c.id = p.customer_id
        where p.reference = $1 and p.customer_id = $2 and p.kind = $3
          for update of p`,
      [reference, customerId, kind],
    )
    if (!row) return { ok: false, description: t.notFound }
    if (row.state === 'executed') return { ok: false, description: t.alreadyExecuted(row.reference), reference: row.reference }
    if (row.state === 'cancelled') {
      const reason = row.cancel_reason ?? 'expired'
      return { ok: false, description: CANCELLED[reason], ...(reason === 'wrong_code' ? { triesLeft: 0 } : {}) }
    }
    if (s.now.getTime() >= row.expires_at.getTime()) {
      await cancel(tx, row, 'expired', s.now)
      return { ok: false, description: t.expired }
    }
    if (code.length !== CODE_DIGITS || !codeMatches(s.codeKey, row.reference, code, row.code_hash)) {
      const triesLeft = row.tries_left - 1
      if (triesLeft <= 0) {
        await cancel(tx, row, 'wrong_code', s.now, 0)
        return { ok: false, description: t.cancelledWrongCode, triesLeft: 0 }
      }
      await tx.query('update pending_transfers set tries_left = $2 where id = $1', [row.id, triesLeft])
      return { ok: false, wrongCode: true, description: t.wrongCode(triesLeft), triesLeft }
    }
    return execute(tx, row, s)
  })
}

/**
 * The right code: the money moves, under the locks of both accounts. Two statements: the lock
 * and the balance check; then one statement moves both balances, writes the ledger transaction
 * with one entry per side, marks the transfer executed and writes the notifications and messages.
 */
async function execute(tx: Queryable, row: PendingRow & CustomerContact, s: Omit<TransferSettings, 'lifetimeSeconds'>): Promise<ConfirmOutcome> {
  const accounts = await tx.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts where id in ($1, $2) order by id for update`, [
    row.debit_account_id,
    row.credit_account_id,
  ])
  const debit = accounts.find((a) => a.id === row.debit_account_id)!
  const credit = accounts.find((a) => a.id === row.credit_account_id)!
  const amount = decimalToCents(row.debit_amount)
  if (decimalToCents(debit.balance) < amount) {
    await cancel(tx, row, 'insufficient_funds', s.now)
    return { ok: false, description: t.cancelledFunds }
  }
  // Under the locks, the balance after the debit is known before the write: the texts are made
  // first, and one statement moves the money and writes the notifications and the messages.
  const balanceAfter = decimalToCents(debit.balance) - amount
  const amountText = formatMoney(decimalToCents(row.amount), row.currency_sent)
  const debitText = formatMoney(amount, debit.currency)
  const balanceText = formatMoney(balanceAfter, debit.currency)
  const notices = [
    {
      customerId: row.customer_id,
      title: t.doneTitle,
      content: t.doneContent({ amount: amountText, payee: row.payee, reference: row.reference }),
    },
    ...(credit.kind === 'customer' && credit.customer_id
      ? [
          {
            customerId: credit.customer_id,
            title: t.receivedTitle,
            content: t.receivedContent({ amount: debitText, from: row.name, reference: row.reference }),
          },
        ]
      : []),
  ]
  const messages: NewMessage[] = [
    ...(row.phone
      ? [{ channel: 'sms' as const, to: row.phone, text: t.doneSms({ amount: amountText, payee: row.payee, reference: row.reference, balance: balanceText }) }]
      : []),
    ...(row.email
      ? [
          {
            channel: 'email' as const,
            to: row.email,
            subject: t.doneEmailSubject,
            text: t.doneEmail({
              name: row.name,
              amount: amountText,
              payee: row.payee,
              reference: row.reference,
              when: formatDateTime(s.now, s.timeZone),
              debitAccount: debit.number,
              debit: debitText,
              balance: balanceText,
            }),
          },
        ]
      : []),
  ]
  const [moved] = await tx.query<{ debited: string }>(
    `with debited as (update accounts set balance = balance - $3 where id = $1 returning balance),
          credited as (update accounts set balance = balance + $3 where id = $2 returning balance),
          trx as (insert into ledger_transactions (reference, kind, description, booked_at) values ($4, $5, $6, $7) returning id),
          entries as (
            insert into ledger_entries (transaction_id, account_id, amount, balance_after, booked_at, description)
            select trx.id, e.account_id, e.amount, e.balance_after, $7, e.description
              from trx, (values (1, $1::bigint, -$3::numeric, (select balance from debited), $8::text),
                                (2, $2::bigint, $3::numeric, (select balance from credited), $9::text)) as e (ord, account_id, amount, balance_after, description)
             order by e.ord),
          done as (
            update pending_transfers set state = 'executed', executed_at = $7, ledger_transaction_id = (select id from trx),
                   balance_after = (select balance from debited)
             where id = $10),
          notices as (
            insert into notifications (customer_id, title, content, created_at)
            select customer_id, title, content, $7
              from unnest($11::bigint[], $12::text[], $13::text[]) with ordinality as n (customer_id, title, content, ord)
             order by ord),
          messages as (
            insert into outbox (channel, recipient, subject, body, created_at)
            select channel, recipient, subject, body, $7
              from unnest($14::text[], $15::text[], $16::text[], $17::text[]) with ordinality as m (channel, recipient, subject, body, ord)
             order by ord)
     select (select balance from debited)::text as debited`,
    [
      debit.id,
      credit.id,
      centsToDecimal(amount),
      row.reference,
      row.kind,
      row.description,
      s.now,
      t.debitLine(row.payee, row.description),
      t.creditLine(row.name, row.description),
      row.id,
      notices.map((n) => n.customerId),
      notices.map((n) => n.title),
      notices.map((n) => n.content),
      messages.map((m) => m.channel),
      messages.map((m) => m.to),
      messages.map((m) => m.subject ?? null),
      messages.map((m) => m.text),
    ],
  )
  return {
    ok: true,
    reference: row.reference,
    executedAt: s.now,
    balance: moved!.debited,
    currency: debit.currency,
    message: t.done({ amount: amountText, payee: row.payee, balance: balanceText }),
  }
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** "12 mars 2026 à 14:03:05" in the bank's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium', timeZone })
    dateTimeFormats.set(timeZone, format)
  }
  return format.format(date)
}

/** A payee credited often: its account number or phone number, and the holder's name when known. */
export interface FrequentPayee {
  compte: string
  /** Account transfers: the holder label written on the latest transfer to it; phone numbers have none. */
  holder?: string
}

/** used-freq: the payees this customer credited most by executed transfers, most used first. */
export async function frequentPayees(q: Queryable, customerId: string, kind: Exclude<TransferKind, 'card'>, limit = 5): Promise<FrequentPayee[]> {
  const rows = await q.query<{ payee_key: string; latest_payee: string }>(
    `select payee_key, (array_agg(payee order by executed_at desc))[1] as latest_payee
       from pending_transfers where customer_id = $1 and kind = $2 and state = 'executed'
      group by payee_key order by count(*) desc, max(executed_at) desc, payee_key limit $3`,
    [customerId, kind, limit],
  )
  // A mobile transfer's payee is the phone number itself: no name to add.
  return rows.map((r) => (kind === 'account' && r.latest_payee ? { compte: r.payee_key, holder: r.latest_payee } : { compte: r.payee_key }))
}

export interface ExecutedTransfer {
  reference: string
  kind: TransferKind
  customerName: string
  kcode: string
  debitAccount: string
  debitCurrency: string
  creditAccount: string
  payee: string
  amount: string
  currencySent: string
  debitAmount: string
  rate: string | null
  description: string
  balanceAfter: string
  executedAt: Date
}

/** An executed transfer of this customer's, for its receipt; undefined for any other. */
export async function findExecuted(q: Queryable, customerId: string, reference: string): Promise<ExecutedTransfer | undefined> {
  const [row] = await q.query<{
    reference: string
    kind: TransferKind
    name: string
    kcode: string
    debit_number: string
    debit_currency: string
    credit_number: string
    payee: string
    amount: string
    currency_sent: string
    debit_amount: string
    rate: string | null
    description: string
    balance_after: string
    executed_at: Date
  }>(
    `select p.reference, p.kind, c.name, c.kcode, d.number as debit_number, d.currency as debit_currency,
            cr.number as credit_number, p.payee, p.amount::text, p.currency_sent, p.debit_amount::text, p.rate::text,
            p.description, p.balance_after::text, p.executed_at
       from pending_transfers p
       join customers c on c.id = p.customer_id
       join accounts d on d.id = p.debit_account_id
       join accounts cr on cr.id = p.credit_account_id
      where p.reference = $1 and p.customer_id = $2 and p.state = 'executed'`,
    [reference, customerId],
  )
  if (!row) return undefined
  return {
    reference: row.reference,
    kind: row.kind,
    customerName: row.name,
    kcode: row.kcode,
    debitAccount: row.debit_number,
    debitCurrency: row.debit_currency,
    creditAccount: row.credit_number,
    payee: row.payee,
    amount: row.amount,
    currencySent: row.currency_sent,
    debitAmount: row.debit_amount,
    rate: row.rate,
    description: row.description,
    balanceAfter: row.balance_after,
    executedAt: row.executed_at,
  }
}

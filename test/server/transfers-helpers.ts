/**
 * Helpers of the transfer tests: calls, the code read from the outbox as a browser test would,
 * and snapshots of the tables a refused call must leave alone.
 */
import type { DemoCustomer } from '../../server/demo/demo-data.ts'
import { transferKindContract, type TransferKind } from '../../openapi/transfer-kinds.ts'
import { type ApiAnswer, type TestServer } from './harness.ts'

/** How a test (or a browser test) finds the code in an SMS or e-mail of the outbox. */
export const CODE_IN_TEXT = /Code de validation : (\d{8})/

/** The contract's transfer kind (account, momo, card). */
export type Kind = TransferKind
const askPath: Record<Kind, string> = {
  account: transferKindContract.account.askPath,
  momo: transferKindContract.momo.askPath,
  card: transferKindContract.card.askPath,
}
const confirmPath: Record<Kind, string> = {
  account: transferKindContract.account.confirmPath,
  momo: transferKindContract.momo.confirmPath,
  card: transferKindContract.card.confirmPath,
}

export function transferHelpers(server: () => TestServer) {
  const ask = (kind: Kind, token: string, body: unknown): Promise<ApiAnswer> => server().call(askPath[kind], { token, body })
  const confirm = (kind: Kind, token: string, code: string, validation: string): Promise<ApiAnswer> =>
    server().call(confirmPath[kind], { token, body: { code, token: validation } })

  /** The newest outbox message of a channel to a recipient. */
  async function lastMessage(channel: 'sms' | 'email', to: string): Promise<{ text: string; subject: string | null }> {
    const [row] = await server().db.query<{ body: string; subject: string | null }>(
      'select body, subject from outbox where channel = $1 and recipient = $2 order by id desc limit 1',
      [channel, to],
    )
    if (!row) throw new Error(`no ${channel} to ${to}`)
    return { text: row.body, subject: row.subject }
  }

  /** The code of the newest SMS to the customer, as a browser test reads it (regex). */
  async function codeSentTo(customer: Pick<DemoCustomer, 'contact'>): Promise<string> {
    const { text } = await lastMessage('sms', customer.contact.phone)
    const match = CODE_IN_TEXT.exec(text)
    if (!match) throw new Error(`no code in ${text}`)
    return match[1]!
  }

  /** Everything a refused or repeated call must leave as it was (sessions move at every call). */
  async function snapshot() {
    const [row] = await server().db.query<{
      pending: number
      states: string
      outbox: number
      transactions: number
      entries: number
      notifications: number
      balances: string
    }>(
      `select (select count(*)::int from pending_transfers) as pending,
              (select coalesce(string_agg(reference || ':' || state || ':' || tries_left, ',' order by id), '') from pending_transfers) as states,
              (select count(*)::int from outbox) as outbox,
              (select count(*)::int from ledger_transactions) as transactions,
              (select count(*)::int from ledger_entries) as entries,
              (select count(*)::int from notifications) as notifications,
              (select string_agg(number || '=' || balance::text, ',' order by id) from accounts) as balances`,
    )
    return row!
  }

  /** Sum of the balances per currency: transfers never change it. */
  async function totals(): Promise<Record<string, string>> {
    const rows = await server().db.query<{ currency: string; total: string }>(
      'select currency, sum(balance)::text as total from accounts group by currency order by currency',
    )
    return Object.fromEntries(rows.map((r) => [r.currency, r.total]))
  }

  async function balanceOf(number: string): Promise<string> {
    const [row] = await server().db.query<{ balance: string }>('select balance::text from accounts where number = $1', [number])
    if (!row) throw new Error(`no account ${number}`)
    return row.balance
  }

  return { ask, confirm, lastMessage, codeSentTo, snapshot, totals, balanceOf }
}

/** A code that is not `code` (for wrong-code cases). */
export function otherCode(code: string): string {
  return ((Number(code) + 1) % 100_000_000).toString().padStart(8, '0')
}

/**
 * Payees named before paying (rulings §9.2): the holder of a mobile-money number or a prepaid card
 * the bank knows (migration 051), looked up once the number is complete, as `details` names an
 * account's holder. Keys are those of pending_transfers.payee_key: the phone number, or
 * '<accountId>/<lastFour>'.
 */
import type { Queryable } from '../db/db.ts'

export type NamedPayee = { kind: 'momo'; phone: string } | { kind: 'card'; accountId: string; lastFour: string }

/** The key of a payee, as a transfer to it stores it (domain/transfer-ask.ts askTransfer). */
export function payeeKey(payee: NamedPayee): string {
  return payee.kind === 'momo' ? payee.phone : `${payee.accountId}/${payee.lastFour}`
}

/** The holder's name, or undefined when the bank does not know this payee. */
export async function findPayeeHolder(q: Queryable, payee: NamedPayee): Promise<string | undefined> {
  const [row] = await q.query<{ holder: string }>('select holder from payee_holders where kind = $1 and payee_key = $2', [payee.kind, payeeKey(payee)])
  return row?.holder
}

import type { TransferKind } from '../../openapi/transfer-kinds.ts'

/**
 * The heading of each transfer kind's screen (spec §2; rulings §1 for mobile and card): the name
 * of its module tile, the transfer screen's heading, and how the fault panel names the screen.
 */
export const transferHeadings = {
  /** The account transfer's screen: the spec quotes no title; the name of its module tile. */
  account: 'Transfert vers un autre compte',
  /** rulings §1 */
  momo: 'Transfert vers mobile',
  /** rulings §1: the source's "TRANSFERT MOBILE" / "Vérification solde" were copy errors */
  card: 'Transfert vers carte prépayée',
} as const satisfies Record<TransferKind, string>

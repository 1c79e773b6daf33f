import type { ModuleCode } from '../../../machines/shared/customer'

/** Where each module of spec §3 lives (spec §2 route table). Names come from the catalogue. */
export const moduleRoutes = {
  solde: '/app/balance',
  statement: '/app/statement',
  transfert: '/app/transfer',
  'mobile-money': '/app/momo',
  'card-visa': '/app/prepaid-card',
} as const satisfies Record<ModuleCode, string>

/** Tiles and menu entries follow the order of spec §1, whatever order the server answers. */
export const moduleOrder: readonly ModuleCode[] = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa']

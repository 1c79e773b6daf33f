/**
 * The signed-in customer as every flow knows it: the modules granted, the user of the shell, the
 * accounts. Written once here so that the flows do not point at the session or login machines.
 */
import type { components } from '../../openapi/schema'

/** spec §3: the module codes a customer can be granted (REQ-PRODUCT-04, REQ-DATA-01). */
export const MODULE_CODES = ['solde', 'statement', 'transfert', 'mobile-money', 'card-visa'] as const
export type ModuleCode = (typeof MODULE_CODES)[number]

/** Where each module of spec §3 lives (spec §2 route table). Names come from the catalogue. */
export const MODULE_ROUTES = {
  solde: '/app/balance',
  statement: '/app/statement',
  transfert: '/app/transfer',
  'mobile-money': '/app/momo',
  'card-visa': '/app/prepaid-card',
} as const satisfies Record<ModuleCode, string>

/** Tiles and menu entries follow the order of spec §1 (the order of MODULE_CODES), whatever order the server answers. */
export const grantedModules = (granted: readonly ModuleCode[]): ModuleCode[] => MODULE_CODES.filter((code) => granted.includes(code))

/** The signed-in customer as the shell shows it (spec §3 "Current user", rulings §3 name/kcode). */
export interface SessionUser {
  name: string
  kcode: string
  modules: ModuleCode[]
}

/** spec §3: an account of the customer (id, compte, currency). */
export type Account = components['schemas']['Account']

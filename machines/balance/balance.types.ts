/** The types of the balance flow: its input, context, events, and its actors' inputs and answers. */
import type { components } from '../../openapi/schema'
import { type BalanceFormValues } from './balance.form.ts'
import { type FieldErrors } from '../shared/form.ts'
import type { Account } from '../shared/customer.ts'

export interface BalanceInput {
  /** The customer's accounts, from the session's context. */
  accounts: Account[]
  /** The session could not load them (spec §8). */
  accountsFailed: boolean
}

export type BalanceField = keyof BalanceFormValues
export type BalanceValues = { [F in BalanceField]: string }

/** The input of `loadBalance` (POST balance: `code` = account number, `currency`). */
export interface LoadBalanceInput {
  compte: string
  currency: string
}

/** The answer of POST balance: the contract's BalanceResponse, or an error body. */
export type BalanceBody = components['schemas']['BalanceResponse'] & Partial<components['schemas']['ErrorBody']>

/**
 * What the `loadBalance` actor resolves with: the HTTP status and the body (`null` when it could
 * not be read). It rejects only when no answer came (network, timeout).
 */
export interface BalanceAnswer {
  status: number
  body: BalanceBody | null
}

/** The balance shown in the table (spec §2): raw values; `balanceScreen` formats the amount. */
export interface ShownBalance {
  /** The account number. */
  compte: string
  /** The contract's SignedAmount, a decimal string. */
  amount: string
  /** The contract's currency code ('1', '2', '3'). */
  currency: string
}

export interface BalanceContext {
  accounts: Account[]
  accountsFailed: boolean
  /** spec §8: no account, or they could not be loaded → `accounts.notLoaded`, click reloads. */
  accountsUnavailable: boolean
  /** The form: the selected account number. */
  values: BalanceValues
  /** field → message; set once `submitted` (spec §5). */
  errors: FieldErrors<BalanceValues>
  /** Whether the customer has tried to submit: errors show after a submit attempt (spec §5). */
  submitted: boolean
  /** The last balance read (`shown`), `null` otherwise. */
  shown: ShownBalance | null
}

export type BalanceEvent =
  | { type: 'field.change'; field: BalanceField; value: string }
  /** "Cliquer ici pour afficher le solde". */
  | { type: 'balance.submit' }
  /** The session's account list changed while the screen is open. */
  | { type: 'accounts.change'; accounts: Account[]; accountsFailed: boolean }
  /** The click on `accounts.notLoaded` (spec §8). */
  | { type: 'accounts.reload' }

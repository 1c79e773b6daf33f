/**
 * The field rules of the forms of spec §5 beyond the login form's (which only needs `required` and
 * `minLength`, in `form.ts`): each flow's `<flow>.form.ts` builds its form with them and the exact
 * messages of the catalogue (`messages.ts`, section `validation`). Plain code: no schema library is
 * sent to the customer's browser (the server checks the same fields with its own).
 */
import { required, type Check, type FieldRules } from './form.ts'

/** Required text whose surrounding blanks mean nothing (codes, descriptions, addresses): trimmed, then its checks. */
export const requiredText = (message: string, ...checks: Check[]): FieldRules => ({ trim: true, checks: [required(message), ...checks] })
/** Required secret (PIN, passwords): never trimmed, a blank is a character the customer typed. */
export const requiredSecret = (message: string, ...checks: Check[]): FieldRules => ({ trim: false, checks: [required(message), ...checks] })

/** A text matching `pattern`. */
export const matches =
  (pattern: RegExp, message: string): Check =>
  (value) =>
    pattern.test(value) ? undefined : message

/** Exactly `size` characters. */
export const exactLength =
  (size: number, message: string): Check =>
  (value) =>
    value.length === size ? undefined : message

/** Digits only (confirmation codes). */
export const DIGITS = /^\d+$/

/**
 * An e-mail address: the pattern of the schema library the forms used before (Zod 4's "practical"
 * e-mail check), kept as it was so that no address accepted or refused before changes.
 */
export const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** A calendar date yyyy-mm-dd (no 2024-02-30; 29 February in leap years only), as Zod 4's ISO date check. */
export const ISO_DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/

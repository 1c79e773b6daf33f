/**
 * The field builders of the zod/mini forms of spec §5 (every form but the login form, which is
 * written without zod: see `shared/form.ts`). Each flow's `<flow>.form.ts` builds its schema with
 * them and the exact messages of the catalogue (`messages.ts`, section `validation`).
 */
import * as z from 'zod/mini'

/** Required text whose surrounding blanks mean nothing (codes, descriptions, addresses): trimmed. */
export const requiredText = (required: string) => z.string().check(z.trim(), z.minLength(1, required))
/** Required secret (PIN, passwords): never trimmed, a blank is a character the customer typed. */
export const requiredSecret = (required: string) => z.string().check(z.minLength(1, required))

/** Digits only (confirmation codes). */
export const DIGITS = /^\d+$/

/**
 * Form schemas of spec §5 ("Validation rules") with the exact messages of the catalogue
 * (`messages.ts`, section `validation`), built with `zod/mini`. This module holds the field
 * builders of the forms in `flowForms.ts`, and re-exports `loginForm.ts`: the login form and the
 * helpers (`fieldErrors`, `isValid`), written without zod so that the login page (≤ 120 KiB of JS in
 * all) loads no schema library; the login machine imports that module itself.
 *
 * Each field lists its checks in the order the spec quotes them: the first failing check gives the
 * message shown under the field (`fieldErrors`). A blank value fails "required" first, so a blank
 * field always shows its "required" message.
 *
 * Values are what the inputs hold (strings; the photo is the chosen file). Machines validate with
 * `isValid` in a guard, store `fieldErrors` in their context after a submit attempt (spec §5:
 * errors show after a submit attempt), and send the parsed output (trimmed where noted).
 */
import * as z from 'zod/mini'

export * from './loginForm.ts'

/** Required text whose surrounding blanks mean nothing (codes, descriptions, addresses): trimmed. */
export const requiredText = (required: string) => z.string().check(z.trim(), z.minLength(1, required))
/** Required secret (PIN, passwords): never trimmed, a blank is a character the customer typed. */
export const requiredSecret = (required: string) => z.string().check(z.minLength(1, required))

/**
 * Form schemas of spec §5 ("Validation rules") with the exact messages of the catalogue
 * (`messages.ts`, section `validation`), built with `zod/mini`. This module holds the helpers, the
 * field builders and the login form; the other forms are in `flowForms.ts`, so that the login page
 * (≤ 120 KiB of JS in all) carries only the schema it uses.
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
import { validation as m } from './messages.ts'

/** Required text whose surrounding blanks mean nothing (codes, descriptions, addresses): trimmed. */
export const requiredText = (required: string) => z.string().check(z.trim(), z.minLength(1, required))
/** Required secret (PIN, passwords): never trimmed, a blank is a character the customer typed. */
export const requiredSecret = (required: string) => z.string().check(z.minLength(1, required))

// ---------------------------------------------------------------------------------------------
// Login (spec §5: login user code, login PIN)
// ---------------------------------------------------------------------------------------------

/** spec §9: "Login PIN minimum 5 characters". */
export const PIN_MIN_LENGTH = 5

export const loginForm = z.object({
  username: requiredText(m.userCodeRequired),
  password: requiredSecret(m.pinRequired).check(z.minLength(PIN_MIN_LENGTH, m.pinMin)),
})
export type LoginFormValues = z.input<typeof loginForm>
export type LoginField = keyof LoginFormValues

// ---------------------------------------------------------------------------------------------
// Helpers used by the machines' guards and actions
// ---------------------------------------------------------------------------------------------

/** field → message shown under it; a field without error is absent. */
export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>

type FormSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>

/** The first message of each invalid field (spec §5 order), `{}` when the form is valid. */
export function fieldErrors<S extends FormSchema>(schema: S, values: z.input<S>): FieldErrors<z.input<S>> {
  const result = schema.safeParse(values)
  const errors: Record<string, string> = {}
  if (result.success) return errors as FieldErrors<z.input<S>>
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message
  }
  return errors as FieldErrors<z.input<S>>
}

/** Whether the form may be submitted (spec §5: a form is submitted only when valid). */
export function isValid<S extends FormSchema>(schema: S, values: z.input<S>): boolean {
  return schema.safeParse(values).success
}

/**
 * The helpers every form's machine uses (`fieldErrors`, `isValid`), in plain code: the first screen
 * (/login, ≤ 120 KiB of JS in all) loads no schema library. The forms are zod/mini schemas
 * (`<flow>/<flow>.form.ts`, built with `fields.ts`), loaded with their screens, except the login
 * form (`login/login.form.ts`), written in plain code for the same reason.
 *
 * A form is anything that answers `safeParse` as a zod schema does: every zod/mini schema, and the
 * login form. Each field's checks run in the order the spec quotes them and the first failing one
 * gives the message shown under the field; a blank value fails "required" first.
 */
// Types only, erased from the bundle: the helpers read a zod schema's input type.
import type * as z from 'zod/mini'

// ---------------------------------------------------------------------------------------------
// Helpers used by the machines' guards and actions
// ---------------------------------------------------------------------------------------------

/** field → message shown under it; a field without error is absent. */
export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>

export interface Issue {
  path: readonly PropertyKey[]
  message: string
}

/** A form in plain code: it answers `safeParse` as a zod schema does, its issues naming the field first. */
export interface PlainForm<Values> {
  safeParse(values: Values): { success: true } | { success: false; error: { issues: readonly Issue[] } }
}

/** A zod/mini schema of a flow's form, or a plain form (the login form). */
type Form = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>> | PlainForm<never>
/** The values a form checks: what the inputs hold. */
type ValuesOf<F extends Form> = F extends z.ZodMiniType ? z.input<F> : F extends PlainForm<infer Values> ? Values : never

/** The first message of each invalid field (spec §5 order; REQ-VAL-01), `{}` when the form is valid. */
export function fieldErrors<F extends Form>(form: F, values: ValuesOf<F>): FieldErrors<ValuesOf<F>> {
  const result = form.safeParse(values as never)
  const errors: Record<string, string> = {}
  if (result.success) return errors as FieldErrors<ValuesOf<F>>
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message
  }
  return errors as FieldErrors<ValuesOf<F>>
}

/** Whether the form may be submitted (spec §5, REQ-VAL-01: a form is submitted only when valid). */
export function isValid<F extends Form>(form: F, values: ValuesOf<F>): boolean {
  return form.safeParse(values as never).success
}

/**
 * The login form of spec §5 (login user code, login PIN) and the helpers every form's machine uses
 * (`fieldErrors`, `isValid`), in plain code: the first screen (/login, ≤ 120 KiB of JS in all) loads
 * no schema library. The other forms are zod/mini schemas (`forms.ts`, `flowForms.ts`), loaded with
 * their screens; `forms.ts` re-exports this module, the one way in for everything but the login
 * machine.
 *
 * A form is anything that answers `safeParse` as a zod schema does: every zod/mini schema, and the
 * login form below. Each field's checks run in the order the spec quotes them and the first failing
 * one gives the message shown under the field; a blank value fails "required" first.
 */
// Types only, erased from the bundle: the helpers read a zod schema's input type.
import type * as z from 'zod/mini'
import { validation as m } from './messages.ts'

// ---------------------------------------------------------------------------------------------
// Helpers used by the machines' guards and actions
// ---------------------------------------------------------------------------------------------

/** field → message shown under it; a field without error is absent. */
export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>

interface Issue {
  path: readonly PropertyKey[]
  message: string
}

/** A form in plain code: it answers `safeParse` as a zod schema does, its issues naming the field first. */
interface PlainForm<Values> {
  safeParse(values: Values): { success: true } | { success: false; error: { issues: readonly Issue[] } }
}

/** A zod/mini schema of `forms.ts`/`flowForms.ts`, or a plain form (the login form). */
type Form = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>> | PlainForm<never>
/** The values a form checks: what the inputs hold. */
type ValuesOf<F extends Form> = F extends z.ZodMiniType ? z.input<F> : F extends PlainForm<infer Values> ? Values : never

/** The first message of each invalid field (spec §5 order), `{}` when the form is valid. */
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

/** Whether the form may be submitted (spec §5: a form is submitted only when valid). */
export function isValid<F extends Form>(form: F, values: ValuesOf<F>): boolean {
  return form.safeParse(values as never).success
}

// ---------------------------------------------------------------------------------------------
// Login (spec §5: login user code, login PIN)
// ---------------------------------------------------------------------------------------------

/** spec §9: "Login PIN minimum 5 characters". */
export const PIN_MIN_LENGTH = 5

export interface LoginFormValues {
  username: string
  password: string
}
export type LoginField = keyof LoginFormValues

/** A check: the message when the value fails it. */
type Check = (value: string) => string | undefined
const required = (message: string): Check => (value) => (value.length < 1 ? message : undefined)
const minLength = (min: number, message: string): Check => (value) => (value.length < min ? message : undefined)

/** A field: whether its value is trimmed before the checks, and its checks in spec order. */
interface FieldRules {
  trim: boolean
  checks: Check[]
}

const loginFields: Record<LoginField, FieldRules> = {
  // A text whose surrounding blanks mean nothing: a user code of blanks only is empty.
  username: { trim: true, checks: [required(m.userCodeRequired)] },
  // A secret is never trimmed: a blank is a character the customer typed.
  password: { trim: false, checks: [required(m.pinRequired), minLength(PIN_MIN_LENGTH, m.pinMin)] },
}

export const loginForm = {
  /** The fields and their rules (the traceability checker reads the names here). */
  fields: loginFields,
  /** The values, trimmed where noted, or the first failing check of each invalid field. */
  safeParse(values: LoginFormValues) {
    const data = { ...values }
    const issues: Issue[] = []
    for (const [field, { trim, checks }] of Object.entries(loginFields) as [LoginField, FieldRules][]) {
      if (trim) data[field] = data[field].trim()
      const message = checks.map((check) => check(data[field])).find((failed) => failed !== undefined)
      if (message !== undefined) issues.push({ path: [field], message })
    }
    return issues.length === 0 ? ({ success: true, data } as const) : ({ success: false, error: { issues } } as const)
  },
}

/**
 * The forms of spec §5 in plain code, and the helpers every form's machine uses (`fieldErrors`,
 * `isValid`). No schema library: the first screen (/login, ≤ 120 KiB of JS in all) loads none, and
 * the everyday screens no longer carry one either (Zod's mini build was ~5 KB of a first session's
 * mobile data, for a dozen checks). Zod stays on the server, which checks the same fields.
 *
 * A form is a list of fields, each with its checks in the order the spec quotes them (`field`),
 * and, for a form whose fields are read together, checks of the whole (`plainForm`'s `whole`).
 * Every check runs; the first failing one of a field gives the message shown under it; a blank value
 * fails "required" first. Its `safeParse` answers as a Zod schema's did, so that a machine reads
 * every form alike.
 *
 * Only what the login form needs lives here (this module is part of the sign-in page's code); the
 * other checks (pattern, exact length, e-mail, calendar date) are in `fields.ts`, loaded with their
 * screens.
 */

// ---------------------------------------------------------------------------------------------
// Helpers used by the machines' guards and actions
// ---------------------------------------------------------------------------------------------

/** field → message shown under it; a field without error is absent. */
export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>

export interface Issue {
  path: readonly PropertyKey[]
  message: string
}

type ParseResult<Values> = { success: true; data: Values } | { success: false; error: { issues: readonly Issue[] } }

/** What the helpers read of a form: `safeParse`, its issues naming the field first, in the order of the fields and their checks. */
export interface Parses<Values> {
  safeParse(values: Values): ParseResult<unknown>
}

/** A form: its fields and their rules, and `safeParse`. */
export interface PlainForm<Values> extends Parses<Values> {
  /** The fields and their rules (the traceability checker reads the names here). */
  readonly fields: { readonly [K in keyof Values]: FieldRules<Values[K]> }
  safeParse(values: Values): ParseResult<Values>
}

/** The first message of each invalid field (spec §5 order; REQ-VAL-01), `{}` when the form is valid. */
export function fieldErrors<Values>(form: Parses<Values>, values: Values): FieldErrors<Values> {
  const result = form.safeParse(values)
  const errors: Record<string, string> = {}
  if (result.success) return errors as FieldErrors<Values>
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message
  }
  return errors as FieldErrors<Values>
}

/** Whether the form may be submitted (spec §5, REQ-VAL-01: a form is submitted only when valid). */
export function isValid<Values>(form: Parses<Values>, values: Values): boolean {
  return form.safeParse(values).success
}

// ---------------------------------------------------------------------------------------------
// Building a form
// ---------------------------------------------------------------------------------------------

/** A check: the message when the value fails it, else undefined. */
export type Check<Value = string> = (value: Value) => string | undefined

/** A field: whether its text is trimmed before the checks (and in the parsed values), and its checks in spec order. */
export interface FieldRules<Value = string> {
  readonly trim: boolean
  readonly checks: readonly Check<Value>[]
}

/** A value that must not be blank. */
export const required =
  (message: string): Check =>
  (value) =>
    value.length < 1 ? message : undefined

/** At least `min` characters. */
export const minLength =
  (min: number, message: string): Check =>
  (value) =>
    value.length < min ? message : undefined

/** A check of the whole form (fields read together): the field it is shown under and its message, else undefined. */
export type WholeCheck<Values> = (values: Values) => Issue | undefined

/**
 * A form of `fields` (and checks of the whole, run after the fields', whatever their outcome).
 * Text values are trimmed where the field says so before its checks; the parsed values are the
 * fields' only, trimmed.
 */
export function plainForm<Values>(
  fields: { readonly [K in keyof Values]: FieldRules<Values[K]> },
  whole: readonly WholeCheck<Values>[] = [],
): PlainForm<Values> {
  const entries = Object.entries(fields) as [keyof Values & string, FieldRules<unknown>][]
  return {
    fields,
    safeParse(values) {
      const data = {} as Record<string, unknown>
      const issues: Issue[] = []
      for (const [field, { trim, checks }] of entries) {
        const given = values[field]
        const value = trim && typeof given === 'string' ? given.trim() : given
        data[field] = value
        for (const check of checks) {
          const message = check(value)
          if (message !== undefined) issues.push({ path: [field], message })
        }
      }
      for (const check of whole) {
        const issue = check(data as Values)
        if (issue) issues.push(issue)
      }
      return issues.length === 0 ? { success: true, data: data as Values } : { success: false, error: { issues } }
    },
  }
}

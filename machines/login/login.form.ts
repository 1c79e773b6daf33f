/**
 * The login form of spec §5 (login user code, login PIN; REQ-VAL-10, REQ-VAL-11), in plain code: the first screen (/login,
 * ≤ 120 KiB of JS in all) loads no schema library. It answers `safeParse` as a zod schema does, so
 * the helpers of `shared/form.ts` read it as any other form.
 */
import { signInValidation as m } from '../messages/core.ts'
import type { Issue } from '../shared/form.ts'

// ---------------------------------------------------------------------------------------------
// Login (spec §5: login user code, login PIN)
// ---------------------------------------------------------------------------------------------

/** spec §9: "Login PIN minimum 5 characters". */
const PIN_MIN_LENGTH = 5

export interface LoginFormValues {
  username: string
  password: string
}
export type LoginField = keyof LoginFormValues

/** A check: the message when the value fails it. */
type Check = (value: string) => string | undefined
const required =
  (message: string): Check =>
  (value) =>
    value.length < 1 ? message : undefined
const minLength =
  (min: number, message: string): Check =>
  (value) =>
    value.length < min ? message : undefined

/** A field: whether its value is trimmed before the checks, and its checks in spec order. */
interface FieldRules {
  trim: boolean
  checks: Check[]
}

const loginFields: Record<LoginField, FieldRules> = {
  // A text whose surrounding blanks mean nothing: a user code of blanks only is empty (REQ-CHOICE-02).
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

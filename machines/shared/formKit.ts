/**
 * The implementations every form's machine shares: the guards `isFormValid` and `wasSubmitted`, the
 * actions `setField`, `validate` and `markSubmitted`. Only the implementations are shared: each
 * chart still writes its `field.change` and submit branches out literally, and each `setup` still
 * names (and documents) these guards and actions, so an auditor reads one chart as one specification.
 */
import { assign, type EventObject } from 'xstate'
import type { FieldErrors } from './form.ts'

/** What a form's machine keeps in its context. */
export interface FormContext<Values> {
  values: Values
  errors: FieldErrors<Values>
  submitted: boolean
}

/** The event of a typed or chosen value, as every form's chart names it. */
interface FieldChange extends EventObject {
  field: string
  value: unknown
}

/**
 * The implementations for a form whose errors are `errorsOf(context)` (the form's schema, plus any
 * rule that needs the context, such as "an account of the list"). `setField` takes the
 * `field.change` event as its params (a form of several values: `values` in the context).
 */
export function formKit<Context extends Omit<FormContext<object>, 'values'>, Event extends EventObject>(errorsOf: (context: Context) => Context['errors']) {
  return {
    isFormValid: ({ context }: { context: Context }) => Object.keys(errorsOf(context)).length === 0,
    wasSubmitted: ({ context }: { context: Context }) => context.submitted,
    setField: assign<Context, Event, Event, Event, never>(({ context }, event) => {
      const change = event as EventObject as FieldChange
      const { values } = context as Context & { values: object }
      return { values: change.type === 'field.change' ? { ...values, [change.field]: change.value } : values } as unknown as Partial<Context>
    }),
    validate: assign<Context, Event, undefined, Event, never>(({ context }) => ({ errors: errorsOf(context) }) as Partial<Context>),
    markSubmitted: assign<Context, Event, undefined, Event, never>({ submitted: true } as never),
  }
}

/**
 * The traceability records: which part of the portal implements a requirement of
 * docs/requirements.md or one of its quoted texts (a machine state, a form, a schema of the
 * contract, a catalogue entry, a server module) and which tests check it.
 * The records are data (`section4.ts`, `section5.ts`, `section8.ts`); `check.ts` verifies that
 * every reference exists, and the table (`docs/traceability.md`) shows what is left uncovered.
 */

/** Where a requirement is implemented. Every kind is checked against the repository. */
export type Implementation =
  /** A state of a machine (`machines/registry.ts` id; dotted path from the root), optionally one of its events. */
  | { machine: string; state: string; event?: string }
  /** A form of `formRegistry` in `machines/registry.ts` (its export name), optionally one field. */
  | { form: string; field?: string }
  /** A schema of `openapi/portal.yaml` (`components.schemas`). */
  | { schema: string }
  /** An operation of the contract (its `operationId`). */
  | { operation: string }
  /** A catalogue entry, `namespace.key` (`machines/messages.ts`). */
  | { catalogue: string }
  /** Any file of the repository, optionally a name that must appear in it. */
  | { file: string; symbol?: string }

/**
 * A test, written `path > title`: the test file and its title (or a fragment of it, unique
 * enough to find it: at least 12 characters).
 */
export type TestRef = `test/${string} > ${string}`

export interface Trace {
  /** The items this record covers (`REQ-…` ids of docs/requirements.md, `.m1` for a quoted text): a rule and its messages often go together. */
  items: string[]
  by: Implementation[]
  tests: TestRef[]
  /** What an auditor should know: a ruling that replaces the spec's text, a choice of docs/decisions.md. */
  note?: string
}

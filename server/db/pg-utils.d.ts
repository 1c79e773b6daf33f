/** `pg`'s conversion of a JavaScript value to a parameter (node-postgres, lib/utils.js; no types of its own). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null
}

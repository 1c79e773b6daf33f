/** Small Markdown helpers for the generated documents (GitHub-flavoured). */

/** Text inside a table cell: no pipe, no line break, no HTML. */
export const cell = (text: string): string => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `name` as code, safe in a table cell. */
export const code = (text: string): string => '`' + text.replace(/`/g, "'").replace(/\|/g, '\\|') + '`'

/** A table; each row's cells are already Markdown (see `cell` and `code`). */
export function table(headers: string[], rows: string[][]): string[] {
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)]
}

/** Strings sorted the same on every machine (no locale). */
export const sorted = (values: Iterable<string>): string[] => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

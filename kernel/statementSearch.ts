/**
 * The statement search, shared by the browser and the server (the kernel: read by both).
 *
 * What a statement search matches (REQ-SCREEN-STMT-02: a field that narrows the lines by label, reference or
 * amount), written once for the screen and the server: the screen narrows the lines it holds with
 * `matchesLine`, the server matches `searchRegex` of the same `searchOf` in SQL, so that a
 * statement narrows the same way whether its lines are on the page or on the server.
 *
 * - Text: the search, trimmed, is looked for inside the line's label and inside its reference,
 *   ignoring case and the accents of French (`é` finds `e` and `É`).
 * - Amount: a search that reads as an amount (`150`, `150,5`, `1 234,56`, `1234.56`; spaces between
 *   thousands allowed) also finds the lines whose debit or credit is that amount: exactly when it
 *   has decimals (`150,50`), any amount of those whole units when it has none (`150` finds 150,00
 *   and 150,75, not 1 500,00).
 */

/** Accented letters of French and their plain lowercase letter, one for one. */
export const FOLD_FROM = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ'
export const FOLD_TO = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy'

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]))

/** Lower case without French accents. */
export function fold(text: string): string {
  let out = ''
  for (const c of text.toLowerCase()) out += FOLD.get(c) ?? c
  return out
}

export interface StatementSearch {
  /** The search folded (`fold`), looked for in the label and the reference. */
  text: string
  /** The amount it reads as, in cents, with decimals: the lines of exactly that amount. */
  cents: bigint | null
  /** The amount it reads as, in whole units, without decimals: the lines of those units. */
  units: bigint | null
}

/** Digits with spaces between thousands (plain, no-break, narrow no-break), then 1 or 2 decimals. */
const AMOUNT = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/
/** An amount of at most 15 whole digits (numeric(18, 2) of the ledger holds 16). */
const MAX_DIGITS = 15

/** The search of a text; `null` for a blank one (no search: every line). */
export function searchOf(raw: string | undefined | null): StatementSearch | null {
  const trimmed = (raw ?? '').trim()
  if (trimmed === '') return null
  const amount = AMOUNT.exec(trimmed)
  const digits = amount ? amount[1]!.replace(/\D/g, '') : ''
  if (!amount || digits.length > MAX_DIGITS) return { text: fold(trimmed), cents: null, units: null }
  const decimals = amount[2]
  return decimals === undefined
    ? { text: fold(trimmed), cents: null, units: BigInt(digits) }
    : { text: fold(trimmed), cents: BigInt(digits) * 100n + BigInt(decimals.padEnd(2, '0')), units: null }
}

/**
 * The search's text as a PostgreSQL regular expression that matches the same texts as `fold`
 * (`électricité` and `ELECTRICITE` for `electricite`): each letter a class of every character that
 * folds to it (`[eEéèêëÉÈÊË]`), any other character literal (`\%`). Plain characters and classes
 * only, so no backtracking. Rather than folding each line in SQL: `translate` over 50,000 labels
 * cost PostgreSQL 1.5 s (a multibyte table, character by character), these classes a tenth.
 */
export function searchRegex(search: StatementSearch): string {
  let pattern = ''
  for (const c of search.text) {
    const variants = FOLDS_TO.get(c) ?? (c.toUpperCase() !== c && [...c.toUpperCase()].length === 1 ? [c, c.toUpperCase()] : null)
    // an ASCII sign escaped (`\%`); digits and other characters as they are (none of them is an operator)
    pattern += variants ? `[${variants.join('')}]` : /[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e ]/.test(c) ? `\\${c}` : c
  }
  return pattern
}

/** Each plain lowercase letter and every character that folds to it (itself and its capital first). */
const FOLDS_TO = new Map<string, string[]>()
for (const c of 'abcdefghijklmnopqrstuvwxyz') FOLDS_TO.set(c, [c, c.toUpperCase()])
for (const [accented, plain] of FOLD) FOLDS_TO.get(plain)!.push(accented)

/** The cents of a line's debit or credit ("1234.50"), `null` when empty or unreadable. */
function centsOf(amount: string | undefined): bigint | null {
  const match = /^-?(\d+)(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim())
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null
}

/** The fields of a line the search reads (the contract's Transaction). */
export interface SearchedLine {
  num_transaction: string
  description: string
  debit?: string
  credit?: string
}

/** Whether a line matches the search (as the server's SQL does). */
export function matchesLine(line: SearchedLine, search: StatementSearch): boolean {
  if (fold(line.description).includes(search.text) || fold(line.num_transaction).includes(search.text)) return true
  if (search.cents === null && search.units === null) return false
  const cents = centsOf(line.debit) ?? centsOf(line.credit)
  if (cents === null) return false
  return search.cents !== null ? cents === search.cents : cents / 100n === search.units
}

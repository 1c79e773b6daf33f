/**
 * Date fields read and show jj/mm/aaaa whatever the browser's language: a native date input follows
 * the browser's locale (an English phone shows mm/dd/yyyy), so the statement's dates are text
 * inputs converted here. Hand-written because it is one fixed format and two regular expressions;
 * whether the date exists (no 31/02) is the form's rule (machines: statementForm), not the view's.
 *
 * The form keeps yyyy-mm-dd (spec §9). What the customer types goes to the form as yyyy-mm-dd once
 * it reads as a day, a month and a four-digit year; anything else goes as typed, and the form says
 * "Saisir une date au format jj/mm/aaaa".
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/

const two = (n: string) => n.padStart(2, '0')

/** The form's yyyy-mm-dd as jj/mm/aaaa; any other text as it is. */
export function dateToText(value: string): string {
  const iso = ISO.exec(value)
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value
}

/** What the customer typed, as the form's yyyy-mm-dd when it reads as a date; otherwise as typed. */
export function textToDate(text: string): string {
  const trimmed = text.trim()
  const parts = DAY_FIRST.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed)
  if (parts) return `${parts[3]}-${two(parts[2]!)}-${two(parts[1]!)}`
  return text
}

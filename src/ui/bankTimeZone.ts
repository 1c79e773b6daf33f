/**
 * Every time on screen is in the bank's time zone (its TIME_ZONE setting), as receipts, SMS and
 * notifications are: a customer abroad reads the same time on the screen as on the receipt. The
 * sign-in answer tells the zone (`timeZone`); it is kept in session storage with the session, so a
 * reload keeps it. Before sign-in, or from a server that does not say, the browser's zone is used.
 *
 * This module is the zone alone (the sign-in page keeps it); `bankTime.ts` formats times in it.
 */
const KEY = 'bank-time-zone'

/**
 * Zones already found valid: every time on screen asks for the zone, and making a formatter to
 * check it costs milliseconds on a phone (a page of a long statement shows a hundred times).
 */
const knownZones = new Set<string>()

function isKnownZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false
  if (knownZones.has(zone)) return true
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone })
    knownZones.add(zone)
    return true
  } catch {
    return false
  }
}

/** Keeps the zone of the sign-in answer; anything that is not a known IANA zone is ignored. */
export function rememberBankTimeZone(zone: unknown): void {
  if (isKnownZone(zone)) sessionStorage.setItem(KEY, zone)
}

export function bankTimeZone(): string {
  const kept = sessionStorage.getItem(KEY)
  return isKnownZone(kept) ? kept : Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** Texts of the portal's comforts: the bank's time zone, copying a reference, date fields, the phone's top bar. */

/** "Africa/Kinshasa" → "Kinshasa": the city part of an IANA zone, as people name it. */
const cityOf = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ')

export const bankTime = {
  /** After a time of day: "(heure de Kinshasa)"; the receipts say the same. */
  zone: (zone: string) => `heure de ${cityOf(zone)}`,
  /** Once above a list of times (statement, notifications). */
  timesIn: (zone: string) => `Heures indiquées en heure de ${cityOf(zone)}.`,
} as const

export const copyText = {
  copyReference: 'Copier la référence',
  copied: 'Référence copiée.',
  failed: "La référence n'a pas pu être copiée : sélectionnez-la pour la copier.",
} as const

export const dateField = {
  placeholder: 'jj/mm/aaaa',
  hint: 'Format : jj/mm/aaaa',
} as const

export const topBar = {
  /** The phone's top bar: said before the name of who is signed in (hidden on screen, read aloud). */
  signedInAs: 'Connecté : ',
} as const

/**
 * rulings §9.4 — "Sessions et appareils" (link from "Mon profil"): the customer's open sessions and
 * the buttons that end them. The ruling's words: the title, "Ouverte le …", "Dernière activité …",
 * "Cette session", "Fermer cette session", "Fermer toutes les autres sessions"; the rest is ours.
 */
export const sessionList = {
  title: 'Sessions et appareils',
  intro:
    'Les navigateurs et appareils où vous êtes connecté à votre banque en ligne. Fermez une session que vous ne reconnaissez pas, puis changez votre code PIN.',
  /** The list's accessible name. */
  listLabel: 'Sessions ouvertes',
  /** How a session is named: the browser and the system read from its User-Agent. */
  device: (browser: string, system: string) => `${browser} sur ${system}`,
  unknownDevice: 'Appareil non reconnu',
  addressLabel: 'Adresse',
  unknownAddress: 'inconnue',
  openedAt: 'Ouverte le',
  lastSeenAt: 'Dernière activité',
  current: 'Cette session',
  endOne: 'Fermer cette session',
  endOthers: 'Fermer toutes les autres sessions',
  /** The confirmation dialogs. */
  confirmOneTitle: 'Fermer cette session ?',
  confirmOneText: (device: string) => `La session « ${device} » sera fermée tout de suite : il faudra s'y reconnecter avec le code PIN.`,
  confirmOthersTitle: 'Fermer toutes les autres sessions ?',
  confirmOthersText: (n: number) =>
    n === 1
      ? "L'autre session ouverte sera fermée tout de suite. Celle-ci reste ouverte."
      : `Les ${n} autres sessions ouvertes seront fermées tout de suite. Celle-ci reste ouverte.`,
  confirmOne: 'Fermer la session',
  confirmOthers: 'Fermer les autres sessions',
  cancel: 'Annuler',
  /** Only the current session is open. */
  noOther: "Aucune autre session n'est ouverte.",
  /** The answers. */
  ended: 'La session a été fermée.',
  alreadyEnded: 'Cette session était déjà fermée.',
  loadError: "Vos sessions n'ont pu être chargées, cliquez pour réessayer",
  endError: "La session n'a pu être fermée. Veuillez réessayer.",
  endOthersError: "Les autres sessions n'ont pu être fermées. Veuillez réessayer.",
  /** The link of "Mon profil". */
  profileLink: 'Sessions et appareils',
} as const

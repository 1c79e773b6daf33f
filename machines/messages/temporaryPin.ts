/**
 * rulings §9.5 — "Choisissez un nouveau code PIN": the screen that replaces the PIN a reset sent
 * (fields: PIN reçu, nouveau PIN, confirmation; the rules of /app/update-password). The title is the
 * ruling's; the rest is ours.
 */
export const temporaryPin = {
  title: 'Choisissez un nouveau code PIN',
  intro:
    "Le code PIN reçu par SMS ne sert qu'à cette connexion. Choisissez maintenant votre propre code PIN : les autres pages de votre banque en ligne s'ouvriront ensuite.",
  oldPasswordLabel: 'PIN reçu',
  passwordLabel: 'Nouveau PIN',
  password2Label: 'Confirmation du nouveau PIN',
  submit: 'Enregistrer mon nouveau PIN',
  /** The required-field messages, in the screen's words (the lengths' message stays spec §5's). */
  oldPasswordRequired: 'Saisir le PIN reçu',
  passwordRequired: 'Saisir le nouveau PIN',
  /** Shown on the dashboard once changed. */
  changed: 'Votre nouveau code PIN est enregistré.',
} as const

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
  /**
   * rulings §6.2: the change's answer never came, or said neither success nor refusal — the new PIN
   * may be recorded (then the PIN received no longer works), so a second try would be refused.
   */
  unknownTitle: 'Résultat inconnu',
  unknown:
    "Nous n'avons pas pu confirmer l'enregistrement de votre nouveau code PIN. Il a peut-être été enregistré : déconnectez-vous, puis connectez-vous avec votre nouveau code PIN. S'il est refusé, utilisez « Code pin oublié » sur la page de connexion pour en recevoir un nouveau.",
  unknownSignOut: 'Se déconnecter',
} as const

/** Messages of later flows (spec §2, §4, §8), kept here so that the whole catalogue is in one place. */
export const pinReset = {
  askTitle: 'PIN oublié ?',
  askSubmit: 'Envoyer la demande',
  confirmTitle: 'Confirmation',
  confirmSubtitle: 'Terminer la réinitialisation de votre PIN',
  confirmSubmit: 'Cliquer pour confirmer',
  backToLogin: 'Retour à la connexion',
  signIn: 'Se connecter',
  askNetworkError: 'Une erreur lors du traitement de votre transaction',
  confirmUnknownStatus: 'Une erreur lors du traitement de votre demande',
  /** spec §2: the message shown after success, above "Se connecter"; it says where the new PIN went
   * (the server sends it by SMS and by e-mail), so the customer knows where to look. */
  success: 'Votre code PIN a été réinitialisé. Le nouveau code PIN vous a été envoyé par SMS et par e-mail. Vous pouvez vous connecter.',
  /**
   * rulings §6.2: the confirm's answer never came (network failure, time-out, an answer lost after
   * the reset was made), or said neither success nor refusal: the new PIN may have been sent.
   */
  confirmUnknownTitle: 'Résultat inconnu',
  confirmUnknown:
    "Nous n'avons pas pu confirmer la réinitialisation de votre PIN. Un nouveau code PIN vous a peut-être été envoyé par SMS et par e-mail : consultez vos messages avant de refaire une demande.",
  compteLabel: 'Code utilisateur',
  comptePlaceholder: 'K0000000',
  tokenLabel: 'Code de confirmation',
  tokenPlaceholder: '12345678',
} as const

export const password = {
  title: 'MODIFICATION MOT DE PASSE',
  changeError: 'Une erreur lors de la modification de votre mot de passe',
  /** spec §4: status '0' gives a success message (its text is not quoted). */
  success: 'Votre mot de passe a été modifié avec succès.',
  oldPasswordLabel: 'Ancien mot de passe',
  passwordLabel: 'Nouveau mot de passe',
  password2Label: 'Répéter le mot de passe',
  submit: 'Modifier le mot de passe',
  /**
   * rulings §6.2: no answer came (network failure, time-out, an answer lost after the change was
   * made), or an answer that says neither success nor refusal: the change may have been made.
   */
  unknownTitle: 'Résultat inconnu',
  unknown:
    "Nous n'avons pas pu confirmer la modification de votre mot de passe. Elle a peut-être été effectuée : ne la refaites pas maintenant, et à votre prochaine connexion, essayez d'abord votre nouveau mot de passe.",
  unknownBack: 'Retour à mon profil',
} as const

export const password = {
  title: 'MODIFICATION MOT DE PASSE',
  changeError: 'Une erreur lors de la modification de votre mot de passe',
  /** spec §4: status '0' gives a success message (its text is not quoted). */
  success: 'Votre mot de passe a été modifié avec succès.',
  oldPasswordLabel: 'Ancien mot de passe',
  passwordLabel: 'Nouveau mot de passe',
  password2Label: 'Répéter le mot de passe',
  submit: 'Modifier le mot de passe',
} as const

export const profile = {
  title: 'Mon profil',
  codePrefix: 'Code : ',
  editPhoto: 'Modifier photo',
  editContact: 'Modifier mes données',
  resetPassword: 'Réinitialiser le mot de passe',
  contactTitle: 'METTRE A JOUR MES DONNEES',
  contactSent: 'Envoyé',
  pictureTitle: 'MISE A JOUR PHOTO',
  updateError: 'Une erreur lors de votre transfert, veuillez réessayer',
  /** The message kept for the profile page when photo/update answers code '0' without one. */
  pictureSent: 'Votre photo a été mise à jour.',
  /** The profile's contact data could not be read (spec silent). */
  loadError: "Vos données n'ont pu être chargées, cliquez pour réessayer",
  photoLabel: 'Photo (JPEG, PNG ou WebP, 2 Mo au plus)',
  submit: 'Enregistrer',
  emailLabel: 'E-mail',
  countryLabel: 'Pays',
  chooseCountry: 'Choisir un pays',
  phoneLabel: 'Téléphone',
  addressLabel: 'Adresse',
  /** The preview of the chosen file on the photo page. */
  previewAlt: 'Aperçu de la photo choisie',
  /** The list of the profile's links (accessible name). */
  actionsLabel: 'Actions du profil',
} as const

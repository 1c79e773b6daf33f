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
  /** The profile's (and the contact form's) contact data could not be read (spec silent). */
  loadError: "Vos données n'ont pu être chargées, cliquez pour réessayer",
  /** The contact form's country list could not be read (spec silent; worded as spec §8's accounts message). */
  countriesLoadError: "La liste des pays n'a pu être chargée, cliquez pour réessayer",
  /** The current country while the list is not there, when its French name is not known either (never a code). */
  savedCountry: 'Pays enregistré',
  photoLabel: 'Photo (JPEG, PNG ou WebP, 2 Mo au plus)',
  /** The button that opens the file chooser (the browser's own would speak its language: "Choose File"). */
  choosePhoto: 'Choisir une photo',
  /** Beside it, until a file is chosen. */
  noPhotoChosen: 'Aucun fichier choisi',
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

/** The bank's name fills `{provider}` in the blocked-access message (rulings §1); a setting. */
export const DEFAULT_BANK_NAME = 'votre banque'

export const login = {
  title: 'Connexion',
  userCodePlaceholder: 'Code utilisateur',
  pinPlaceholder: 'Code pin',
  userCodeLabel: 'Code utilisateur',
  pinLabel: 'Code pin',
  submit: 'Connexion',
  forgotPin: 'Code pin oublié',
  loading: 'Connexion en cours…',
  /** spec §8 — HTTP 403 */
  wrongCredentials: 'Code utilisateur ou code pin incorrect',
  /** spec §8 — HTTP 401 without a code in the body */
  blocked: (provider: string) => `Accès web banking bloqué. Veuillez contacter ${provider}`,
  /** spec §8 — any other HTTP error (also a network failure or a timeout) */
  connectionError: 'Une erreur lors de votre connexion. Veuillez contacter le support',
  /** spec §4 / §8 — an answer with neither a usable code nor a token */
  unusableAnswer: 'Une erreur lors de votre authentification. Veuillez contacter le support si ça persiste',
} as const

/** Form rules of spec §5, messages exactly as quoted. */
export const validation = {
  userCodeRequired: 'Veuillez saisir le code',
  pinRequired: 'Veuillez saisir le mot de passe',
  pinMin: 'Veuillez saisir minimun 5 caractères',
  resetCodeRequired: 'Veuillez saisir le code',
  tokenRequired: 'Saisir le code token',
  tokenTooShort: 'Le code saisi est trop court',
  tokenDigits: 'Saisir correctement le code',
  debitAccountRequired: 'Veuillez sélectionner un compte',
  amountRequired: 'Saisir le montant de la transaction',
  amountFormat: 'Saisir correctement le montant',
  creditAccountRequired: 'Saisir le code du compte à créditer',
  creditAccountLength: 'Le code saisi est trop court',
  currencyRequired: 'Veuillez sélectionner une devise',
  /** rulings §1: the correct-French reading */
  momoNumberRequired: 'Saisir le numéro de compte à créditer',
  momoNumberFormat: 'Le numéro saisi est incorrect',
  descriptionRequired: 'Saisir une description',
  descriptionTooShort: 'La description est trop courte',
  cardAccountRequired: 'Saisir le numéro de compte de la carte à créditer',
  /** spec §5 keeps the typo "saisit" for the card account id */
  cardAccountFormat: 'Le numéro saisit est incorrect',
  lastFourRequired: 'Saisir le 4 derniers chiffres de votre carte',
  lastFourFormat: 'Les 4 derniers chiffres sont incorrects',
  oldPasswordRequired: "Saisir l'ancien mot de passe",
  oldPasswordMin: 'Saisir minimun 5 caracteres',
  passwordRequired: 'Saisir le mot de passe',
  passwordMin: 'Saisir minimun 5 caracteres',
  balanceAccountRequired: 'Veuillez sélectionner un compte',
  statementAccountRequired: 'Veuillez sélectionner un compte',
  startDateRequired: 'Saisir la date de début',
  endDateRequired: 'Saisir la date de fin',
  dateFormat: 'Saisir une date au format jj/mm/aaaa',
  startAfterEnd: 'La date de début ne peut pas être supérieure à la date de fin',
  emailRequired: "Saisir l'adresse email",
  emailFormat: "Le format de l'email ne correspond pas",
  countryRequired: 'Veuillez sélectionner un pays',
  phoneRequired: 'Saisir le numéro de téléphone',
  phoneFormat: 'Le numéro saisi est incorrect',
  addressRequired: 'Saisir une adresse',
  addressTooShort: "L'adresse saisie est trop courte",
  /** rulings §1 replace the source's defect (it showed the e-mail message) */
  photoRequired: 'Veuillez sélectionner une photo',
  photoType: 'Format non pris en charge : JPEG, PNG ou WebP',
  photoSize: 'La photo ne doit pas dépasser 2 Mo',
} as const

export const session = {
  /** spec §8 — session expired toast (3 s) */
  expiredTitle: 'Deconnexion',
  expiredText: 'Votre session a expiré. Veuillez vous reconnecter',
  logoutTitle: 'Déconnexion',
  logoutQuestion: 'Quitter la session ?',
  logoutCancel: 'Fermer',
  logoutConfirm: 'Se déconnecter',
  logoutButton: 'Déconnexion',
  closeToast: 'Fermer la notification',
} as const

export const landing = {
  /** spec §1 — a tagline meaning "Get the best" */
  tagline: 'Obtenez le meilleur',
  intro: 'Votre banque en ligne : soldes, relevés et virements, où que vous soyez.',
  cta: 'Cliquez pour vous connecter',
} as const

export const notFound = {
  title: 'Page introuvable',
  text: "La page demandée n'existe pas ou a été déplacée.",
  home: "Retour à l'accueil",
} as const

/** Module codes of spec §3 and the names of their tiles and menu entries. */
export const moduleNames = {
  solde: 'Consultation du solde',
  statement: 'Relevé de compte',
  transfert: 'Transfert vers un autre compte',
  'mobile-money': 'Transfert vers mobile',
  'card-visa': 'Transfert vers carte prépayée',
} as const

export const shell = {
  portalName: 'Banque en ligne',
  menuLabel: 'Menu principal',
  /** The phone's menu button: one name, its state said by aria-expanded. */
  openMenu: 'Menu',
  dashboard: 'Tableau de bord',
  profile: 'Mon profil',
  updatePassword: 'Modifier le mot de passe',
  notifications: 'Notifications',
  unreadNotifications: (n: number) => (n === 0 ? 'Aucune notification non lue' : n === 1 ? '1 notification non lue' : `${n} notifications non lues`),
  clockLabel: 'Date et heure',
  kcodePrefix: 'Code : ',
  terms: "Conditions générales d'utilisation",
  footer: 'Tous droits réservés',
  skipToContent: 'Aller au contenu',
} as const

export const dashboard = {
  title: 'Tableau de bord',
  noModule: "Aucun service n'est activé pour votre compte.",
} as const

export const common = {
  loading: 'Chargement…',
  required: 'obligatoire',
} as const

/** Currency codes of spec §9; anything else displays as NA (rulings §1). */
export const currencyNames: Record<string, string> = { '1': 'USD', '2': 'EUR', '3': 'CDF' }

export const unknownCurrency = 'NA'

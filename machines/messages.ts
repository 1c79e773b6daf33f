/**
 * The message catalogue: every French text the portal can show, in one place, so that an auditor
 * reads them once and a test compares them with the specification (portal-spec.md §2, §5, §8 and the
 * rulings §1). Texts quoted by the spec are kept exactly as quoted, typos included ("minimun",
 * "saisit"); where the spec gives two readings, the rulings pick the correct French one.
 *
 * Pure data: imported by the machines, the views and the reference server alike.
 */

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
  unusableAnswer:
    "Une erreur lors de votre authentification. Veuillez contacter le support si ça persiste",
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
  dateFormat: 'Saisir une date au format aaaa-mm-jj',
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
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  dashboard: 'Tableau de bord',
  profile: 'Mon profil',
  updatePassword: 'Modifier le mot de passe',
  notifications: 'Notifications',
  unreadNotifications: (n: number) =>
    n === 0 ? 'Aucune notification non lue' : n === 1 ? '1 notification non lue' : `${n} notifications non lues`,
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
  /** spec §8 gives no text for a confirm network error: the banner repeats the request's one. */
  confirmNetworkError: 'Une erreur lors du traitement de votre transaction',
  /** spec §2: the message shown after success, above "Se connecter". */
  success: 'Votre code PIN a été réinitialisé. Vous pouvez vous connecter.',
  compteLabel: 'Code utilisateur',
  comptePlaceholder: 'K0000000',
  tokenLabel: 'Code de confirmation',
  tokenPlaceholder: '12345678',
} as const

/**
 * The three transfer screens (spec §2 /app/transfer, /app/momo, /app/prepaid-card; §4 Transfers;
 * §8). Amounts reach the functions already formatted (`formatAmount` of machines/amounts.ts:
 * "1 234,56 USD").
 */
export const transfer = {
  /** spec §8 — accounts not loaded or empty; a click reloads the page */
  accountsNotLoaded: "Vos comptes n'ont pu être chargés, cliquez pour réessayer",
  /** spec §8 — the holder lookup of the account to credit failed */
  holderNotFound: "Le compte n'a pu être retrouvé",
  /** spec §4, §8 — the button of a confirm refused for good (status '1' of an account transfer) */
  retry: 'Réessayer un nouveau transfert',
  /** spec §2 — the button of the final screen */
  another: 'Faire un autre transfert',
  /** spec §4 — success when the answer's solde is empty */
  success: 'Votre transfert a été traité avec succès.',
  /** spec §4 — success with the new balance, when the answer's solde is not empty */
  newBalance: (balance: string) => `Votre transfert a été traité avec succès. Nouveau solde : ${balance}`,
  /**
   * A transfer call that got no answer (network failure, timeout), an HTTP error without message,
   * or an answer the portal cannot use. The spec quotes no message for these cases; this is its
   * generic transfer error (spec §8, statement load failure).
   */
  failed: 'Une erreur lors de votre transfert, veuillez réessayer',
  /** The account transfer's screen: the spec quotes no title; the name of its module tile. */
  accountHeading: 'Transfert vers un autre compte',
  accountFormTitle: 'Transfert vers un autre compte',
  /** rulings §1 */
  momoHeading: 'Transfert vers mobile',
  momoFormTitle: 'TRANSFERT MOBILE',
  /** rulings §1: the source's "TRANSFERT MOBILE" / "Vérification solde" were copy errors */
  cardHeading: 'Transfert vers carte prépayée',
  cardFormTitle: 'Transfert vers carte prépayée',
  /** Labels of the form fields (names of the contract's request fields). */
  labels: {
    debitAccount: 'Compte à débiter',
    amount: 'Montant',
    creditAccount: 'Compte à créditer',
    currencySent: 'Devise',
    phone: 'Numéro à créditer',
    accountId: 'Numéro de compte de la carte',
    lastFour: '4 derniers chiffres de la carte',
    description: 'Description',
  },
  chooseAccount: 'Sélectionnez un compte',
  chooseCurrency: 'Sélectionnez une devise',
  /** The holder label found for the account to credit (spec §2 /app/transfer). */
  holder: (libelle: string) => `Titulaire : ${libelle}`,
  lookingUpHolder: 'Recherche du titulaire…',
  /** Frequently used accounts or numbers (spec §2). */
  suggestionsLabel: 'Utilisés fréquemment',
  /** The selected account's balance (spec §2 /app/momo). */
  balance: (amount: string) => `Solde disponible : ${amount}`,
  submit: 'Valider',
  asking: 'Envoi de la demande…',
  /** spec §2 /app/momo and /app/prepaid-card: the information panel, its three steps */
  stepsTitle: 'Comment ça marche ?',
  steps: [
    'Remplissez le formulaire.',
    'Un code de validation vous est envoyé par SMS et par e-mail.',
    'Saisissez ce code pour terminer le transfert ; sans ce code, le transfert est annulé.',
  ],
  /** The code form (spec §4: the confirmation form asking for the validation code). */
  codeTitle: 'Confirmation du transfert',
  /** What the code is for (rulings §4: the amount and the payee), when the answer names them. */
  codeFor: (amount: string, payee: string) => `Transfert de ${amount} vers ${payee}`,
  debitAmount: (amount: string) => `Montant débité : ${amount}`,
  codeLabel: 'Code de validation',
  codeHint: 'Saisissez le code reçu par SMS et par e-mail.',
  /** The time left before the code expires, "4:59" (minutes:seconds). */
  timeLeft: (minutesSeconds: string) => `Temps restant : ${minutesSeconds}`,
  codeExpired: 'Le code de validation a expiré.',
  triesLeft: (n: number) => (n === 1 ? 'Il vous reste 1 essai.' : `Il vous reste ${n} essais.`),
  codeSubmit: 'Confirmer',
  confirming: 'Confirmation en cours…',
  /** Gives up the pending transfer: without its code it is cancelled (spec §1). */
  cancel: 'Annuler ce transfert',
  /** The final screen. */
  doneTitle: 'Transfert effectué',
  receipt: 'Télécharger le reçu',
  /** The lines of the receipt on the final screen. */
  receiptLabels: {
    reference: 'Référence',
    executedAt: 'Date et heure',
    amount: 'Montant',
    payee: 'Bénéficiaire',
    newBalance: 'Nouveau solde',
  },
} as const

export const statement = {
  /** spec §8 — statement load failure (HTTP error, no answer, refused answer), quoted as is */
  loadError: 'Une erreur lors de votre transfert, veuillez réessayer',
  /** The spec quotes no title for /app/statement; the name of its module tile. */
  title: 'Relevé de compte',
  /** Labels of the form fields (the contract's StatementRequest). */
  labels: {
    account: 'Compte',
    startDate: 'Date de début',
    endDate: 'Date de fin',
  },
  chooseAccount: 'Sélectionnez un compte',
  submit: 'Afficher le relevé',
  loading: 'Chargement du relevé…',
  /** spec §2: the columns of the results table (num_transaction, date_operation, num, description, debit, credit, solde) */
  columns: {
    num_transaction: 'N° de transaction',
    date_operation: "Date d'opération",
    num: 'Compte',
    description: 'Description',
    debit: 'Débit',
    credit: 'Crédit',
    solde: 'Solde',
  },
  /** A statement without any transaction on the period (no download link then, spec §4). */
  empty: 'Aucune opération sur cette période.',
  /** The name of the scrollable table, for screen readers. */
  tableLabel: 'Opérations de la période',
  /** spec §2: the PDF and csv download links, and the spinner while a file downloads */
  downloadPdf: 'Télécharger en PDF',
  downloadCsv: 'Télécharger en CSV',
  downloading: 'Téléchargement en cours…',
} as const

export const balance = {
  title: 'SOLDE DE VOTRE COMPTE',
  show: 'Cliquer ici pour afficher le solde',
  /**
   * spec §8 "Balance failure: an error box with no message text". The spec's box shows no text; an
   * empty alert tells a screen-reader user nothing, so the box carries this short text (the issue's
   * accessibility request). It is the only balance error text.
   */
  failed: "Le solde n'a pu être affiché.",
  accountLabel: 'Compte',
  chooseAccount: 'Sélectionnez un compte',
  loading: 'Chargement du solde…',
  /** The name of the scrollable table, for screen readers. */
  tableLabel: 'Solde du compte',
  /** spec §2: the table, the account number and the amount with its currency */
  columns: {
    compte: 'Numéro de compte',
    amount: 'Solde',
  },
} as const

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

export const notifications = {
  title: 'VOS NOTIFICATIONS',
  show: 'afficher',
  prev: 'Prev',
  next: 'Next',
  /** spec §2: the content is cut to 20 characters followed by " ..." */
  previewSuffix: ' ...',
  loadError: 'Une erreur lors de la récupération de vos notifications.',
  /** The icon's text for screen readers. */
  unread: 'Non lue',
  read: 'Lue',
  listLabel: 'Liste des notifications',
  paginationLabel: 'Pages des notifications',
  pageLabel: (n: string) => `Page ${n}`,
  retry: 'Réessayer',
  empty: 'Aucune notification',
} as const

/** Currency codes of spec §9; anything else displays as NA (rulings §1). */
export const currencyNames: Record<string, string> = { '1': 'USD', '2': 'EUR', '3': 'CDF' }
export const unknownCurrency = 'NA'

/**
 * Messages written by the reference server into its answers (`message`, `description`), which the
 * portal shows as they come. Kept here so that the one catalogue holds every French text.
 */
export const api = {
  badRequest: 'Requête invalide : vérifiez les informations saisies.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter',
  notFound: 'Ressource introuvable.',
  tooManyRequests: 'Trop de tentatives. Veuillez réessayer dans un instant.',
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  /** rulings §4 — after 5 consecutive wrong PINs (HTTP 401 with a code) */
  pinBlocked:
    'Votre accès a été bloqué après 5 saisies erronées du code pin. Utilisez « Code pin oublié » pour le réinitialiser.',
  /** K1111111 — web banking blocked by the bank (HTTP 401 without a code) */
  webBankingBlocked: 'Accès web banking bloqué.',
  notYourAccount: "Ce compte n'appartient pas au client connecté.",
  /** HTTP 403 of auth/login: the same answer for an unknown user and a wrong PIN (no enumeration). */
  wrongCredentials: login.wrongCredentials,
  /** HTTP 501: an operation of the contract that this server does not carry out yet. */
  notImplemented: "Cette fonction n'est pas encore disponible.",
  unsupportedMediaType: 'Type de contenu non pris en charge : envoyez du JSON.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  /** The `errors[].message` of a 400 answer, by kind of fault in the field. */
  fieldErrors: {
    required: 'Champ obligatoire',
    unexpected: 'Champ non autorisé',
    type: 'Type de valeur incorrect',
    tooShort: 'Valeur trop courte',
    tooLong: 'Valeur trop longue',
    format: 'Format incorrect',
    value: 'Valeur non autorisée',
    range: 'Valeur hors limites',
    invalidJson: "Le corps de la requête n'est pas un JSON valide",
  },
  /** The notification written at each sign-in, so that the customer notices a stranger's. */
  newLoginTitle: 'Nouvelle connexion',
  newLoginContent: (when: string, bank: string) =>
    `Une connexion à votre banque en ligne a eu lieu le ${when}. Si vous n'en êtes pas l'auteur, changez votre code pin et contactez ${bank}.`,
  /** Plain-text 503 of the page routes when the SPA has not been built (DIST_DIR missing). */
  appNotBuilt:
    "Le portail n'est pas encore construit : lancez « npm run build » puis rechargez cette page.",
  /** POST details: no account with that number (the portal shows its own holderNotFound). */
  accountNotFound: "Aucun compte ne correspond à ce numéro.",
  /**
   * Transfers (spec §4, rulings §4): refusals of an ask (`message`), answers of a confirm
   * (`description`), the texts of the SMS and e-mails carrying the validation code and the
   * confirmation, the notifications, the ledger lines and the PDF receipt. Amounts arrive already
   * formatted ("1 234,56 USD").
   */
  transfer: {
    serviceDisabled: "Ce service n'est pas activé pour votre compte.",
    debitNotOwn: "Le compte à débiter n'appartient pas au client connecté.",
    creditNotFound: "Le compte à créditer n'a pu être retrouvé.",
    sameAccount: 'Le compte à créditer doit être différent du compte à débiter.',
    creditCurrency: "Le compte à créditer n'est pas dans la devise du compte à débiter.",
    currencyMismatch: "La devise indiquée n'est pas celle du compte à débiter.",
    currencyNotOffered: "Cette devise n'est pas proposée pour ce type de transfert.",
    zeroAmount: 'Le montant doit être supérieur à zéro.',
    /** A description of blanks passes the contract's minLength; the same words as the form's rule. */
    descriptionTooShort: validation.descriptionTooShort,
    amountTooSmall: 'Le montant converti est inférieur à 0,01 : saisissez un montant plus élevé.',
    noRate: "Aucun taux de change n'est disponible pour cette conversion. Veuillez réessayer plus tard.",
    insufficientFunds: (balance: string) => `Solde insuffisant pour effectuer ce transfert (solde disponible : ${balance}).`,
    unknownNetwork: "Ce numéro n'appartient à aucun réseau de mobile money pris en charge.",
    serviceUnavailable: 'Ce service est momentanément indisponible. Veuillez réessayer plus tard.',
    noContact:
      "Aucun numéro de téléphone ni adresse e-mail n'est enregistré pour vous envoyer le code de validation. Veuillez contacter votre banque.",
    /** The payee of a card transfer. */
    cardPayee: (accountId: string, lastFour: string) => `carte ${accountId} ****${lastFour}`,
    /** "5 minutes", "1 minute", "90 secondes". */
    lifetime: (seconds: number) =>
      seconds % 60 === 0
        ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
        : `${seconds} seconde${seconds === 1 ? '' : 's'}`,
    /** Said when the debit is converted: " Montant débité : 3,51 USD (1 CDF = 0,00035088 USD)." */
    conversion: (debit: string, rate: string) => ` Montant débité : ${debit} (${rate}).`,
    rate: (from: string, value: string, to: string) => `1 ${from} = ${value} ${to}`,
    /** `message` of a successful ask. */
    codeSent: (p: { amount: string; payee: string; conversion: string; lifetime: string }) =>
      `Un code de validation vous a été envoyé par SMS et par e-mail pour le transfert de ${p.amount} vers ${p.payee}.${p.conversion} Il est valable ${p.lifetime}.`,
    /** The SMS of the code; "Code de validation : " followed by the 8 digits. */
    codeSms: (p: { code: string; amount: string; payee: string; conversion: string; lifetime: string }) =>
      `Code de validation : ${p.code}. Transfert de ${p.amount} vers ${p.payee}.${p.conversion} Valable ${p.lifetime}. Ne communiquez ce code à personne.`,
    codeEmailSubject: 'Code de validation de votre transfert',
    codeEmail: (p: { name: string; code: string; amount: string; payee: string; debitAccount: string; conversion: string; lifetime: string; bank: string }) =>
      `Bonjour ${p.name},\n\nVous avez demandé un transfert de ${p.amount} vers ${p.payee}, depuis votre compte ${p.debitAccount}.${p.conversion}\n\nCode de validation : ${p.code}\n\nCe code est valable ${p.lifetime} et ne sert qu'à ce transfert. Si vous n'êtes pas à l'origine de cette demande, ne le communiquez à personne et contactez ${p.bank}.`,
    notFound: 'Transfert introuvable.',
    alreadyExecuted: (reference: string) =>
      `Ce transfert a déjà été exécuté (référence ${reference}) : il ne sera pas exécuté une seconde fois.`,
    wrongCode: (triesLeft: number) =>
      `Code incorrect. Il vous reste ${triesLeft} essai${triesLeft > 1 ? 's' : ''}.`,
    cancelledWrongCode: 'Code incorrect saisi 3 fois : le transfert a été annulé.',
    expired: 'Le code de validation a expiré : le transfert a été annulé.',
    cancelledFunds: 'Solde insuffisant au moment de la confirmation : le transfert a été annulé.',
    /** `description` of a confirm that executed the transfer. */
    executed: 'Transfert exécuté.',
    /** `message` of a confirm that executed the transfer. */
    done: (p: { amount: string; payee: string; balance: string }) =>
      `Votre transfert de ${p.amount} vers ${p.payee} a été exécuté. Nouveau solde : ${p.balance}.`,
    doneSms: (p: { amount: string; payee: string; reference: string; balance: string }) =>
      `Transfert de ${p.amount} vers ${p.payee} exécuté. Référence ${p.reference}. Nouveau solde : ${p.balance}.`,
    doneEmailSubject: 'Votre transfert a été exécuté',
    doneEmail: (p: { name: string; amount: string; payee: string; reference: string; when: string; debitAccount: string; debit: string; balance: string }) =>
      `Bonjour ${p.name},\n\nVotre transfert de ${p.amount} vers ${p.payee} a été exécuté le ${p.when}.\nRéférence : ${p.reference}\nCompte débité : ${p.debitAccount} (${p.debit})\nNouveau solde : ${p.balance}\n\nLe reçu est disponible dans votre banque en ligne.`,
    doneTitle: 'Transfert exécuté',
    doneContent: (p: { amount: string; payee: string; reference: string }) =>
      `Votre transfert de ${p.amount} vers ${p.payee} a été exécuté (référence ${p.reference}).`,
    receivedTitle: 'Transfert reçu',
    receivedContent: (p: { amount: string; from: string; reference: string }) =>
      `Vous avez reçu un transfert de ${p.amount} de ${p.from} (référence ${p.reference}).`,
    cancelledTitle: 'Transfert annulé',
    cancelledContent: (p: { amount: string; payee: string; reason: string }) =>
      `Votre transfert de ${p.amount} vers ${p.payee} a été annulé : ${p.reason}`,
    /** The reasons of cancelledContent. */
    reasons: {
      expired: "le code de validation n'a pas été saisi à temps.",
      wrong_code: 'le code de validation a été saisi faux 3 fois.',
      insufficient_funds: 'le solde était insuffisant au moment de la confirmation.',
    },
    /** Ledger lines, as statements show them. */
    debitLine: (payee: string, description: string) => `Transfert vers ${payee} : ${description}`,
    creditLine: (from: string, description: string) => `Transfert de ${from} : ${description}`,
    /** The PDF receipt of transferReceipt. */
    receipt: {
      title: 'Reçu de transfert',
      customer: 'Client',
      reference: 'Référence',
      executedAt: 'Date et heure',
      kind: 'Opération',
      kinds: {
        transfer: 'Transfert vers un autre compte',
        wallet: 'Transfert vers mobile',
        card: 'Transfert vers carte prépayée',
      },
      debitAccount: 'Compte débité',
      payee: 'Bénéficiaire',
      creditAccount: 'Compte crédité',
      amount: 'Montant',
      debitAmount: 'Montant débité',
      rate: 'Taux appliqué',
      description: 'Libellé',
      balance: 'Nouveau solde',
      footer: (bank: string) => `Ce reçu atteste l'exécution du transfert par ${bank}. Conservez-le.`,
      /** "Africa/Kinshasa" → "heure de Kinshasa". */
      timeZone: (zone: string) => `heure de ${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')}`,
    },
  },
  /**
   * Statements (spec §7 statements, report/pdf, download/pdf/{id}; rulings §3): refusals
   * (`message` with status '1'), and the texts of the PDF statement.
   */
  statement: {
    serviceDisabled: "Ce service n'est pas activé pour votre compte.",
    /** The account is not one of the customer's (also an unknown number): nothing else is said. */
    notOwn: "Ce compte n'appartient pas au client connecté.",
    currencyMismatch: "La devise indiquée n'est pas celle de ce compte.",
    startAfterEnd: validation.startAfterEnd,
    /** The longest period of one statement, in days, both bounds included. */
    rangeTooLong: (days: number) => `La période d'un relevé ne peut pas dépasser ${days} jours.`,
    pdf: {
      title: 'Relevé de compte',
      customer: 'Client',
      account: 'Compte',
      currency: 'Devise',
      period: 'Période',
      periodValue: (start: string, end: string) => `du ${start} au ${end}`,
      openingBalance: "Solde d'ouverture",
      closingBalance: 'Solde de clôture',
      totalDebits: 'Total des débits',
      totalCredits: 'Total des crédits',
      count: "Nombre d'opérations",
      columns: { date: 'Date', number: 'Numéro', description: 'Libellé', debit: 'Débit', credit: 'Crédit', balance: 'Solde' },
      empty: 'Aucune opération sur cette période.',
  /** The name of the scrollable table, for screen readers. */
  tableLabel: 'Opérations de la période',
      generated: (when: string, zone: string) => `Édité le ${when} (${zone})`,
      page: (n: number, total: number) => `Page ${n} / ${total}`,
    },
  },
  /**
   * Forgotten PIN (spec §2 /reinit-password, rulings §4): the answers of password/ask and
   * password/confirm, the SMS and e-mails of the code and of the new PIN, the notification.
   * A browser test reads the code with /Code de validation : (\d{8})/ and the new PIN with
   * /Votre nouveau code pin : (\d{5})/.
   */
  pinReset: {
    /** The same words whether the user code exists or not (no enumeration). */
    codeSent: (lifetime: string) =>
      `Si ce code utilisateur est enregistré, un code de confirmation a été envoyé par SMS et par e-mail au numéro et à l'adresse connus de votre banque. Il est valable ${lifetime}.`,
    noContact:
      "Aucun numéro de téléphone ni adresse e-mail n'est enregistré pour vous envoyer le code de confirmation. Veuillez contacter votre banque.",
    codeSms: (p: { code: string; lifetime: string }) =>
      `Code de validation : ${p.code}. Réinitialisation de votre code pin. Valable ${p.lifetime}. Ne communiquez ce code à personne.`,
    codeEmailSubject: 'Réinitialisation de votre code pin',
    codeEmail: (p: { name: string; kcode: string; code: string; lifetime: string; bank: string }) =>
      `Bonjour ${p.name},\n\nVous avez demandé la réinitialisation du code pin de votre banque en ligne (code utilisateur ${p.kcode}).\n\nCode de validation : ${p.code}\n\nCe code est valable ${p.lifetime}. Si vous n'êtes pas à l'origine de cette demande, ne le communiquez à personne et contactez ${p.bank}.`,
    invalid: "Ce code n'est plus valable. Veuillez faire une nouvelle demande de réinitialisation.",
    expired: 'Le code de confirmation a expiré. Veuillez faire une nouvelle demande de réinitialisation.',
    wrongCode: (triesLeft: number) => `Code incorrect. Il vous reste ${triesLeft} essai${triesLeft > 1 ? 's' : ''}.`,
    cancelledWrongCode: 'Code incorrect saisi 3 fois : la demande a été annulée. Veuillez faire une nouvelle demande.',
    done: 'Votre code pin a été réinitialisé : le nouveau code pin vous a été envoyé par SMS et par e-mail.',
    newPinSms: (pin: string) =>
      `Votre nouveau code pin : ${pin}. Changez-le dès votre prochaine connexion. Ne le communiquez à personne.`,
    newPinEmailSubject: 'Votre nouveau code pin',
    newPinEmail: (p: { name: string; pin: string; when: string; bank: string }) =>
      `Bonjour ${p.name},\n\nVotre code pin a été réinitialisé le ${p.when}.\n\nVotre nouveau code pin : ${p.pin}\n\nVos sessions ouvertes ont été fermées. Changez ce code pin dès votre prochaine connexion. Si vous n'êtes pas à l'origine de cette demande, contactez ${p.bank}.`,
    title: 'Code pin réinitialisé',
    content: (when: string, bank: string) =>
      `Votre code pin a été réinitialisé le ${when}. Si vous n'en êtes pas l'auteur, contactez ${bank}.`,
  },
  /** POST change-password (spec §4 Password change): `description` of the answers, the notification. */
  changePassword: {
    mismatch: 'Les deux nouveaux mots de passe ne sont pas identiques.',
    wrongOld: "L'ancien mot de passe est incorrect.",
    sameAsOld: "Le nouveau mot de passe doit être différent de l'ancien.",
    done: 'Votre mot de passe a été modifié.',
    title: 'Code pin modifié',
    content: (when: string, bank: string) =>
      `Votre code pin a été modifié le ${when}. Vos autres sessions ont été fermées. Si vous n'en êtes pas l'auteur, contactez ${bank}.`,
  },
  /** update-contact and photo/update (spec §2 /app/update-contact, /app/update-picture). */
  contact: {
    done: 'Vos coordonnées ont été mises à jour.',
    unknownCountry: "Ce pays ne figure pas dans la liste des pays.",
    title: 'Coordonnées modifiées',
    content: (when: string, bank: string) =>
      `Vos coordonnées (e-mail, téléphone, adresse, pays) ont été modifiées le ${when}. Si vous n'en êtes pas l'auteur, contactez ${bank}.`,
    photoDone: 'Votre photo a été mise à jour.',
  },
  /** The demo-mode page /__dev/outbox.html. */
  devOutbox: {
    title: 'Messages envoyés (SMS et e-mails)',
    intro: 'Mode démo : aucun message ne part réellement ; voici ce qui aurait été envoyé, le plus récent en premier.',
    empty: 'Aucun message pour le moment.',
    channel: 'Canal',
    to: 'Destinataire',
    text: 'Texte',
    createdAt: 'Envoyé le',
  },
} as const

/** The terms page linked from the footer of every signed-in screen. */
export const terms = {
  title: "Conditions générales d'utilisation",
  paragraphs: [
    "Le service de banque en ligne vous permet de consulter vos comptes et d'effectuer des opérations 24 heures sur 24.",
    "Votre code utilisateur et votre code pin sont personnels : ne les communiquez jamais, pas même à un agent de la banque.",
    'Chaque transfert est confirmé par un code envoyé par SMS et par e-mail ; sans ce code, le transfert est annulé.',
    "Votre session se ferme après 5 minutes d'inactivité. Pensez à vous déconnecter sur un appareil partagé.",
  ],
  back: 'Retour',
} as const

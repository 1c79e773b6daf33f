import { wrongCredentials } from './signIn.ts'
import { validation } from './validation.ts'

/**
 * Messages written by the reference server into its answers (`message`, `description`), which the
 * portal shows as they come, and the SMS, e-mails, notifications and PDFs it writes. Part of the one
 * catalogue, in the kernel because the server reads it (the portal reads it through
 * machines/messages.ts).
 */
export const api = {
  badRequest: 'Requête invalide : vérifiez les informations saisies.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter',
  notFound: 'Ressource introuvable.',
  tooManyRequests: 'Trop de tentatives. Veuillez réessayer dans un instant.',
  /**
   * rulings §8 — `message` of an HTTP 429 (per-address limits, the wait after sign-in failures):
   * the portal shows it on the form. Whole minutes, at least one.
   */
  tooManyTries: (minutes: number) => `Trop de tentatives. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  /**
   * rulings §8 — the customer is told by SMS and e-mail when wrong PINs block the access (from one
   * address, or from everywhere), so that a stranger's attempt does not go unnoticed.
   */
  lockout: {
    sms: (p: { when: string; bank: string }) =>
      `Votre accès web banking a été bloqué le ${p.when} après plusieurs codes pin erronés. Utilisez « Code pin oublié » pour le débloquer. Si ce n'était pas vous, contactez ${p.bank}.`,
    emailSubject: 'Accès web banking bloqué',
    email: (p: { name: string; kcode: string; when: string; bank: string }) =>
      `Bonjour ${p.name},\n\nL'accès web banking de votre code utilisateur ${p.kcode} a été bloqué le ${p.when} après plusieurs saisies erronées du code pin.\n\nPour le débloquer, utilisez « Code pin oublié » sur la page de connexion : un nouveau code pin vous sera envoyé. Si vous n'êtes pas à l'origine de ces tentatives, contactez ${p.bank}.`,
    title: 'Accès bloqué',
    content: (when: string) => `Votre accès web banking a été bloqué le ${when} après plusieurs saisies erronées du code pin.`,
  },
  /**
   * `message` of a status '1' answer of password/ask and of the three transfer asks beyond their
   * throttle (PIN_RESET_ASK_LIMIT, TRANSFER_ASK_LIMIT per window): nothing is stored, nothing sent.
   * The same words for a known and an unknown user code.
   */
  tooManyAsks: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
  serverError: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  /** The database cannot be reached for now (HTTP 503 with Retry-After); the server recovers by itself. */
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  /** rulings §4 — after 5 consecutive wrong PINs (HTTP 401 with a code) */
  pinBlocked: 'Votre accès a été bloqué après 5 saisies erronées du code pin. Utilisez « Code pin oublié » pour le réinitialiser.',
  /** K1111111 — web banking blocked by the bank (HTTP 401 without a code) */
  webBankingBlocked: 'Accès web banking bloqué.',
  notYourAccount: "Ce compte n'appartient pas au client connecté.",
  /** HTTP 403 of auth/login: the same answer for an unknown user and a wrong PIN (no enumeration). */
  wrongCredentials,
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
    controlCharacter: 'Caractère de contrôle non autorisé',
    /** How a field's path names an object key that holds a control character (`a.(clé)`). */
    keyInPath: '(clé)',
  },
  /** The notification written at each sign-in, so that the customer notices a stranger's. */
  newLoginTitle: 'Nouvelle connexion',
  newLoginContent: (when: string, bank: string) =>
    `Une connexion à votre banque en ligne a eu lieu le ${when}. Si vous n'en êtes pas l'auteur, changez votre code pin et contactez ${bank}.`,
  /** Plain-text 503 of the page routes when the SPA has not been built (DIST_DIR missing). */
  appNotBuilt: "Le portail n'est pas encore construit : lancez « npm run build » puis rechargez cette page.",
  /** rulings §9.4 — Sessions et appareils: the answers of sessions/end and sessions/end-others. */
  sessions: {
    ended: 'La session a été fermée.',
    endedOthers: (n: number) =>
      n === 0 ? "Aucune autre session n'était ouverte." : n === 1 ? 'Une autre session a été fermée.' : `${n} autres sessions ont été fermées.`,
    /** sessions/end of the caller's own session (HTTP 409): that is logout. */
    current: 'Cette session est celle que vous utilisez : pour la fermer, déconnectez-vous.',
  },
  /** POST details: no account with that number (the portal shows its own holderNotFound). */
  accountNotFound: 'Aucun compte ne correspond à ce numéro.',
  /** rulings §9.2 — details-wallet, details-card: the bank does not know this number or card (the ruling's words). */
  payeeNotFound: "Le bénéficiaire n'a pu être retrouvé",
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
    noContact: "Aucun numéro de téléphone ni adresse e-mail n'est enregistré pour vous envoyer le code de validation. Veuillez contacter votre banque.",
    /** The payee of a card transfer. */
    cardPayee: (accountId: string, lastFour: string) => `carte ${accountId} ****${lastFour}`,
    /** "5 minutes", "1 minute", "90 secondes". */
    lifetime: (seconds: number) =>
      seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconde${seconds === 1 ? '' : 's'}`,
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
    alreadyExecuted: (reference: string) => `Ce transfert a déjà été exécuté (référence ${reference}) : il ne sera pas exécuté une seconde fois.`,
    wrongCode: (triesLeft: number) => `Code incorrect. Il vous reste ${triesLeft} essai${triesLeft > 1 ? 's' : ''}.`,
    cancelledWrongCode: 'Code incorrect saisi 3 fois : le transfert a été annulé.',
    expired: 'Le code de validation a expiré : le transfert a été annulé.',
    cancelledFunds: 'Solde insuffisant au moment de la confirmation : le transfert a été annulé.',
    /** rulings §9.1 — `description` of transfer/cancel that cancelled it, and of a later confirm of it. */
    cancelledByCustomer: 'Vous avez annulé ce transfert.',
    /** rulings §9.1 — transfer/cancel of a transfer executed already: nothing changes. */
    cannotCancelExecuted: 'Ce transfert a déjà été exécuté : il ne peut plus être annulé.',
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
    cancelledContent: (p: { amount: string; payee: string; reason: string }) => `Votre transfert de ${p.amount} vers ${p.payee} a été annulé : ${p.reason}`,
    /** The reasons of cancelledContent. */
    reasons: {
      expired: "le code de validation n'a pas été saisi à temps.",
      wrong_code: 'le code de validation a été saisi faux 3 fois.',
      insufficient_funds: 'le solde était insuffisant au moment de la confirmation.',
      by_customer: "vous l'avez annulé avant de saisir le code.",
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
        account: 'Transfert vers un autre compte',
        momo: 'Transfert vers mobile',
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
    /** More lines than STATEMENT_MAX_ROWS over the period (the number written with plain spaces). */
    /**
     * The answer HTTP 503 (with Retry-After) to a PDF asked for: as many PDFs as the server draws at
     * once are being drawn and its queue is full; or this customer's PDF is being drawn (one at a time).
     */
    busy: 'Trop de relevés sont en cours de préparation. Veuillez réessayer dans un instant.',
    oneAtATime: 'Un relevé PDF est déjà en cours de préparation pour vous. Veuillez réessayer dans un instant.',
    tooManyLines: (max: number) =>
      `Ce relevé compterait plus de ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} opérations. Veuillez choisir une période plus courte.`,
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
    noContact: "Aucun numéro de téléphone ni adresse e-mail n'est enregistré pour vous envoyer le code de confirmation. Veuillez contacter votre banque.",
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
    newPinSms: (pin: string) => `Votre nouveau code pin : ${pin}. Changez-le dès votre prochaine connexion. Ne le communiquez à personne.`,
    newPinEmailSubject: 'Votre nouveau code pin',
    newPinEmail: (p: { name: string; pin: string; when: string; bank: string }) =>
      `Bonjour ${p.name},\n\nVotre code pin a été réinitialisé le ${p.when}.\n\nVotre nouveau code pin : ${p.pin}\n\nVos sessions ouvertes ont été fermées. Changez ce code pin dès votre prochaine connexion. Si vous n'êtes pas à l'origine de cette demande, contactez ${p.bank}.`,
    title: 'Code pin réinitialisé',
    content: (when: string, bank: string) => `Votre code pin a été réinitialisé le ${when}. Si vous n'en êtes pas l'auteur, contactez ${bank}.`,
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
    unknownCountry: 'Ce pays ne figure pas dans la liste des pays.',
    title: 'Coordonnées modifiées',
    content: (when: string, bank: string) =>
      `Vos coordonnées (e-mail, téléphone, adresse, pays) ont été modifiées le ${when}. Si vous n'en êtes pas l'auteur, contactez ${bank}.`,
    photoDone: 'Votre photo a été mise à jour.',
  },
  /** `message` of a 401 from /metrics: METRICS_TOKEN is set and the scrape did not send it. */
  metricsRefused: 'Jeton des métriques absent ou invalide.',
} as const

import { login } from './core.ts'
import { validation } from './validation.ts'

/**
 * Messages written by the reference server into its answers (`message`, `description`), which the
 * portal shows as they come. Kept here so that the one catalogue holds every French text.
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
    controlCharacter: 'Caractère de contrôle non autorisé',
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
  /** The demo-mode page /__dev/api.html: the API contract (openapi/portal.yaml) shown by Redoc. */
  devApi: {
    title: "Contrat de l'API (OpenAPI)",
    noScript: 'Cette page affiche le contrat avec JavaScript ; le fichier lui-même est ici :',
  },
  /** `message` of a 401 from /metrics: METRICS_TOKEN is set and the scrape did not send it. */
  metricsRefused: 'Jeton des métriques absent ou invalide.',
  /**
   * The demo-mode page /__dev/faults.html (rulings §5): QA makes calls fail by hand, with ready-made
   * scenarios for every error state of every flow (machines/*.ts).
   */
  devFaults: {
    title: 'Défauts simulés',
    intro:
      "Mode démo : un défaut fait répondre un appel de l'API comme indiqué (statut, corps, délai, session expirée, connexion coupée), pour atteindre à la main chaque état d'erreur des parcours. Le premier défaut ajouté qui correspond à un appel s'applique.",
    outboxLink: 'Voir les messages envoyés (codes de validation)',
    /** Confirmations, after the redirect. */
    added: 'Défaut ajouté.',
    scenarioApplied: (label: string) => `Scénario appliqué : ${label}. Faites maintenant le parcours dans l'onglet du client.`,
    cleared: 'Tous les défauts ont été effacés.',
    /** The faults in force. */
    inForceTitle: 'Défauts en vigueur',
    none: 'Aucun défaut en vigueur : chaque appel reçoit sa vraie réponse.',
    clear: 'Effacer tous les défauts',
    anyMethod: 'Toute méthode',
    status: (status: number) => `statut ${status}`,
    defaultStatus: 'statut 200',
    body: 'corps :',
    emptyBody: 'sans corps',
    realAnswer: 'vraie réponse',
    delay: (ms: number) => `délai ${ms} ms`,
    timesLeft: (n: number) => (n === 1 ? 'encore 1 fois' : `encore ${n} fois`),
    untilCleared: "jusqu'à l'effacement",
    sessionExpires: 'session expirée',
    connectionDropped: 'connexion coupée sans réponse',
    /** The ready-made scenarios of every flow. */
    scenariosTitle: 'Scénarios des parcours',
    scenariosIntro:
      "Chaque bouton efface les défauts en vigueur puis ajoute ceux d'un état d'erreur, pour le prochain appel concerné seulement. Ouvrez ensuite l'écran indiqué dans l'onglet du client et faites le parcours ; pour un défaut de la confirmation, la demande doit d'abord aboutir. Les scénarios de la session s'appliquent à la connexion suivante.",
    kindLegend: (heading: string, screen: string) => `${heading} (${screen})`,
    scenarioLabel: (kind: string, label: string) => `${kind} — ${label}`,
    scenarios: {
      askRefused: "Demande refusée (statut '1' avec message)",
      askHttpMessage: 'Demande : erreur HTTP 500 avec message',
      askHttpNoBody: 'Demande : erreur HTTP 502 sans corps',
      askNoReference: 'Demande : réponse sans référence',
      askNoAnswer: 'Demande : aucune réponse (panne réseau)',
      askSessionExpired: 'Demande : session expirée (403)',
      confirmWrongCode: 'Confirmation : code incorrect, 2 essais restants (HTTP 422)',
      confirmRefused: "Confirmation refusée, transfert terminé (statut '1', code expiré)",
      confirmNoTriesLeft: "Confirmation refusée, plus aucun essai (statut '1', transfert annulé)",
      confirmHttpDescription: 'Confirmation : erreur HTTP 500 avec description',
      confirmUnreadable: 'Confirmation : réponse illisible (200 sans corps), résultat inconnu',
      confirmNoStatus: 'Confirmation : réponse 200 sans statut ({}), résultat inconnu',
      confirmNoAnswer: 'Confirmation : aucune réponse (panne réseau)',
      confirmSessionExpired: 'Confirmation : session expirée (403)',
      holderFailure: 'Recherche du titulaire en échec',
      suggestionsFailure: 'Suggestions (utilisés fréquemment) en échec',
      currenciesFailure: 'Liste des devises en échec',
      balanceFailure: 'Solde du compte à débiter en échec',
    },
    /** The other flows: the legend of each group (with its screen) and its scenarios, in order. */
    flows: {
      login: {
        legend: 'Connexion',
        scenarios: {
          wrongCredentials: 'Code utilisateur ou code pin incorrect (403)',
          blockedWithCode: 'Accès bloqué : 401 avec code et message',
          webBankingBlocked: 'Web banking bloqué : 401 sans code',
          httpError: 'Erreur HTTP 500',
          noAnswer: 'Aucune réponse (panne réseau)',
          unusableAnswer: 'Réponse sans code ni jeton',
          refused: "Connexion refusée (code '1' avec message)",
        },
      },
      pinReset: {
        legend: 'Code pin oublié',
        scenarios: {
          askRefused: "Demande refusée (statut '1' avec message)",
          askHttpError: 'Demande : erreur HTTP 500',
          askNoAnswer: 'Demande : aucune réponse (panne réseau)',
          confirmRefused: "Confirmation refusée (statut '1' avec message)",
          confirmOtherStatus: "Confirmation : autre statut que '0' ou '1'",
          confirmHttpError: 'Confirmation : erreur HTTP 500',
          confirmNoAnswer: 'Confirmation : aucune réponse (panne réseau)',
        },
      },
      session: {
        legend: 'Session (à la connexion)',
        scenarios: {
          accountsFailure: 'Comptes non chargés (erreur HTTP 500)',
          accountsEmpty: 'Liste des comptes vide',
          accountsNoAnswer: 'Comptes : aucune réponse (panne réseau)',
          counterFailure: 'Compteur de notifications en échec',
          sessionExpired: 'Session expirée (403) au chargement du compteur',
        },
      },
      balance: {
        legend: 'Consultation du solde',
        scenarios: {
          refused: "Solde refusé (code '1' avec message)",
          httpError: 'Erreur HTTP 500',
          noAmount: 'Réponse sans montant',
          noAnswer: 'Aucune réponse (panne réseau)',
          sessionExpired: 'Session expirée (403)',
        },
      },
      statement: {
        legend: 'Relevé de compte',
        scenarios: {
          httpError: 'Chargement : erreur HTTP 500',
          refused: "Chargement refusé (code '1' avec message)",
          statusWithMessage: "Chargement : statut '1' avec message",
          noAnswer: 'Chargement : aucune réponse (panne réseau)',
          empty: 'Aucune opération sur la période',
          downloadFailure: 'Téléchargement PDF ou CSV en échec (404)',
          sessionExpired: 'Session expirée (403)',
        },
      },
      password: {
        legend: 'Modification du mot de passe',
        scenarios: {
          refused: "Modification refusée (statut '1' avec description)",
          httpError: 'Erreur HTTP 500',
          noAnswer: 'Aucune réponse (panne réseau)',
          sessionExpired: 'Session expirée (403)',
        },
      },
      profile: {
        legend: 'Profil',
        scenarios: {
          loadHttpError: 'Coordonnées : erreur HTTP 500',
          loadRefused: "Coordonnées refusées (code '1')",
          loadNoAnswer: 'Coordonnées : aucune réponse (panne réseau)',
          sessionExpired: 'Session expirée (403)',
        },
      },
      contact: {
        legend: 'Modification des coordonnées',
        scenarios: {
          loadFailure: 'Coordonnées actuelles en échec (message et nouvel essai)',
          countriesFailure: 'Liste des pays en échec',
          updateRefused: "Modification refusée (code '1' avec message)",
          updateHttpError: 'Modification : erreur HTTP 500',
          updateNoAnswer: 'Modification : aucune réponse (panne réseau)',
          sessionExpired: 'Session expirée (403) à la modification',
        },
      },
      photo: {
        legend: 'Modification de la photo',
        scenarios: {
          refused: "Envoi refusé (code '1' avec message)",
          httpError: 'Envoi : erreur HTTP 500',
          noAnswer: 'Envoi : aucune réponse (panne réseau)',
          sessionExpired: 'Session expirée (403)',
        },
      },
      notifications: {
        legend: 'Notifications',
        scenarios: {
          listRefused: "Liste refusée (code autre que '0')",
          listHttpError: 'Liste : erreur HTTP 500',
          listNoAnswer: 'Liste : aucune réponse (panne réseau)',
          seenMarkFailure: 'Marquage « vue » en échec (après « afficher »)',
          sessionExpired: 'Session expirée (403)',
        },
      },
    },
    /** The form of a fault made to measure. */
    customTitle: 'Défaut sur mesure',
    callLegend: 'Appel',
    operation: 'Opération du contrat',
    noOperation: '— Aucune (chemin libre) —',
    path: 'Chemin',
    pathHint:
      "Obligatoire pour une opération dont le chemin a un paramètre, par exemple /api/rest/customer/v1/download/pdf/abc.pdf ; sans opération, n'importe quel chemin commençant par /.",
    method: 'Méthode (chemin libre)',
    answerLegend: 'Réponse',
    statusLabel: 'Statut HTTP',
    statusHint: 'De 100 à 599. Vide : 200 si un corps est donné, sinon la vraie réponse.',
    bodyLabel: 'Corps JSON',
    bodyHint: 'Vide : pas de corps. Exemple : {"message": "Panne"}',
    delayLabel: 'Délai (ms)',
    delayHint: 'De 0 à 60000, avant la réponse.',
    timesLabel: 'Nombre de fois',
    timesHint: "De 1 à 1000. Vide : jusqu'à l'effacement.",
    optionsLegend: 'Options',
    expireSession: 'Expirer la session (la vraie réponse 403, code 2, suit)',
    dropConnection: 'Couper la connexion sans réponse (panne réseau)',
    add: 'Ajouter le défaut',
    /** Refusals of the form: nothing is added. */
    errorTitle: "Le défaut n'a pas été ajouté",
    errors: {
      callRequired: 'Choisissez une opération ou saisissez un chemin.',
      pathRequired: (template: string) => `Cette opération a un paramètre : saisissez le chemin complet (${template}).`,
      pathMismatch: (template: string) => `Ce chemin ne correspond pas à l'opération choisie (${template}).`,
      pathFormat: 'Le chemin doit commencer par / et compter au plus 200 caractères, sans espace ni « ? ».',
      devPath: 'Les outils /__dev ne reçoivent pas de défaut.',
      unknownOperation: "Cette opération n'existe pas dans le contrat.",
      unknownMethod: 'Choisissez une méthode de la liste.',
      status: 'Le statut HTTP doit être un nombre entier de 100 à 599.',
      bodyJson: "Le corps n'est pas un JSON valide (guillemets doubles autour des textes et des noms).",
      delay: 'Le délai doit être un nombre entier de 0 à 60000.',
      times: 'Le nombre de fois doit être un nombre entier de 1 à 1000.',
      dropWithAnswer: 'Une connexion coupée ne répond rien : laissez le statut et le corps vides.',
      nothing: 'Ce défaut ne change rien : indiquez un statut, un corps, un délai, une session expirée ou une connexion coupée.',
      unknownScenario: "Ce scénario n'existe pas.",
      unknownAction: 'Action inconnue.',
      crossOrigin: 'Formulaire refusé : il ne vient pas de cette page.',
    },
  },
} as const

/**
 * The demo-mode pages the reference server draws under /__dev (server/demo/): the outbox, the API
 * contract and the fault panel (rulings §5). Texts for the test team, not for customers; only the
 * server reads them, so no chunk of the portal carries them. Part of the one catalogue (kernel/).
 */

/** The demo-mode page /__dev/outbox.html. */
export const devOutbox = {
  title: 'Messages envoyés (SMS et e-mails)',
  intro: 'Mode démo : aucun message ne part réellement ; voici ce qui aurait été envoyé, le plus récent en premier.',
  empty: 'Aucun message pour le moment.',
  channel: 'Canal',
  to: 'Destinataire',
  text: 'Texte',
  createdAt: 'Envoyé le',
} as const

/** The demo-mode page /__dev/api.html: the API contract (openapi/portal.yaml) shown by Redoc. */
export const devApi = {
  title: "Contrat de l'API (OpenAPI)",
  noScript: 'Cette page affiche le contrat avec JavaScript ; le fichier lui-même est ici :',
} as const

/**
 * The demo-mode page /__dev/faults.html (rulings §5): QA makes calls fail by hand, with ready-made
 * scenarios for every error state of every flow (machines/<flow>/<flow>.machine.ts).
 */
export const devFaults = {
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
  answerLost: 'appel exécuté, réponse perdue',
  /** A fault scoped to one customer (rulings §9.8), as the list shows it. */
  forCustomer: (userCode: string) => `client ${userCode} seulement`,
  everyCustomer: 'tous les clients',
  clearCustomer: (userCode: string) => `Effacer les défauts du client ${userCode}`,
  clearedCustomer: (userCode: string) => `Les défauts du client ${userCode} ont été effacés.`,
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
    confirmLostAnswer: 'Confirmation exécutée, réponse perdue (le transfert a lieu, la connexion est coupée avant la réponse)',
    confirmSessionExpired: 'Confirmation : session expirée (403)',
    holderFailure: 'Recherche du titulaire en échec (un bénéficiaire hors des suggestions : celui d’une suggestion est nommé par elle)',
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
        confirmLostAnswer: 'Confirmation exécutée, réponse perdue (le nouveau code pin est envoyé, la connexion est coupée avant la réponse)',
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
        lostAnswer: 'Modification exécutée, réponse perdue (la connexion est coupée avant la réponse)',
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
  loseAnswer: "Exécuter l'appel puis couper la connexion avant la réponse (réponse perdue)",
  /** The customer a fault is scoped to (rulings §9.8): one field for the scenarios, one for the form. */
  customerLabel: 'Client concerné (code utilisateur)',
  customerHint: 'Par exemple K7654321 : le défaut ne touche que ce client (ses appels, sa connexion, son code pin oublié). Vide : tous les clients.',
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
    loseWithAnswer: 'Une réponse perdue est la vraie réponse, jamais envoyée : laissez le statut et le corps vides, et la connexion coupée décochée.',
    customerFormat: 'Le client doit être un code utilisateur : la lettre K suivie de chiffres, par exemple K7654321.',
    unknownCustomer: (userCode: string) => `Aucun client n'a le code utilisateur ${userCode}.`,
    nothing: 'Ce défaut ne change rien : indiquez un statut, un corps, un délai, une session expirée, une connexion coupée ou une réponse perdue.',
    unknownScenario: "Ce scénario n'existe pas.",
    unknownAction: 'Action inconnue.',
    crossOrigin: 'Formulaire refusé : il ne vient pas de cette page.',
  },
} as const

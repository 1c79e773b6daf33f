/**
 * The QA panel of an inspector build (docs/qa.md): texts for the test team, not for customers.
 * Machine, state and event names stay as the machines spell them; only the panel's own words are
 * here. Only the QA build's panel imports them, so a production chunk carries none of them.
 */
export const qa = {
  /** The toggle button, fixed in a corner of every screen. */
  toggle: 'Panneau QA',
  /** The landmark holding the toggle and the panel. */
  region: 'Outils QA',
  title: 'Machines en cours (panneau QA)',
  intro:
    'Chaque acteur en cours : son état tel que la spécification le nomme, ses derniers événements, ' +
    "son contexte et les événements qu'il accepte maintenant. Code pin, mots de passe, codes de " +
    'validation et jetons sont masqués (•••).',
  close: 'Fermer le panneau QA',
  noActor: 'Aucun acteur en cours.',
  machine: 'Machine',
  /** An invoked actor that is not a state machine: a call to the API under way. */
  notAMachine: 'aucune (appel en cours)',
  parent: 'Lancé par',
  state: 'État',
  status: 'Statut',
  specNodes: 'États actifs selon la spécification',
  noSpec: 'sans référence à la spécification',
  lastEvents: "Derniers événements reçus (le plus récent d'abord)",
  noEvent: 'Aucun événement reçu.',
  context: 'Contexte (masqué)',
  input: 'Entrée (masquée)',
  accepts: 'Événements acceptés maintenant',
  /** `snapshot.can()` with the bare event: taken as is. */
  allowed: 'possible',
  /** `snapshot.can()` with the bare event: a guard refuses it (it may need data). */
  refused: 'refusé par une garde sans données',
  noAccepted: 'Aucun dans cet état.',
  stately: 'Inspecteur Stately',
  statelyStatus: {
    closed: 'fenêtre pas encore ouverte',
    connected: 'connecté',
    waiting: 'pas de connexion (réseau bloqué ou page isolée)',
    blocked: 'fenêtre bloquée par le navigateur',
    none: 'non disponible',
  },
  statelyOpen: "Ouvrir l'inspecteur Stately",
  /** Where the panel is docked (remembered in this browser); the page keeps room for it. */
  dock: 'Position du panneau',
  dockBottom: 'En bas',
  dockSide: 'Sur le côté',
  /** The demo server's fault panel (/__dev/faults.html), scoped to one customer (rulings §9.8). */
  faultsTitle: 'Défauts simulés du serveur de démo',
  faultsCustomer: 'Client concerné (code utilisateur)',
  faultsHint:
    "Par défaut, le client connecté. Les défauts ajoutés pour ce client ne touchent que lui : les autres testeurs du même serveur n'en voient rien. Vide : tous les clients.",
  faultsOpen: (customer: string) => `Ouvrir le panneau des défauts pour ${customer}`,
  faultsOpenAll: 'Ouvrir le panneau des défauts (tous les clients)',
} as const

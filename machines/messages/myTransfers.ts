/**
 * My transfers (rulings §9.1): every transfer of the customer, its state, and what can be done
 * with it. The rulings give the title, the state names and the three buttons; the other texts are
 * ours. Amounts reach the functions already formatted (`formatAmount`: "1 234,56 USD").
 */
import { statement } from './statement.ts'
import { transfer } from './transfer.ts'

export const myTransfers = {
  /** rulings §9.1: the menu entry and the title */
  title: 'Mes transferts',
  /** rulings §9.1: the states shown ("Résultat inconnu": a confirm whose answer the portal could not read) */
  states: {
    pending: 'En attente de code',
    executed: 'Exécuté',
    cancelled: 'Annulé',
    expired: 'Expiré',
    unknown: 'Résultat inconnu',
  },
  /** Why a transfer was cancelled (the contract's CancelReason), under its state. */
  cancelReasons: {
    expired: 'Code non saisi à temps',
    wrong_code: 'Code erroné trois fois',
    insufficient_funds: 'Solde insuffisant',
    by_customer: 'Annulé à votre demande',
  },
  /** The three kinds (the contract's TransferKind), as the transfer screens name them. */
  kinds: {
    account: 'Vers un autre compte',
    momo: 'Vers mobile',
    card: 'Vers carte prépayée',
  },
  /** rulings §9.1: the buttons of a pending and of an executed transfer */
  enterCode: 'Saisir le code',
  cancel: 'Annuler le transfert',
  receipt: transfer.receipt,
  /** The filters (rulings §9.1: by state and kind). */
  filtersLabel: 'Filtrer mes transferts',
  stateFilter: 'État',
  kindFilter: 'Type de transfert',
  allStates: 'Tous les états',
  allKinds: 'Tous les types',
  /** The lines of a transfer (each one a card). */
  labels: {
    date: 'Date',
    payee: 'Bénéficiaire',
    amount: 'Montant',
    debited: 'Montant débité',
    state: 'État',
    reference: 'Référence',
    description: 'Description',
  },
  listLabel: 'Liste de mes transferts',
  loading: 'Chargement de vos transferts…',
  loadError: "Vos transferts n'ont pu être chargés, veuillez réessayer.",
  retry: 'Réessayer',
  empty: "Vous n'avez encore fait aucun transfert.",
  emptyFiltered: 'Aucun transfert ne correspond à ces filtres.',
  /** The pager (keyset pages: the page before, the page after). */
  paginationLabel: 'Pages de mes transferts',
  prev: 'Page précédente',
  next: 'Page suivante',
  page: (n: number) => `Page ${n}`,
  /** rulings §9.7: a receipt that could not be downloaded (the statement's words) */
  downloadFailed: statement.downloadFailed,
  downloading: 'Téléchargement en cours…',
  /** The confirmation of a cancellation. */
  cancelTitle: 'Annuler ce transfert ?',
  cancelQuestion: (amount: string, payee: string) => `Le transfert de ${amount} vers ${payee} ne sera pas exécuté. Cette action est définitive.`,
  cancelConfirm: 'Oui, annuler le transfert',
  cancelKeep: 'Non, le garder',
  cancelling: 'Annulation en cours…',
  /** A cancellation the bank answered without its own words. */
  cancelled: 'Le transfert a été annulé.',
  cancelFailed: "Le transfert n'a pu être annulé, veuillez réessayer.",
  /** A cancel answer that says neither: the list, read again, shows the bank's state. */
  cancelUnknown: "Nous n'avons pas pu confirmer l'annulation. La liste indique l'état connu de la banque.",
  /** The code form opened from the list (the transfer screens' texts otherwise). */
  back: 'Retour à mes transferts',
  /** The end of a transfer completed from the list whose confirm could not be read (rulings §9.1, §6.2). */
  resultUnknown: "Nous n'avons pas pu lire la réponse de la banque. La liste de vos transferts indiquera son état dès qu'il sera connu.",
  /** The dashboard's link to the list. */
  dashboardLink: 'Voir mes transferts',
} as const

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
  /** rulings §9.7: a file that could not be downloaded (spec §8 only logs it; docs/decisions.md) */
  downloadFailed: 'Le téléchargement a échoué. Veuillez réessayer.',
  /** While another page of a long statement is asked for. */
  loadingPage: 'Chargement de la page…',
} as const

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

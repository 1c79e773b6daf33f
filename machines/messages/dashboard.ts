/** The dashboard's accounts (balances at a glance) and the icons' names of its tiles. */
export const dashboardAccounts = {
  heading: 'Mes comptes',
  servicesHeading: 'Mes services',
  accountNumber: 'Numéro de compte',
  currency: 'Devise',
  balance: 'Solde',
  loading: 'Chargement des comptes…',
} as const

/** The dashboard: its accounts (balances at a glance), its tiles (one per module) and the currencies. */
export const dashboardAccounts = {
  heading: 'Mes comptes',
  servicesHeading: 'Mes services',
  accountNumber: 'Numéro de compte',
  currency: 'Devise',
  balance: 'Solde',
  loading: 'Chargement des comptes…',
} as const

/** Module codes of spec §3 and the names of their tiles and menu entries. */
export const moduleNames = {
  solde: 'Consultation du solde',
  statement: 'Relevé de compte',
  transfert: 'Transfert vers un autre compte',
  'mobile-money': 'Transfert vers mobile',
  'card-visa': 'Transfert vers carte prépayée',
} as const

export const dashboard = {
  title: 'Tableau de bord',
  noModule: "Aucun service n'est activé pour votre compte.",
} as const

/** Currency codes of spec §9; anything else displays as NA (rulings §1). */
export const currencyNames: Record<string, string> = { '1': 'USD', '2': 'EUR', '3': 'CDF' }

export const unknownCurrency = 'NA'

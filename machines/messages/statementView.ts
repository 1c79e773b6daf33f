/** The statement screen's summary, chart and pages (a statement readable on a phone). */
export const statementView = {
  account: 'Compte',
  summaryLabel: 'Résumé de la période',
  opening: "Solde d'ouverture",
  closing: 'Solde de clôture',
  totalDebits: 'Total des débits',
  totalCredits: 'Total des crédits',
  chartTitle: 'Évolution du solde sur la période',
  chartText: (opening: string, closing: string, lowest: string, highest: string) =>
    `Le solde passe de ${opening} à ${closing} ; au plus bas ${lowest}, au plus haut ${highest}.`,
  pagesLabel: 'Pages du relevé',
  page: (n: number, of: number) => `Page ${n} sur ${of}`,
  lines: (from: number, to: number, of: number) => `Opérations ${from} à ${to} sur ${of}`,
  previous: 'Page précédente',
  next: 'Page suivante',
  print: 'Imprimer',
} as const

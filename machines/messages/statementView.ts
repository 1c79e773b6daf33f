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
  /** Issue 27: the search field over the lines (label, reference, amount). */
  searchLabel: 'Rechercher une opération',
  searchHint: 'Libellé, référence ou montant (150 ou 150,50)',
  searching: 'Recherche en cours…',
  /** The lines a search found over the whole period, and their totals (amounts formatted). */
  found: (count: number, debits: string, credits: string) =>
    `${count === 1 ? '1 opération trouvée' : `${count} opérations trouvées`} — débits ${debits}, crédits ${credits}`,
  noMatch: 'Aucune opération ne correspond à votre recherche.',
  /** The files do not follow the search (docs/decisions.md, "Statement search"). */
  filesWholePeriod: 'Les fichiers PDF et CSV contiennent toutes les opérations de la période.',
} as const

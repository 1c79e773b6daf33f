export const notifications = {
  title: 'VOS NOTIFICATIONS',
  show: 'afficher',
  prev: 'Prev',
  next: 'Next',
  /** spec §2: the content is cut to 20 characters followed by " ..." */
  previewSuffix: ' ...',
  loadError: 'Une erreur lors de la récupération de vos notifications.',
  /** The icon's text for screen readers. */
  unread: 'Non lue',
  read: 'Lue',
  listLabel: 'Liste des notifications',
  paginationLabel: 'Pages des notifications',
  pageLabel: (n: string) => `Page ${n}`,
  retry: 'Réessayer',
  empty: 'Aucune notification',
} as const

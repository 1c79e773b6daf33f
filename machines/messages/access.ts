/** rulings §6.3: what the shell shows for a service not granted, or an /app page that does not exist. */
export const access = {
  notGrantedTitle: 'Service non disponible',
  notGranted: "Ce service n'est pas disponible pour votre compte.",
  notFoundTitle: 'Page introuvable',
  notFound: "La page demandée n'existe pas ou a été déplacée.",
  backToDashboard: 'Retour au tableau de bord',
} as const

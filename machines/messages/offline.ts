/** The page the service worker shows for a page asked for without network (src/flows/offline). */
export const offline = {
  title: 'Vous êtes hors ligne',
  text: 'Vous êtes hors ligne : votre téléphone ou votre ordinateur n’a pas de connexion à Internet pour le moment. Vos comptes ne sont pas affichés sans connexion, pour que les montants soient toujours à jour.',
  retry: 'Réessayer',
} as const

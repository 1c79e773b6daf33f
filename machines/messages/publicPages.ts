/** The public pages around the sign-in: the landing page and the page of an unknown address. */
export const landing = {
  /** spec §1, REQ-PRODUCT-02 — a tagline meaning "Get the best" */
  tagline: 'Obtenez le meilleur',
  intro: 'Votre banque en ligne : soldes, relevés et virements, où que vous soyez.',
  cta: 'Cliquez pour vous connecter',
} as const

export const notFound = {
  title: 'Page introuvable',
  text: "La page demandée n'existe pas ou a été déplacée.",
  home: "Retour à l'accueil",
} as const

/**
 * The customer's accounts, as every screen that lists them speaks of them: the session's (the
 * shell and the dashboard), the balance's, the statement's and the three transfer forms'.
 */
export const accounts = {
  /** spec §8 — accounts not loaded or empty; a click reloads the page */
  notLoaded: "Vos comptes n'ont pu être chargés, cliquez pour réessayer",
} as const

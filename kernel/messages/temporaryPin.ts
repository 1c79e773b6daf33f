/**
 * rulings §9.5 — the temporary PIN, as the server says it: the PIN a reset sends opens one sign-in
 * only, whose session can do nothing but change it. Part of the one catalogue, in the kernel because
 * the server writes them into its answers (the portal reads them through machines/messages.ts when
 * it shows them).
 */
export const temporaryPinApi = {
  /**
   * HTTP 403 code '3' of every customer call but the PIN change (and logout, keep-alive) while the
   * PIN a reset sent is not changed: the portal opens "Choisissez un nouveau code PIN".
   */
  pinChangeRequired: 'Vous devez choisir un nouveau code pin avant de continuer.',
  /** Sign-in (HTTP 401 with a code) with a temporary PIN a sign-in already used. */
  temporaryPinUsed: 'Ce code pin provisoire a déjà servi à une connexion. Utilisez « Code pin oublié » pour en recevoir un nouveau.',
} as const

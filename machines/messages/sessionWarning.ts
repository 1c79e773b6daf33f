export const session = {
  /** spec §8 — session expired toast (3 s) */
  expiredTitle: 'Deconnexion',
  expiredText: 'Votre session a expiré. Veuillez vous reconnecter',
  logoutTitle: 'Déconnexion',
  logoutQuestion: 'Quitter la session ?',
  logoutCancel: 'Fermer',
  logoutConfirm: 'Se déconnecter',
  logoutButton: 'Déconnexion',
  closeToast: 'Fermer la notification',
  /** Said before each toast's text by screen readers. */
  toastAnnounced: 'Notification',
  /** The toasts' region; Radix puts the key that reaches it (F8) in place of {hotkey}. */
  toastsRegion: 'Notifications ({hotkey})',
} as const

/** rulings §6.4: the dialog shown 60 seconds before the idle limit ends the session. */
export const sessionWarning = {
  title: 'Votre session va expirer',
  countdown: (seconds: number) => `Vous serez déconnecté dans ${seconds} secondes.`,
  stay: 'Rester connecté',
  leave: 'Se déconnecter',
  /** The keep-alive got no usable answer: the countdown goes on, the customer may try again. */
  stayFailed: "La session n'a pas pu être prolongée. Veuillez réessayer.",
} as const
